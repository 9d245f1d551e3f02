"""Nothing is lost: SIGHUP/SIGTERM autosave, and a kill in the middle of a save leaves the last good one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dune_tui.saves import latest_autosave, list_saves, load

CHILD = r'''
import os, signal, sys, time
from dune_tui.ai import make_agent
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.saves import autosave, try_autosave
from dune_tui.saves import files
from dune_tui.session import SeatConfig, Session

mode, folder = sys.argv[1], sys.argv[2]

def new_session(seed):
    return Session(Options(players=4, seed=seed), [SeatConfig(kind="human")] + [SeatConfig()] * 3, bots_secret=seed)

def step(session, n, bots=[make_agent("random", seed=s) for s in range(4)]):
    c = session.controller
    for _ in range(n):
        if c.over:
            return
        r = c.pending()[0]
        c.submit(Decision(r.id, r.seat, bots[r.seat].decide(r)))

session = new_session(1)
step(session, 30)

if mode == "signal":
    # Like the UI's loop.add_signal_handler: the signal is noted, and the save runs
    # between two decisions, never in the middle of one.
    caught = []
    signal.signal(signal.SIGHUP, lambda signum, frame: caught.append(signum))
    signal.signal(signal.SIGTERM, lambda signum, frame: caught.append(signum))
    print("ready", flush=True)
    while not caught:  # a game going on (bots thinking, the player typing)
        step(session, 1)
        time.sleep(0.001)
    path, _ = try_autosave(session, folder)
    print(f"saved {len(session.log)} {path}", flush=True)
    sys.exit(128 + caught[0])

elif mode in ("hang-fsync", "hang-rename"):
    first = autosave(session, folder)
    print(f"saved {first}", flush=True)
    step(session, 40)
    def hang(*args):
        print("hanging", flush=True)
        time.sleep(120)
    if mode == "hang-fsync":  # the new data is written, not yet fsynced nor renamed
        files.os.fsync = hang
    else:  # the backup is made; the new file is about to replace the old
        real = os.replace
        files.os.replace = lambda src, dst: hang() if str(dst) == str(first) else real(src, dst)
    autosave(session, folder)

elif mode == "loop":  # save as fast as possible until killed
    print("ready", flush=True)
    seed = 1
    while True:
        step(session, 3)
        autosave(session, folder)
        if session.state.over:
            seed += 1
            session = new_session(seed)
'''


def start(tmp_path: Path, mode: str) -> subprocess.Popen:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    return subprocess.Popen([sys.executable, str(script), mode, str(tmp_path / "saves")], stdout=subprocess.PIPE,
                            text=True, cwd=Path(__file__).resolve().parents[2])


def expect(proc: subprocess.Popen, word: str) -> str:
    line = proc.stdout.readline()
    assert line.startswith(word), f"child said {line!r}"
    return line


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_hangup_or_terminate_autosaves(tmp_path, signum):
    """The SSH connection drops (SIGHUP) or the server stops (SIGTERM): the game is autosaved."""
    proc = start(tmp_path, "signal")
    try:
        expect(proc, "ready")
        time.sleep(0.05)
        proc.send_signal(signum)
        said = expect(proc, "saved")
        assert proc.wait(timeout=30) == 128 + signum
    finally:
        proc.kill()
        proc.wait()
    decisions, path = said.split()[1], said.split()[2]
    assert Path(path) == latest_autosave(tmp_path / "saves")
    session = load(path)
    assert len(session.log) == int(decisions) >= 30


@pytest.mark.parametrize("mode", ["hang-fsync", "hang-rename"])
def test_killed_in_the_middle_of_saving_keeps_the_previous_save(tmp_path, mode):
    proc = start(tmp_path, mode)
    try:
        first = Path(expect(proc, "saved").split()[1])
        good = first.read_bytes()
        expect(proc, "hanging")
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert first.read_bytes() == good
    assert len(load(first).log) == 30
    assert [i.path for i in list_saves(first.parent)] == [first]  # the leftover temporary file is not a save
    leftovers = [p for p in first.parent.iterdir() if p.name.endswith(".tmp")]
    assert mode != "hang-fsync" or leftovers


@pytest.mark.slow
def test_killed_at_random_moments_never_loses_the_game(tmp_path):
    """SIGKILL a process that saves in a loop, at random times: the autosave and its backup always load."""
    rnd = random.Random(5)
    for _ in range(5):
        proc = start(tmp_path, "loop")
        try:
            expect(proc, "ready")
            deadline = time.monotonic() + 5
            while latest_autosave(tmp_path / "saves") is None and time.monotonic() < deadline:
                time.sleep(0.005)
            time.sleep(rnd.uniform(0, 0.15))
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        finally:
            proc.kill()
            proc.wait()
        for path in (tmp_path / "saves").glob("*.dune.json*"):
            if not path.name.endswith(".tmp"):
                load(path)  # verifies the log against the snapshot


def test_a_killed_writers_temporary_file_goes_at_the_next_save_of_any_game(tmp_path, play_game):
    """Each kill in the middle of a save left a `.tmp` that only a later save of the same file, an hour on,
    removed: a new game never saves that file, so they piled up.  Now any save removes those of a writer
    that is gone, and never one a living writer is busy with."""
    from dune_tui.games.dune import Options
    from dune_tui.saves import autosave

    proc = start(tmp_path, "hang-fsync")
    try:
        expect(proc, "saved")
        expect(proc, "hanging")
        folder = tmp_path / "saves"
        (leftover,) = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        past = time.time() - 60
        os.utime(leftover, (past, past))  # a minute old, and its writer still busy (hanging in fsync)
        other = play_game(Options(players=2, seed=3), 5)
        autosave(other, folder)
        assert leftover.exists()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    autosave(play_game(Options(players=3, seed=4), 5), folder)  # another game: a new file name
    assert not leftover.exists()
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
