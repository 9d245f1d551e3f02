"""What another player's move costs the game screen: a two-player table of two humans, this screen at seat 2, seat 1
answered by a script (a random legal action) one move at a time, each once the screen has drawn the last (issue 44:
at the SSH door every seated player's UI process draws every move).

    nice .venv/bin/python benchmarks/bench_screen_moves.py [--moves 60] [--size 100x30] [--seed 7] [--profile FILE]

Per move of the other player: the UI's main thread CPU (the table runs in the same loop here, as in a solo game; at
the door it is the server's) and the bytes the screen writes to its terminal (Textual's headless driver made to
render and count them).  Seat 2's own decisions are answered by their default key and not counted.  Run the same
command in a worktree of main for the A/B (one at a time, alternately: the machine is shared)."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual.drivers.headless_driver import HeadlessDriver  # noqa: E402

from dune_tui.controller import Decision  # noqa: E402
from dune_tui.games.dune import Options  # noqa: E402
from dune_tui.session import SeatConfig, Session  # noqa: E402
from dune_tui.table import Table  # noqa: E402
from dune_tui.table.keeper import FileKeeper  # noqa: E402
from dune_tui.table.messages import Closed, DecisionRequest  # noqa: E402
from dune_tui.ui.app import DuneApp  # noqa: E402
from dune_tui.ui.settings import Settings  # noqa: E402

WRITTEN = [0]
DRAWN: dict[str, int] = {}  # --count: the widgets drawn during the other player's moves, by class
MEASURING = [False]


class CountingDriver(HeadlessDriver):
    """Renders as a terminal's driver would (the app draws only for a driver that is not headless) and counts."""

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        WRITTEN[0] += len(data.encode())


HeadlessDriver.is_headless = CountingDriver.is_headless  # run_test builds the headless driver itself
HeadlessDriver.write = CountingDriver.write


class Opponent:
    """Seat 1: every request kept until the benchmark answers it."""

    def __init__(self, table: Table) -> None:
        self.table, self.open = table, {}
        self.conn = table.attach(0, self._got)

    def _got(self, message) -> None:
        if isinstance(message, DecisionRequest):
            self.open[message.id] = message
        elif isinstance(message, Closed):
            self.open.pop(message.id, None)


async def settled(pilot, rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


async def run(args) -> dict:
    human = SeatConfig(kind="human", agent="", name="Ann")
    seats = [human, SeatConfig(kind="human", agent="", name="Bob")]
    session = Session(Options(players=2, seed=args.seed, dice="splitmix"), seats, bots_secret=args.seed)
    folder = Path(tempfile.mkdtemp(prefix="dt-screen-"))
    app = DuneApp(None, Settings(save_dir=folder, pause=0.0, bots="thread"))
    app.animation_level = "none"
    rng = random.Random(args.seed)
    columns, rows = (int(n) for n in args.size.split("x"))
    cpu, written, own = [], [], 0
    profile = cProfile.Profile() if args.profile else None
    if args.count:
        from textual._styles_cache import StylesCache

        render_widget = StylesCache.render_widget

        def counted(self, widget, crop):
            if MEASURING[0]:
                DRAWN[type(widget).__name__] = DRAWN.get(type(widget).__name__, 0) + 1
            return render_widget(self, widget, crop)

        StylesCache.render_widget = counted
    async with app.run_test(size=(columns, rows)) as pilot:
        from dune_tui.ui.screens.game import GameScreen

        table = Table(session, bots="thread", pause=0.0, keeper=FileKeeper(folder, autosave=False))
        opponent = Opponent(table)
        app.table = table
        screen = GameScreen(table, app.settings, seats=[1])
        app.run_worker(table.run(), name="table", group="table")
        app.push_screen(screen)
        await settled(pilot)
        end = time.monotonic() + args.timeout
        while len(cpu) < args.moves and time.monotonic() < end:
            if app.screen is not screen or table.closed:
                break
            if opponent.open:
                request = opponent.open.pop(min(opponent.open))
                await settled(pilot)
                c0, b0 = time.thread_time(), WRITTEN[0]
                MEASURING[0] = True
                if profile:
                    profile.enable()
                table.receive(opponent.conn, Decision(request.id, request.seat, rng.choice(request.legal)))
                await settled(pilot)
                if profile:
                    profile.disable()
                MEASURING[0] = False
                cpu.append(time.thread_time() - c0)
                written.append(WRITTEN[0] - b0)
            elif screen.current is not None and app.focused is not None:
                await pilot.press("a" if screen.current.phase == "roll" else "enter")
                own += 1
                await settled(pilot)
            else:
                await pilot.pause(0.01)
        table.close()
    if profile:
        profile.dump_stats(args.profile)
    return {"moves": len(cpu), "own_decisions": own, "size": args.size, "seed": args.seed,
            "cpu_ms_per_move": {"mean": round(statistics.mean(cpu) * 1000, 1),
                                "p50": round(statistics.median(cpu) * 1000, 1),
                                "p95": round(sorted(cpu)[int(len(cpu) * 0.95)] * 1000, 1)},
            "bytes_per_move": {"mean": round(statistics.mean(written)), "p50": round(statistics.median(written)),
                               "max": max(written)},
            "load_average": os.getloadavg(),
            **({"widgets_drawn_per_move": {k: round(v / len(cpu), 2) for k, v in DRAWN.items()}} if args.count else {})}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--profile", help="a cProfile of the moves (main thread) to this file")
    parser.add_argument("--count", action="store_true", help="count the widgets drawn during the moves")
    parser.add_argument("--json", help="append the figures here (a line)")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    result["command"] = "nice .venv/bin/python benchmarks/bench_screen_moves.py " + " ".join(sys.argv[1:])
    print(json.dumps(result))
    if args.json:
        with open(args.json, "a") as out:
            out.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
