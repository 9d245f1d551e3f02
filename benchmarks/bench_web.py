"""The browser front door's first frames: how long from a tab's navigation to the main menu drawn in it, and from
Enter on the new-game screen to the board, in Debian's Chromium driven by Playwright (the end-to-end tests' helpers).

    .venv/bin/python benchmarks/bench_web.py [--runs 5]

Starts `dune-tui serve --web 0` in a temporary directory, then, --runs times, a fresh tab (1280×800):
- navigation → "New game" in the tab's terminal: the page, textual.js, the websocket, the UI's process starting
  (Python, Textual, the menu) and its first frame;
- Enter on the new-game screen (two players, you and a heuristic bot) → the board ("Arrakis") drawn;
- navigation → the board, the keys (n, ←, ←, Enter) pressed as soon as each screen shows: the issue's figure.
The issue's bound: the board drawn ≤ 2 s after navigation on the 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_browser import Browser, browser_missing, web_server  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if why := browser_missing():
        print(f"bench_web: {why}", file=sys.stderr)
        return 2
    menus, boards, totals = [], [], []
    with tempfile.TemporaryDirectory() as work, web_server(Path(work)) as (url, _log), Browser() as browser:
        for run in range(args.runs + 1):  # the first is a warm-up (the browser's and the disk's caches)
            start = navigated = time.perf_counter()
            tab = browser.tab(url)
            tab.wait_for("New game", timeout=30)
            menu = time.perf_counter() - start
            tab.keys("n")
            tab.wait_for("seed:")
            tab.keys("ArrowLeft")
            tab.wait_for("◀ 3 ▶")
            tab.keys("ArrowLeft")
            tab.wait_for("◀ 2 ▶")
            start = time.perf_counter()
            tab.keys("Enter")
            tab.wait_for("Arrakis", timeout=30)
            board, total = time.perf_counter() - start, time.perf_counter() - navigated
            tab.page.close()
            if run:
                menus.append(menu)
                boards.append(board)
                totals.append(total)
            print(f"run {run}{' (warm-up)' if not run else ''}: menu {menu:.2f} s, board {board:.2f} s, "
                  f"navigation → board {total:.2f} s", flush=True)
    for name, values in (("navigation → menu drawn", menus), ("Enter → board drawn", boards),
                         ("navigation → board drawn (keys from the menu)", totals)):
        print(f"{name}: median {statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f}), "
              f"{len(values)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
