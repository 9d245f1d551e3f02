"""Time per decision and memory of the bots, by level, on one core.

    nice .venv/bin/python -m benchmarks.bench_bots --levels easy,normal,hard --players 2,4 --games 3

Plays whole games with one bot of each level against the heuristic and times
every decision that bot is asked (the ones with a single legal action never
reach a bot).  Prints the mean, median, 95th percentile and maximum seconds
per decision (wall clock), the mean CPU seconds (what one core spends, not
inflated when other work shares the machine), the mean iterations, and the
process's peak memory (RSS) after each level.  Each level runs in its own process so the peaks do not mix.
The targets (issue): normal <= 1 s and hard <= 3 s per decision on average,
under 300 MB at hard.  Timings are noisy on a shared machine: say what else ran.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]  # `-m benchmarks.bench_bots` runs from here


def run_level(spec: str, players: int, games: int, seed: int) -> dict:
    from dune_tui.ai import make_agent
    from dune_tui.controller import Controller, Decision
    from dune_tui.games.dune import Options

    times: list[float] = []
    cpu: list[float] = []
    iters: list[int] = []
    by_phase: dict[str, list[float]] = {}
    for g in range(games):
        c = Controller(Options(players=players, seed=seed + g))
        seat_bot = g % players
        bots = [make_agent(spec if s == seat_bot else "heuristic", seed + g * 10 + s) for s in range(players)]
        while not c.over:
            answers = []
            for r in c.pending():
                t, c0 = time.perf_counter(), time.process_time()
                a = bots[r.seat].decide(r)
                dt = time.perf_counter() - t
                if r.seat == seat_bot:
                    times.append(dt)
                    cpu.append(time.process_time() - c0)
                    iters.append(getattr(bots[r.seat], "last_iterations", 0))
                    by_phase.setdefault(r.phase, []).append(dt)
                answers.append(Decision(r.id, r.seat, a))
            for d in answers:
                c.submit(d)
    times.sort()
    return {
        "spec": spec, "players": players, "games": games, "decisions": len(times),
        "mean_cpu_s": round(statistics.fmean(cpu), 4),
        "mean_s": round(statistics.fmean(times), 4), "median_s": round(statistics.median(times), 4),
        "p95_s": round(times[int(0.95 * (len(times) - 1))], 4), "max_s": round(times[-1], 4),
        "mean_iterations": round(statistics.fmean(iters), 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "by_phase": {p: [len(v), round(statistics.fmean(v), 3)] for p, v in sorted(by_phase.items())},
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", default="easy,normal,hard")
    p.add_argument("--players", default="2,4")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=100)
    p.add_argument("--one", help=argparse.SUPPRESS)  # internal: run one spec:players in this process
    args = p.parse_args()
    if args.one:
        spec, players = args.one.rsplit("@", 1)
        print(json.dumps(run_level(spec, int(players), args.games, args.seed)))
        return 0
    rows = []
    for players in (int(x) for x in args.players.split(",")):
        for level in args.levels.split(","):
            spec = level if ":" in level or level in ("heuristic", "random") else f"mcts:{level}"
            one = ["-m", "benchmarks.bench_bots", "--one", f"{spec}@{players}", "--games", str(args.games),
                   "--seed", str(args.seed)]
            out = subprocess.run([sys.executable, *one], capture_output=True, text=True, check=True, cwd=ROOT)
            row = json.loads(out.stdout)
            rows.append(row)
            print(f"{row['spec']:<14} {players}p  {row['decisions']:>5} decisions  CPU mean {row['mean_cpu_s']:.3f} s  "
                  f"wall mean {row['mean_s']:.3f} s  "
                  f"median {row['median_s']:.3f}  p95 {row['p95_s']:.3f}  max {row['max_s']:.3f}  "
                  f"iterations {row['mean_iterations']:.0f}  peak {row['peak_rss_mb']:.0f} MB", flush=True)
    print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
