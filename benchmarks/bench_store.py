"""What keeping each decision costs: the server's store (SQLite, WAL) against the file journal.

    .venv/bin/python benchmarks/bench_store.py [--decisions 2000] [--dir DIR] [--synchronous FULL|NORMAL]

Real decisions of random 3-player games (the controller applies them; only the keeping is timed): µs per decision
for `TableKeeper.decided` (one INSERT, one transaction, committed) and for `Journal.append` (write + fdatasync),
median and p99, and the store's checkpoints (the game as a save at each turn's end).  Run it in a directory on the
disk the server's state lives on (a tmpfs costs no fsync).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dune_tui.controller import Decision  # noqa: E402
from dune_tui.games.dune import Options  # noqa: E402
from dune_tui.saves import journal  # noqa: E402
from dune_tui.server import store as stores  # noqa: E402
from dune_tui.session import SeatConfig, Session  # noqa: E402

SEATS = [SeatConfig(kind="human", name="Ann"), SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")]


def games(count: int):
    """Sessions and their decisions, one after another, until `count` decisions."""
    made, seed = 0, 0
    while made < count:
        seed += 1
        session = Session(Options(players=3, seed=seed), list(SEATS), bots_secret=seed,
                          game_id=f"20261127-000000-{seed:04x}")
        rng = random.Random(seed)
        yield session, None
        while not session.state.over and made < count:
            request = session.controller.pending()[0]
            turn = session.state.turn
            session.controller.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
            made += 1
            yield session, session.state.turn != turn


def percentiles(times: list[float]) -> str:
    times = sorted(times)
    return f"median {statistics.median(times):.0f} µs, p99 {times[int(len(times) * 0.99)]:.0f} µs"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--decisions", type=int, default=2000)
    p.add_argument("--dir", type=Path, default=None, help="where to write (default: a temporary directory)")
    p.add_argument("--synchronous", default=stores.SYNCHRONOUS, choices=["FULL", "NORMAL"])
    args = p.parse_args(argv)
    stores.SYNCHRONOUS = args.synchronous
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        store = stores.Store.open(Path(folder) / "tables.sqlite3")
        kept, checkpoints, appended = [], [], []
        keeper = j = None
        for session, turned in games(args.decisions):
            if turned is None:
                keeper = store.keeper("bob")
                keeper.opened(session)
                if j is not None:
                    j.close()
                j = journal.Journal(Path(folder) / f"{session.game_id}.dune.json", session.game_id)
                j.start([])
                continue
            entry = session.log[-1]
            t = time.perf_counter()
            keeper.decided(len(session.log) - 1, entry)
            kept.append((time.perf_counter() - t) * 1e6)
            t = time.perf_counter()
            j.append(len(session.log) - 1, entry.seat, entry.action)
            appended.append((time.perf_counter() - t) * 1e6)
            if turned:
                t = time.perf_counter()
                keeper.checkpoint()
                checkpoints.append((time.perf_counter() - t) * 1e6)
        j.close()
        store.close()
        print(f"{len(kept)} decisions in {folder} (synchronous={args.synchronous})")
        print(f"store, a decision kept:   {percentiles(kept)}")
        print(f"file journal, an append:  {percentiles(appended)}")
        print(f"store, a checkpoint:      {percentiles(checkpoints)} ({len(checkpoints)} turns)")
        print(f"RESULT store_median_us={statistics.median(kept):.0f} "
              f"journal_median_us={statistics.median(appended):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
