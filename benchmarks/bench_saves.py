"""Saving and loading a finished 8-player game: time and size.

    .venv/bin/python benchmarks/bench_saves.py [--games 6] [--reps 50] [--check]

Targets (the issue): save and load each under 20 ms, the file under 200 KB.
The game is the longest of a few finished 8-player games between heuristic
bots (and random bots, whose games can be longer).  `save` is autosave():
encode, write a temporary file, fsync, keep the backup, rename, fsync the
directory.  `load` is load(): read, decode, replay the whole log and compare
with the snapshot.  `load (no compare)` is load(verify=False): it replays the log too (the snapshot is never
trusted), but skips the comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time

from dune_tui.ai import make_agent
from dune_tui.controller import Controller
from dune_tui.games.dune import Options
from dune_tui.saves import autosave, load, schema
from dune_tui.saves.store import to_file
from dune_tui.session import SeatConfig, Session

TARGET_MS = 20.0
TARGET_KB = 200.0


def longest_game(games: int) -> Session:
    best = None
    for g in range(games):
        agent = "heuristic" if g % 2 == 0 else "random"
        options = Options(players=8, seed=g)
        c = Controller(options)
        c.run([make_agent(agent, seed=g * 8 + s) for s in range(8)])
        if best is None or len(c.log) > len(best.log):
            best = Session(options, [SeatConfig(kind="bot", agent=agent)] * 8, c, bots_secret=options.seed)
    return best


def timed(fn, reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="8-player games to pick the longest from")
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed (by the median)")
    args = parser.parse_args(argv)
    session = longest_game(args.games)
    with tempfile.TemporaryDirectory() as folder:
        path = autosave(session, folder)
        size_kb = path.stat().st_size / 1024
        rows = {
            "encode only": timed(lambda: schema.encode(to_file(session, "x", "auto")), args.reps),
            "save (autosave)": timed(lambda: autosave(session, folder), args.reps),
            "load (replay + check)": timed(lambda: load(path), args.reps),
            "load (no compare)": timed(lambda: load(path, verify=False), args.reps),
        }
    print(f"finished 8-player game: {len(session.log)} decisions, {session.state.turn} turns, "
          f"{session.state.result.text}")
    print(f"file size: {size_kb:.1f} KB (target < {TARGET_KB:.0f} KB)")
    print(f"{'':24} {'median':>8} {'min':>8} {'p90':>8}   ({args.reps} runs, ms)")
    for name, ms in rows.items():
        p90 = sorted(ms)[int(0.9 * (len(ms) - 1))]
        print(f"{name:24} {statistics.median(ms):8.2f} {min(ms):8.2f} {p90:8.2f}")
    ok = (size_kb < TARGET_KB and statistics.median(rows["save (autosave)"]) < TARGET_MS
          and statistics.median(rows["load (replay + check)"]) < TARGET_MS)
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
