"""The browser front door's first frames: how long from a tab's navigation to the main menu drawn in it, and from
Enter on the new-game screen to the board, in Debian's Chromium driven by Playwright (the end-to-end tests' helpers);
and from the navigation of a table's link to that table's board.

    .venv/bin/python benchmarks/bench_web.py [--runs 5] [--json FILE]

Starts `dune-tui serve --web 0` in a temporary directory, then, --runs times, a fresh tab (1280×800):
- navigation → "New game" in the tab's terminal: the page, textual.js, the websocket, the UI's process starting
  (Python, Textual, the menu) and its first frame;
- Enter on the new-game screen (two players, you and a heuristic bot) → the board ("Arrakis") drawn;
- navigation → the board, the keys (n, ←, ←, Enter) pressed as soon as each screen shows;
- a table's link (`dune-tui link TABLE`, a table of the server with the player's seat and a heuristic bot's, opened
  just before): navigation → the board ("Arrakis") drawn, no menu on the way: the issue's figure.
The issue's bound: the board drawn ≤ 2 s after navigation on the 2-core machine. The load average is printed with
the figures (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_browser import Browser, browser_missing, server_dir, web_server  # noqa: E402


def table_link(where: Path, seed: int) -> str:
    """A new table of the server (this login's seat and a heuristic bot's) and the link that opens a tab at it."""
    from dune_tui.games.dune import Options
    from dune_tui.net.identity import my_login
    from dune_tui.saves import schema
    from dune_tui.saves.store import to_file
    from dune_tui.seats import seat_config
    from dune_tui.server import control
    from dune_tui.session import Session

    game = Session(Options(players=2, seed=seed), [seat_config(f"user:{my_login()}"), seat_config("heuristic")],
                   bots_secret=seed)
    save = schema.encode(to_file(game, f"autosave-{game.game_id}", "auto"))
    opened = control.ask(where, control.OpenTable(save=save, pause=0))
    asked = subprocess.run([sys.executable, "-m", "dune_tui", "link", opened.table], capture_output=True, text=True,
                           env={**os.environ, "DUNE_TUI_SERVER": str(where)}, timeout=60, check=True)
    return asked.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    if why := browser_missing():
        print(f"bench_web: {why}", file=sys.stderr)
        return 2
    menus, boards, totals, links = [], [], [], []
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as work, web_server(Path(work)) as (url, log), Browser() as browser:
        where = server_dir(log)
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
            link = table_link(where, 100 + run)
            time.sleep(1.0)  # the next tab's spare process, started ahead, is ready (as it is for a player)
            start = time.perf_counter()
            tab = browser.tab(link)
            first = tab.wait_for("Arrakis", "New game", timeout=30)
            at_table = time.perf_counter() - start
            assert "Arrakis" in first, first
            tab.page.close()
            if run:
                links.append(at_table)
            loads.append(os.getloadavg()[0])
            print(f"run {run}{' (warm-up)' if not run else ''}: menu {menu:.2f} s, board {board:.2f} s, "
                  f"navigation → board {total:.2f} s; a table's link: navigation → board {at_table:.2f} s "
                  f"(load {loads[-1]:.1f})", flush=True)
    figures = {}
    for key, name, values in (("menu", "navigation → menu drawn", menus),
                              ("enter_board", "Enter → board drawn", boards),
                              ("menu_keys_board", "navigation → board drawn (keys from the menu)", totals),
                              ("table_link_board", "a table's link: navigation → board drawn", links)):
        figures[key] = {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": values}
        print(f"{name}: median {statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f}), "
              f"{len(values)} runs")
    print(f"load average (1 min) during the runs: {min(loads):.1f}–{max(loads):.1f} on {os.cpu_count()} cores")
    if args.json:
        args.json.write_text(json.dumps({"command": " ".join(["benchmarks/bench_web.py", *sys.argv[1:]]),
                                         "cores": os.cpu_count(), "load": loads, "figures": figures}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
