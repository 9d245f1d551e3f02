"""Issue 45: the guided first game played to its end by key presses in a real terminal at 80×24.

tmux starts `dune-tui learn` (`--rules express` for the second game); the player presses Enter on each step of the
lesson and, on the game's questions, the keys of e2e_players.key_for (the rule lesson_search.py found the lesson's
deal with): every step of the lesson is told, in order, once, and the game reaches its game-over screen."""

from __future__ import annotations

import re
import time

import pytest
from e2e_players import Player, key_for
from e2e_terminal import PYTHON, Tmux, have

from dune_tui.ui.screens.lesson import read_plan

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]
GO_ON = "Enter: go on"
NOTE_SETTLE = 0.08  # seconds a step's dialog stays unchanged before Enter (drawn whole)
STEP = re.compile(r"█ +(\d+)/(\d+) [A-Z]")  # a step's number in the dialog (the cards say 1/3 too)


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.kill()


def play_lesson(tmux: Tmux, tmp_path, *rules: str, limit: float = 150.0) -> tuple[str, set[int]]:
    """Play `dune-tui learn` to its game-over screen; the last screen and the numbers of the steps seen."""
    tmux.start([PYTHON, "-m", "dune_tui", "learn", *rules, "--pause", "0", "--bots", "thread",
                "--save-dir", str(tmp_path / "saves")], env={"TERM": "xterm-256color"}, report_exit=True)
    player = Player(tmux, "game")
    seen: set[int] = set()
    end = time.monotonic() + limit
    while not player.over or GO_ON in player.screen:  # (the last steps' dialogs may come over the game over)
        assert time.monotonic() < end, f"the lesson did not end within {limit} s:\n{player.screen}"
        screen = player.look()
        if GO_ON in screen:
            for number, total in STEP.findall(screen):
                seen.add(int(number))
                assert int(total) == read_plan(rules[-1] if rules else "dune").numbered
            settled = time.monotonic() - player.changed >= NOTE_SETTLE  # a dialog has no key guard
            if settled and (screen != player.pressed_on or time.monotonic() - player.pressed_at > 4):
                player.press("Enter")
        elif player.settled and key_for(screen) is not None:
            player.step()
        time.sleep(0.02)
    return player.screen, seen


def test_the_first_game_s_lesson_is_played_to_its_end_by_keys(tmux, tmp_path):
    started = time.monotonic()
    screen, seen = play_lesson(tmux, tmp_path)
    steps = read_plan("dune").numbered
    assert seen == set(range(1, steps + 1)), f"steps never shown: {set(range(1, steps + 1)) - seen}"
    assert "Game over" in screen and ("Winner" in screen or "wins" in screen)
    tmux.wait_for("n New game")
    tmux.keys("q")
    assert tmux.exit_status() == 0
    assert "Traceback" not in tmux.screen()
    print(f"the lesson took {time.monotonic() - started:.1f} s")


def test_dune_express_s_lesson_is_played_to_its_end_by_keys(tmux, tmp_path):
    started = time.monotonic()
    screen, seen = play_lesson(tmux, tmp_path, "--rules", "express")
    steps = read_plan("express").numbered
    assert seen == set(range(1, steps + 1)), f"steps never shown: {set(range(1, steps + 1)) - seen}"
    assert "Game over" in screen
    tmux.wait_for("n New game")
    tmux.keys("q")
    assert tmux.exit_status() == 0
    assert "Traceback" not in tmux.screen()
    print(f"the lesson took {time.monotonic() - started:.1f} s")
