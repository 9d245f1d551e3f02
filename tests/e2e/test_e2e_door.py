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


def knock(door: Door, tmux: Tmux, who: str, name: str | None = None) -> str:
    """`ssh -tt` with `who`'s key in pane `who` (its name typed if asked); the main menu."""
    if name is None:
        tmux.start(door.ssh(door.key(who), "-tt"), name=who)
    else:
        tmux.respawn(door.ssh(door.key(who), "-tt"), name=who)
    if name is None:
        tmux.wait_for("is new here", name=who, timeout=20)
        tmux.keys(who, "Enter", name=who)
    return tmux.wait_for("Tables on this server", name=who, timeout=30)


def drop(tmux: Tmux, who: str) -> None:
    """The connection of pane `who` drops: its ssh client killed."""
    os.kill(int(tmux.pane("#{pane_pid}", name=who)), 9)


def test_two_keys_at_one_table_play_a_round_and_a_dropped_player_comes_back_to_the_same_seat(door, tmux):
    from e2e_players import Player, play

    knock(door, tmux, "alice")
    knock(door, tmux, "bob")
    tmux.keys("h", name="alice")
    tmux.wait_for("Host a table on this server", name="alice")
    for key in ("Left", "Left", "Down", "Down", "Left"):  # 2 players, seat 2 a human's
        tmux.keys(key, name="alice")
        time.sleep(0.2)
    tmux.wait_for("Seat 2                ◀ human ▶", name="alice")
    tmux.keys("Enter", name="alice")
    door.wait_log("seat 1 joined from key:alice", timeout=30)  # (who decides first is the deal's)
    table = re.search(r"key:alice opened (key:alice-\S+)", door.log()).group(1)

    tmux.keys("t", name="bob")
    tmux.wait_for(f"key:alice's table {table}", name="bob")
    tmux.keys("Enter", name="bob")
    door.wait_log("seat 2 joined from key:bob")
    alice, bob = Player(tmux, "alice"), Player(tmux, "bob")
    play([alice, bob], lambda: "met", stop=lambda: bob.keys >= 2, limit=60)

    drop(tmux, "bob")
    door.wait_log("key:bob's game ended", timeout=15)
    assert door.log().count("seat 2 joined from key:bob") == 1
    knock(door, tmux, "bob", name="bob")  # known by the key: no name asked
    tmux.keys("t", name="bob")
    tmux.wait_for(f"key:alice's table {table}", name="bob")
    tmux.keys("Enter", name="bob")
    end = time.monotonic() + 20
    while door.log().count("seat 2 joined from key:bob") < 2 and time.monotonic() < end:
        time.sleep(0.05)
    assert door.log().count("seat 2 joined from key:bob") == 2, door.log()
    bob = Player(tmux, "bob")
    play([alice, bob], lambda: "met", stop=lambda: all("Round 2 of" in p.screen for p in (alice, bob)), limit=120)
    assert "is new here" not in tmux.screen("bob")
