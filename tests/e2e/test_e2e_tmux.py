"""The game in a real terminal: tmux starts `dune-tui new --seed 7 --seat human --seat heuristic`,
a player's key presses take it to the end, and the game-over screen is checked; on the way, the decision
panel forecasts the storm as the dice are marked.  A save directory that cannot be written (for root
too: its path runs through a file) is refused on quitting, the game stays open, and another directory
saves it."""

from __future__ import annotations

import time

import pytest
from e2e_terminal import PYTHON, Tmux, game_command, have, play_by_keys

from dune_tui import saves
from dune_tui.ui.widgets.decision import DecisionPanel

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
    end = time.monotonic() + 20  # the first frame is written in parts: its top rows may come a moment after the panel
    while not ("Round 1 of 6" in first or "Setting up" in first) and time.monotonic() < end:
        time.sleep(0.05)
        first = tmux.screen()
    assert "Round 1 of 6" in first or "Setting up" in first, first
    assert "Arrakis" in first or "Polar Sink" in first
    if "Keep at least one die" in first:  # seed 7: the human rolls first
        assert "Spice and storm: keep the spice die to see." in first
        time.sleep(3 * DecisionPanel.GUARD)  # a new question takes keys only after its guard
        tmux.keys("6")  # mark the spice die: the spice, and whether the storm moves
        marked = tmux.wait_for("Storm:")
        assert "Spice: " in marked or "Spice: none" in marked
        tmux.keys("5")  # and the region die: where the storm ends, and what it hits
        forecast = tmux.wait_for("Storm → zone")
        assert "(r or Enter)" in forecast
    screen, pressed = play_by_keys(tmux)
    assert pressed >= 20  # a real game was played by keys
    assert "Winner" in screen or "Nobody wins" in screen
    screen = tmux.wait_for("n New game")  # the footer may draw a moment after the body
    assert "Statistics" in screen and "r Replay" in screen
    tmux.keys("q")
    assert tmux.exit_status() == 0
    assert "Traceback" not in tmux.screen()
    assert list((tmp_path / "saves").glob("autosave-*.dune.json"))


def test_a_refused_save_keeps_the_game_open_and_another_directory_saves_it(tmux, tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the save directory's parent should be")
    elsewhere = tmp_path / "elsewhere"
    tmux.start(game_command(PYTHON, str(blocker / "saves")), env={"TERM": "xterm-256color"}, report_exit=True)
    tmux.wait_for("Your decision")
    tmux.keys("q")
    tmux.wait_for("Leave this game?")
    tmux.keys("y")
    refused = tmux.wait_for("could NOT be saved")
    assert "The game is saved" not in refused
    assert "The game stays open." in refused and "another directory" in refused
    tmux.keys("Escape")  # keep playing: the game is still there
    tmux.wait_for("Your decision", timeout=10)
    assert "could NOT be saved" not in tmux.screen()
    tmux.keys("q")
    tmux.wait_for("Leave this game?")
    tmux.keys("y")
    tmux.wait_for("could NOT be saved")
    tmux.keys("-l", str(elsewhere))
    tmux.keys("Enter")
    assert tmux.exit_status() == 0
    assert "Traceback" not in tmux.screen()
    (path,) = elsewhere.glob("autosave-*.dune.json")
    assert not saves.load(path).state.over and not blocker.with_name("saves").exists()


def test_a_key_sent_the_moment_the_board_is_drawn_is_not_lost(tmux, tmp_path):
    """Issue 33: `new --seed 7 --seat human --seat heuristic`: a key sent as soon as the board is drawn did nothing
    (before the first question came, or within its key guard); half a second later it worked."""
    tmux.start(game_command(PYTHON, str(tmp_path / "saves")), env={"TERM": "xterm-256color"})
    tmux.wait_for("Polar Sink", timeout=30)
    tmux.keys("6")  # mark the spice die of the human's first roll
    marked = tmux.wait_for("●keep", timeout=10)
    assert "Keep at least one die" in marked and "Traceback" not in marked
