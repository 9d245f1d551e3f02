"""A terminal that goes away ends the game's process with its game saved, even when no SIGHUP comes.

A process whose pseudo-terminal is not its controlling terminal (started by a program that did not make it so, or a
front door's child whose server died with -9) gets no SIGHUP when the other end closes: its terminal only reads
as ended. Textual's input thread then reads nothing, for ever, and the process stayed at the menu or in its game,
spinning (two such processes were found at 15% CPU each, orphans of a killed server). The app notices the hang-up
itself and ends as SIGHUP would end it."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dune_tui.saves import list_saves

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
