"""A terminal that goes away ends the game's process with its game saved, even when no SIGHUP comes.

A process whose pseudo-terminal is not its controlling terminal (started by a program that did not make it so, or a
front door's child whose server died with -9) gets no SIGHUP when the other end closes: its terminal only reads
as ended. Textual's input thread then reads nothing, for ever, and the process stayed at the menu or in its game,
spinning (two such processes were found at 15% CPU each, orphans of a killed server). The app notices the hang-up
itself and ends as SIGHUP would end it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from dune_tui.saves import list_saves
from dune_tui.ui import hangup

pytestmark = pytest.mark.slow


ESCAPE = re.compile(rb"\x1b\[[0-9;?<>=$]*[A-Za-z~]|\x1b.")


def drain(master: int, seconds: float, until: bytes = b"") -> bytes:
    """What the terminal showed, its escape sequences taken out, once `until` is in it (or `seconds` passed)."""
    seen, end = b"", time.monotonic() + seconds
    while time.monotonic() < end and not (until and until in ESCAPE.sub(b"", seen)):
        if select.select([master], [], [], 0.1)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    return ESCAPE.sub(b"", seen)


def test_a_game_whose_terminal_closes_is_saved_and_its_process_ends(tmp_path: Path) -> None:
    master, slave = os.openpty()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "HOME": str(tmp_path),
           "LANG": "C.UTF-8", "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    process = subprocess.Popen(
        [sys.executable, "-m", "dune_tui", "new", "--players", "2", "--seed", "5", "--pause", "0",
         "--save-dir", str(tmp_path / "saves")],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)  # the pty is not its ctty
    os.close(slave)
    try:
        assert b"Reroll" in drain(master, 30, until=b"Reroll"), "the game's first decision is drawn"
        os.close(master)  # the terminal goes: no SIGHUP reaches a process the pty does not control
        process.wait(timeout=15)  # it ends (its status is 129, or 120 when Python's last flush meets the closed pty)
        assert list_saves(tmp_path / "saves"), "the game was saved"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


class Game:
    """`dune-tui new` on a pseudo-terminal that is its controlling terminal (its hang-up sends SIGHUP), as in tmux
    or over ssh."""

    def __init__(self, tmp_path: Path) -> None:
        self.master, slave = os.openpty()
        self.size(100, 32)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "HOME": str(tmp_path),
               "LANG": "C.UTF-8", "XDG_DATA_HOME": str(tmp_path / "data"),
               "XDG_CONFIG_HOME": str(tmp_path / "config")}
        self.saves = tmp_path / "saves"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dune_tui", "new", "--players", "2", "--seed", "5", "--pause", "0",
             "--save-dir", str(self.saves)],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)

    def size(self, columns: int, rows: int) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def output_blocked(self) -> None:
        """The terminal reads no more while the screen keeps changing (resized, redrawn), until the game's main
        thread waits, 0.3 s in a row, for its writes to go out (a futex, not its loop's epoll)."""
        wchan = Path(f"/proc/{self.process.pid}/wchan")
        waiting, end, turn = 0, time.monotonic() + 30, 0
        while waiting < 15:
            assert time.monotonic() < end, f"the game's output did not block: {wchan.read_text()!r}"
            turn += 1
            self.size(100 + turn % 2 * 20, 32 + turn % 2 * 8)
            time.sleep(0.02)
            waiting = waiting + 1 if "futex" in wchan.read_text() else 0

    def ends(self, seconds: float) -> bool:
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return False
        return True

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.master)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.mark.parametrize("how", ["the terminal closes", "SIGTERM"])
def test_a_game_whose_output_is_blocked_still_ends_when_its_terminal_goes_or_on_sigterm(tmp_path: Path, how) -> None:
    """The loop blocked in a write (Textual's writing thread dies on a hung-up terminal, and its queue stays full):
    neither a handler on that loop nor its hang-up watcher could run, and the process lived on, deaf to SIGTERM
    (a `dune-tui host` after CI runs). It ends within seconds, its game saved as it went."""
    game = Game(tmp_path)
    try:
        assert b"Reroll" in drain(game.master, 30, until=b"Reroll"), "the game's first decision is drawn"
        game.output_blocked()
        if how == "SIGTERM":
            game.process.send_signal(signal.SIGTERM)
        else:
            os.close(game.master)
        assert game.ends(10), f"the game's process was still running 10 s after {how}"
        assert list_saves(game.saves), "the game was saved"
    finally:
        game.kill()


def test_the_sigcont_of_a_hang_up_ends_the_app_and_starts_no_terminal_mode_again() -> None:
    """A hang-up sends SIGCONT too, on which Textual's driver entered its terminal mode again (as back from
    Ctrl-Z): on the hung-up terminal, a second writing thread that died at its first write, the exit's last writes
    queued behind it. Measured with tmux: 7 of 14 hosts whose pane was respawned 0.8-0.9 s after their start then
    ended only by the watchdog, 3 s on (0 of 28 since)."""
    master, slave = os.openpty()
    watch = hangup.Watch(app=None, fd=slave, loop=None)
    resumed, ended = [], []
    watch.resume = lambda sig, frame: resumed.append(sig)
    watch.gone = lambda: ended.append(True)
    try:
        watch.cont(signal.SIGCONT, None)  # back from Ctrl-Z: the terminal is there
        assert resumed == [signal.SIGCONT] and not ended
        os.close(master)
        watch.cont(signal.SIGCONT, None)  # with the hang-up
        assert resumed == [signal.SIGCONT] and ended == [True]
    finally:
        os.close(slave)
