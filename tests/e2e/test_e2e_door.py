"""The SSH front door (issue 44) with the real OpenSSH client in tmux, no Unix account: `dune-tui serve --ssh PORT`
as a process of its own; a new key is asked for its name (an escape sequence typed there goes nowhere), then the
main menu is there; a solo game against bots starts; the window's size follows the terminal's; the connection
dropped (the ssh client killed) ends the game's process."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from e2e_terminal import Tmux, have

from tests.server.test_serve_command import Served

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux", "ssh", "ssh-keygen"),
                                                  reason="tmux or OpenSSH's client is not installed")]
pytest.importorskip("asyncssh")


@pytest.fixture
def folder():
    where = Path(tempfile.mkdtemp(prefix="dt-"))  # short: a Unix socket's path is at most 107 bytes
    yield where
    shutil.rmtree(where, ignore_errors=True)


@pytest.fixture
def tmux(folder):
    t = Tmux(folder, width=100, height=30)
    yield t
    t.kill()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Door:
    """`dune-tui serve --ssh PORT` on 127.0.0.1, and keys to knock with."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.served = Served(folder / "server")
        self.served.start("--bots", "thread", "--ssh", str(self.port), "--ssh-bind", "127.0.0.1")
        self.wait_log("SSH door on port")

    def log(self) -> str:
        return self.served.log.read_text()

    def wait_log(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in (log := self.log()):
                return log
            time.sleep(0.05)
        raise AssertionError(f"{text!r} not in the server's log within {timeout} s:\n{self.log()}")

    def key(self, name: str) -> Path:
        path = self.folder / f"key-{name}"
        if not path.exists():
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True, timeout=20)
        return path

    def ssh(self, key: Path, *more: str) -> list[str]:
        return ["ssh", "-p", str(self.port), "-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                "-o", "StrictHostKeyChecking=no", "-o", f"UserKnownHostsFile={self.folder / 'known_hosts'}",
                "-o", "LogLevel=ERROR", *more, "127.0.0.1"]

    def close(self) -> None:
        self.served.stop()


@pytest.fixture
def door(folder):
    d = Door(folder)
    yield d
    d.close()


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def test_a_new_key_names_itself_plays_solo_follows_the_window_and_its_game_ends_with_the_connection(door, tmux):
    tmux.start(door.ssh(door.key("alice"), "-tt"), report_exit=True)
    tmux.wait_for("is new here", timeout=20)
    tmux.keys("al", "Escape", "[31m", "Escape", "]0;owned", "C-g", "ice", "Enter")  # (ESC ] … BEL: its `]` only)
    menu = tmux.wait_for("New game", timeout=30)
    log = door.wait_log("plays (pid")
    assert "SSH: SHA256:" in log and " is key:al0ownedice" in log, log
    pid = int(re.search(r"key:al0ownedice plays \(pid (\d+)", log).group(1))
    column = next(line.index("New game") for line in menu.splitlines() if "New game" in line)

    tmux.run("resize-window", "-t", "game", "-x", "140", "-y", "40")
    end = time.monotonic() + 15
    while time.monotonic() < end:
        moved = [line.index("New game") for line in tmux.screen().splitlines() if "New game" in line]
        if moved and moved[0] != column:
            break
        time.sleep(0.05)
    assert moved and moved[0] == column + 20, (column, moved, tmux.screen())  # centred in 40 more columns

    tmux.keys("n")
    tmux.wait_for("Enter starts", timeout=15)
    tmux.keys("Enter")
    tmux.wait_for("Your decision", timeout=30)

    ssh = int(tmux.pane("#{pane_pid}"))
    client = subprocess.run(["pgrep", "-P", str(ssh), "-x", "ssh"], capture_output=True, text=True).stdout.split()
    os.kill(int(client[0]), 9)  # the connection drops
    end = time.monotonic() + 15
    while alive(pid) and time.monotonic() < end:
        time.sleep(0.05)
    assert not alive(pid), "the game's process outlived its connection"
    assert re.search(r"key:al0ownedice's game ended \((129|-9)\)", door.wait_log("game ended")), door.log()
    saves = list((door.served.where / "players" / "al0ownedice" / "data").rglob("*"))
    assert any("autosave" in p.name for p in saves), saves
