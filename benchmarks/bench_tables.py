"""How long the menu's `t Tables` takes to list many tables (aim: 50 tables within half a second).

    nice .venv/bin/python benchmarks/bench_tables.py [--tables 50] [--runs 5] [--json FILE]

A lobby of its own (a temporary directory, `DUNE_TUI_LOBBY`) holds `--tables` cards of this login's, each with a
live socket (nothing answers it but the kernel's accept queue, as a busy table's would); no table server is found.
The app runs headless (Textual's Pilot, 120x40); each run presses `t` on the menu and times from the key until the
list holds every table, then `escape`.  Prints the best and the median of the runs (wall seconds: say what else
ran; `tests/ui/test_ui_tables.py::test_fifty_tables_are_listed_each_probed_once` holds the behaviour, this the time).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def lobby_of(where: Path, count: int, host: str) -> list[socket.socket]:
    from dune_tui.net import lobby

    socks = []
    seats = (lobby.SeatCard(seat=0, status="free"), lobby.SeatCard(seat=1, status="bot", name="heuristic"))
    for i in range(count):
        game_id = f"20261125-20{i // 100:02d}{i % 100:02d}-beef"
        card = lobby.Card(table=lobby.table_name(host, game_id), host=host, game_id=game_id, rules="dune",
                          title="Dune: The Dice Game", players=2, seats=seats, state="waiting (round 1)")
        lobby.publish(where, card)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(str(where / f"{card.table}.sock"))
        sock.listen(64)
        socks.append(sock)
    return socks


async def timed(count: int, runs: int) -> list[float]:
    from textual.widgets import OptionList

    from dune_tui.ui.app import DuneApp
    from dune_tui.ui.settings import Settings

    app = DuneApp(None, Settings(pause=0.0, bots="thread"))
    app.animation_level = "none"
    took = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(runs):
            start = time.perf_counter()  # the key's handling is timed too: the list may come within it
            await pilot.press("t")
            while not (app.screen.query(OptionList) and app.screen.query_one(OptionList).option_count == count):
                await asyncio.sleep(0.001)
                if time.perf_counter() - start > 60:
                    raise SystemExit(f"the {count} tables were not listed within 60 s")
            took.append(time.perf_counter() - start)
            await pilot.press("escape")
            await pilot.pause()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="write the figures there too")
    args = parser.parse_args()
    from dune_tui.net.identity import my_login

    with tempfile.TemporaryDirectory(prefix="dt-bench-tables-") as work:
        where = Path(work) / "lobby"
        where.mkdir(mode=0o755)
        os.environ["DUNE_TUI_LOBBY"] = str(where)
        os.environ["DUNE_TUI_SERVER"] = str(Path(work) / "no-server")
        socks = lobby_of(where, args.tables, my_login())
        try:
            took = asyncio.run(timed(args.tables, args.runs))
        finally:
            for sock in socks:
                sock.close()
    figures = {"tables": args.tables, "runs": args.runs, "best_s": round(min(took), 4),
               "median_s": round(statistics.median(took), 4), "each_s": [round(t, 4) for t in took],
               "load": os.getloadavg()[0], "command": "nice .venv/bin/python " + " ".join(sys.argv)}
    print(f"{args.tables} tables listed: best {figures['best_s']:.3f} s, median {figures['median_s']:.3f} s "
          f"over {args.runs} runs (load {figures['load']:.1f})")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
