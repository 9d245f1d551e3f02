"""The game in a real terminal: tmux starts `dune-tui new --seed 7 --seat human --seat heuristic`,
a player's key presses take it to the end, and the game-over screen is checked."""

from __future__ import annotations

import pytest
from e2e_terminal import PYTHON, Tmux, game_command, have, play_by_keys

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.kill()


def test_a_whole_game_by_key_presses_in_tmux(tmux, tmp_path):
    tmux.start(game_command(PYTHON, str(tmp_path / "saves")), env={"TERM": "xterm-256color"},
                report_exit=True)
    first = tmux.wait_for("Your decision")
    assert "Round 1 of 6" in first or "Setting up" in first
    assert "Arrakis" in first and "Polar Sink" in first
    screen, pressed = play_by_keys(tmux)
    assert pressed >= 20  # a real game was played by keys
    assert "Winner" in screen or "Nobody wins" in screen
    screen = tmux.wait_for("n New game")  # the footer may draw a moment after the body
    assert "Statistics" in screen and "Arrakis" in screen
    tmux.keys("q")
    assert tmux.exit_status() == 0
    assert "Traceback" not in tmux.screen()
    assert list((tmp_path / "saves").glob("autosave-*.dune.json"))
