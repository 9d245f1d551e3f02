"""The table server the way a service runs it: `dune-tui serve` as a process of its own; in a real terminal (tmux)
`dune-tui host` opens its table there and plays a few decisions; the server is killed with -9 mid-turn and started
again; the player leaves the lost connection, `dune-tui join` sits them down again, and the board is the same, the
decision they were asked the same, every decision made still made."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import pytest
from e2e_terminal import PYTHON, Tmux, end_left, have, left_running

from dune_tui.net.identity import my_login
from tests.server.test_serve_command import Served

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]
BOARD = 12  # the screen's first lines: the round, the map and the seats' standing


@pytest.fixture
def folder():
    where = Path(tempfile.mkdtemp(prefix="dt-"))  # short: a Unix socket's path is at most 107 bytes
    yield where
    shutil.rmtree(where, ignore_errors=True)


@pytest.fixture
def tmux(folder):
    t = Tmux(folder, width=100, height=32)
    yield t
    t.kill()


def press(tmux: Tmux, key: str) -> str:
    """A key, then the screen once it has changed."""
    time.sleep(0.4)
    before = tmux.screen()
    tmux.keys(key)
    end = time.monotonic() + 10
    while time.monotonic() < end and tmux.screen() == before:
        time.sleep(0.02)
    time.sleep(0.3)
    return tmux.screen()


def decision(screen: str) -> list[str]:
    """The decision panel's lines: its question and options (left of the log)."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "Your decision" in line and "Log" in line)
    column = lines[top].index("Log")
    return [line[:column].rstrip() for line in lines[top + 1:top + 5]]


def notice(tmux: Tmux, text: str, timeout: float = 20.0) -> str:
    """The notification's text (right of its ▌ bar, its lines joined) once it says `text`."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        said = " ".join(" ".join(line.partition("▌")[2].split()) for line in tmux.screen().splitlines()
                        if "▌" in line).strip()
        if text in said:
            return said
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not in a notice:\n{tmux.screen()}")


def settled(tmux: Tmux) -> str:
    """The screen once it has not changed for a second."""
    screen, end = tmux.screen(), time.monotonic() + 10
    while time.monotonic() < end:
        time.sleep(1.0)
        if (again := tmux.screen()) == screen:
            return screen
        screen = again
    return screen


def test_kill_9_of_the_server_mid_turn_and_the_player_sits_down_at_the_same_board(folder, tmux):
    server = Served(folder / "server").start()
    try:
        env = {"TERM": "xterm-256color", "DUNE_TUI_SERVER": str(server.where), "DUNE_TUI_LOBBY": str(folder / "no"),
               "DUNE_TUI_SAVE_DIR": str(folder / "saves")}
        tmux.start([PYTHON, "-m", "dune_tui", "host", "--seed", "7", "--seat", "human", "--seat", "heuristic",
                    "--pause", "0"], env=env)
        tmux.wait_for("Keep at least one die")  # seed 7: the host's seat rolls first
        press(tmux, "a")  # keep all: the roll is done
        for _ in range(3):  # the next decisions of the turn: the highlighted option
            tmux.wait_for("Your decision")
            press(tmux, "Enter")
        tmux.wait_for("Your decision")
        before = settled(tmux)
        asked = decision(before)
        server.kill()
        lost = notice(tmux, "the table server keeps the game")  # not "the host resumes it with host --load"
        assert "the connection to the table was lost" in lost and "host --load" not in lost
        server.start()
        assert "reopened" in server.log.read_text()
        tmux.keys("q")
        tmux.respawn([PYTHON, "-m", "dune_tui", "join", my_login()], env=env)
        tmux.wait_for("Game resumed")
        after = settled(tmux)
        assert after.splitlines()[:BOARD] == before.splitlines()[:BOARD], f"{before}\n{after}"
        assert asked and asked == decision(after)
        assert "Traceback" not in after
        assert server.stop() == 0
        tmux.kill()  # the player's terminal goes too
        assert not left_running(str(folder)), "the player's process outlived its terminal and its server"
    finally:
        server.kill()
        end_left(str(folder))
