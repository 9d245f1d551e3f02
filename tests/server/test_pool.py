"""The bot pool's workers end with the server, even one still starting when the server was killed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
WORKER = """import sys, time
from dune_tui.server import pool
pool._worker(sys.argv[1], int(sys.argv[2]))
time.sleep(30)
"""


def test_a_worker_whose_server_is_gone_when_it_starts_ends_at_once():
    """A `kill -9` of the server while a worker was still starting (seen on a loaded machine: the worker lived on,
    its parent init): the worker, told the server's pid, finds its parent is not the server and ends."""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    started = time.monotonic()
    ended = subprocess.run([sys.executable, "-c", WORKER, ROOT, gone.stdout.strip()], timeout=20)
    assert ended.returncode == 0 and time.monotonic() - started < 15
    alive = subprocess.Popen([sys.executable, "-c", WORKER, ROOT, str(os.getpid())])  # the control: its server lives
    try:
        time.sleep(2)
        assert alive.poll() is None, "a worker whose server lives ended"
    finally:
        alive.kill()
        alive.wait()
