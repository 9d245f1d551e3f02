"""The SSH front door's first frame: how long from `ssh -p PORT HOST` to the main menu on the player's screen,
against the same SSH client's `ssh -p PORT HOST true` (the handshake and a key's login, the door's answer to a
command: nothing run), in one run on the same door.

    .venv/bin/python benchmarks/bench_ssh.py [--runs 5]

Starts `dune-tui serve --ssh` in a temporary directory (a key of its own, named once), then, --runs times each:
- `ssh … true`: the wall time of the OpenSSH client from its start to its exit;
- `ssh -tt …` in tmux (100×30): from the client's start to "New game" on the pane's screen.
The issue's bound: the first frame ≤ the `true` login + 0.3 s.  The difference is the UI's process starting (Python
and Textual) on the server.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_terminal import Tmux  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dt-"))
    port, key = free_port(), folder / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    with open(folder / "serve.log", "wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "dune_tui", "serve", "--state-dir", str(folder / "server"),
                                   "--ssh", str(port), "--ssh-bind", "127.0.0.1",
                                   "--ssh-limits", "burst=1000,rate=1000,per-key=1000"],
                                  stdout=log, stderr=log, cwd=ROOT)
    ssh = ["ssh", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
           "-o", "StrictHostKeyChecking=no", "-o", f"UserKnownHostsFile={folder / 'known'}", "-o", "LogLevel=ERROR"]
    tmux = Tmux(folder, width=100, height=30)
    try:
        end = time.monotonic() + 30
        while b"SSH door on port" not in (folder / "serve.log").read_bytes():
            assert time.monotonic() < end and server.poll() is None, (folder / "serve.log").read_text()
            time.sleep(0.05)
        tmux.start([*ssh, "-tt", "127.0.0.1"], name="first")  # the key's first visit: its name
        tmux.wait_for("is new here", name="first")
        tmux.keys("bench", "Enter", name="first")
        tmux.wait_for("New game", name="first", timeout=60)
        tmux.run("kill-session", "-t", "first")
        logins, frames = [], []
        for n in range(args.runs):
            start = time.monotonic()
            subprocess.run([*ssh, "127.0.0.1", "true"], capture_output=True, timeout=60)
            logins.append(time.monotonic() - start)
            start = time.monotonic()
            tmux.start([*ssh, "-tt", "127.0.0.1"], name=f"run{n}")
            tmux.wait_for("New game", name=f"run{n}", timeout=60)
            frames.append(time.monotonic() - start)
            tmux.run("kill-session", "-t", f"run{n}")
            time.sleep(0.5)
        login, frame = statistics.median(logins), statistics.median(frames)
        print(f"`ssh HOST true` (login, nothing run): median {login * 1000:.0f} ms  "
              f"({', '.join(f'{t * 1000:.0f}' for t in logins)})")
        print(f"first frame (the main menu shown):    median {frame * 1000:.0f} ms  "
              f"({', '.join(f'{t * 1000:.0f}' for t in frames)})")
        print(f"the UI's start over the login: {(frame - login) * 1000:+.0f} ms (the issue's bound: +300 ms)")
    finally:
        tmux.kill()
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
