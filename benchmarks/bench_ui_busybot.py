"""`dune-tui new` with a CPU-bound stand-in bot: the "busy" agent spins pure Python (holding the
GIL, like an MCTS search) until cancelled or for BUSY_SECONDS, then plays its first legal action.

    .venv/bin/python -m benchmarks.bench_ui_busybot --seat busy --seat human --pause 0 [--bots thread]

bench_ui.py runs it under a pseudo-terminal to time key presses while the bot thinks.  The agent is
registered at import, so a spawned bot process (which re-imports this file) knows it too.
"""

from __future__ import annotations

import os
import sys
import time

from dune_tui.ai.registry import register

BUSY_SECONDS = float(os.environ.get("BUSY_SECONDS", "120"))


class BusyAgent:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, request, cancel=None):
        end = time.monotonic() + BUSY_SECONDS
        n = 0
        while time.monotonic() < end:
            for _ in range(2000):  # pure-Python work between checks, as a search does
                n = (n * 1103515245 + 12345) % 2147483648
            if cancel is not None and cancel.is_set():
                break
        return request.legal[0]


register("busy", lambda arg, seed: BusyAgent(seed))

if __name__ == "__main__":
    from dune_tui.cli import main

    sys.exit(main(["new", *sys.argv[1:]]))
