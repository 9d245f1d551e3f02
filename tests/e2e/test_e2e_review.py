"""`dune-tui review` in a real terminal (tmux, 80x24): the README's sample save, stepped by keys; the analysis runs
in the background, is kept beside the save, and a second review shows its marks at once; `q` leaves, status 0."""

from __future__ import annotations

import re
import shutil

import pytest
from e2e_terminal import PYTHON, ROOT, Tmux, have

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]

SAMPLE = ROOT / "saves" / "v2" / "one-turn-from-victory.dune.json"
ANALYSED = re.compile(r"Review · (\d+ marked \(n\)|none marked)")


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.kill()


def wait_for_match(tmux: Tmux, pattern: re.Pattern, timeout: float) -> str:
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = tmux.screen()
        if pattern.search(screen):
            return screen
        time.sleep(0.05)
    raise AssertionError(f"{pattern.pattern!r} not on the screen within {timeout} s:\n{tmux.screen()}")


def test_review_by_keys_in_tmux_and_the_kept_analysis(tmux, tmp_path):
    save = tmp_path / SAMPLE.name
    shutil.copy(SAMPLE, save)
    argv = [PYTHON, "-m", "dune_tui", "review", str(save)]
    tmux.start(argv, env={"TERM": "xterm-256color"}, report_exit=True)
    first = tmux.wait_for("Decision 1 of 137")
    assert "seat 1's view" in first and "Arrakis" in first and "Log" in first
    tmux.keys("Right")
    tmux.wait_for("Decision 2 of 137")
    tmux.keys("End")
    tmux.wait_for("The end (137 decisions)")
    wait_for_match(tmux, ANALYSED, timeout=300)
    tmux.keys("e")  # the game is not over: no other seat's eyes
    tmux.wait_for("seat 1's view only")
    tmux.keys("q")
    assert tmux.exit_status() == 0
    assert (tmp_path / f"{SAMPLE.name}.review.json").exists()

    tmux.start(argv, env={"TERM": "xterm-256color"}, report_exit=True, name="again")
    screen = tmux.wait_for("Decision 1 of 137", name="again")
    assert "Traceback" not in screen and ANALYSED.search(screen)  # the kept analysis, at once
    tmux.keys("q", name="again")
    assert tmux.exit_status(name="again") == 0
