"""kill -9 in the middle of a turn loses nothing: tmux runs `dune-tui new --seed 7 --seat human --seat heuristic`,
the player makes a few decisions of their turn (shown on the screen, not yet in an autosave: that is written at the
turn's end), the process is killed with SIGKILL, and `dune-tui load` resumes with every one of them, saying that it
recovered them from the journal."""

from __future__ import annotations

import os
import re
import signal
import time

import pytest
from e2e_terminal import PYTHON, Tmux, end_left, game_command, have, left_running

from dune_tui import saves
from dune_tui.saves import journal
from dune_tui.ui.widgets.decision import DecisionPanel

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path, width=160, height=48)
    yield t
    t.kill()
    end_left(str(tmp_path))  # (what a failed test left running)


def press(tmux: Tmux, key: str) -> str:
    """Press a key on the decision panel once it takes keys; the screen once it has changed."""
    time.sleep(3 * DecisionPanel.GUARD)
    before = tmux.screen()
    tmux.keys(key)
    end = time.monotonic() + 10
    while time.monotonic() < end and tmux.screen() == before:
        time.sleep(0.02)
    return tmux.screen()


def log_text(screen: str) -> str:
    """The log's column of the screen, its lines joined (a wrapped line is whole again)."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "Log─" in line)
    left = lines[top].index("Log─") - 1  # the log's title starts its column
    return " ".join(" ".join(line[left:].rstrip(" ▁▂▃▄▅▆▇█").split()) for line in lines[top + 1:])


def test_kill_9_mid_turn_loses_no_decision_and_the_resume_says_it_recovered_them(tmux, tmp_path):
    folder = tmp_path / "saves"
    tmux.start(game_command(PYTHON, str(folder)), env={"TERM": "xterm-256color"})
    tmux.wait_for("Keep at least one die")  # seed 7: the human rolls first
    press(tmux, "a")  # keep all: the roll is done
    for _ in range(3):  # the next decisions of the turn: the highlighted option
        screen = tmux.wait_for("Your decision")
        press(tmux, "Enter")
    autosave = next(folder.glob("autosave-*.dune.json"))
    saved = len(saves.read_save(autosave).log)
    made = 1 + max(e.at for e in journal.decode(saves.journal_path(autosave).read_bytes()).entries)
    assert made > saved, "decisions shown but not in the autosave: what a kill would have lost"
    os.kill(tmux.pid(), signal.SIGKILL)
    end = time.monotonic() + 10
    while tmux.pane("#{pane_dead}") != "1" and time.monotonic() < end:
        time.sleep(0.05)
    tmux.respawn([PYTHON, "-m", "dune_tui", "load", "--save-dir", str(folder)], env={"TERM": "xterm-256color"})
    screen = tmux.wait_for("Recovered")
    text = log_text(screen)
    assert f"Recovered {made - saved} decision" in text, screen
    resumed = re.search(r"Game resumed: round \d+, (\d+) decisions", text)
    assert resumed and int(resumed[1]) == made, screen
    assert "Traceback" not in screen
    tmux.kill()  # its terminal goes: the resumed game ends
    assert not left_running(str(folder)), "the game's process outlived its terminal"
