"""What another user of the machine can do with the server's directory (S2, S3): connect to its sockets, nothing
else — not list it, not read the database, not bind a table's name (a closed table's, to squat it), not remove a
socket.  Run as the user `nobody` (the test needs root to be someone else)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess

import pytest

from dune_tui.server import control
from tests.server.test_daemon import started, where  # noqa: F401 (the fixture)

PYTHON = "/usr/bin/python3"  # a Python every user may run (the venv's may live under /root)
pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("runuser") or not os.path.exists(PYTHON),
                                reason="needs root, runuser and /usr/bin/python3 to act as another user")

MALLORY = """
import json, os, socket, sys
where, name = sys.argv[1], sys.argv[2]
out = {}
def attempt(key, act):
    try:
        act()
        out[key] = "done"
    except OSError as e:
        out[key] = type(e).__name__
def bind():
    socket.socket(socket.AF_UNIX).bind(os.path.join(where, name + ".sock"))
def connect():
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(os.path.join(where, "control.sock"))
attempt("list", lambda: os.listdir(where))
attempt("read the database", lambda: open(os.path.join(where, "tables.sqlite3"), "rb").read(1))
attempt("bind a closed table's name", bind)
attempt("remove the control socket", lambda: os.unlink(os.path.join(where, "control.sock")))
attempt("connect", connect)
print(json.dumps(out))
"""


async def test_another_user_may_connect_and_do_nothing_else(where):  # noqa: F811
    os.chmod(where.parent, 0o755)  # as /var/lib: anyone may pass through to the server's own 0711 directory
    daemon = await started(where)
    try:
        done = await asyncio.to_thread(
            subprocess.run, ["runuser", "-u", "nobody", "--", PYTHON, "-c", MALLORY, str(where),
                             "bob-20261127-000000-dead"], capture_output=True, text=True, timeout=30)
        assert json.loads(done.stdout) == {"list": "PermissionError", "read the database": "PermissionError",
                                           "bind a closed table's name": "PermissionError",
                                           "remove the control socket": "PermissionError", "connect": "done"}
        assert isinstance(await asyncio.to_thread(control.ask, where, control.ListTables()), control.Tables)
    finally:
        await daemon.close()
