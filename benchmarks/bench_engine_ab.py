"""The engine's speed, A/B: two checkouts measured in alternating child processes of one run (issue 47).

    nice .venv/bin/python benchmarks/bench_engine_ab.py /work/wt-engine-base [--runs 10] [--json FILE]

Each run is one child process (one core) of either checkout (its own `dune_tui`, by PYTHONPATH), and the
checkouts alternate (A B A B ...), so a busy machine slows both alike.  A child measures, in CPU time:
- random 4-player games of Dune: The Dice Game, the engine called directly (events off, no checks), as
  benchmarks/bench_engine.py does ("dune 4p games/s");
- random 4-player games of Dune Express with every modification ("express 4p games/s");
- the search's own mix: mcts iterations per second of an `mcts:iters=200` bot (no wall-clock cap) on fixed
  positions of tests/ai/ai_positions.py (4 players: roll, land, move; 2 players: roll), and the decisions it
  made, which must be the same in both checkouts (a speed-up changes no decision).
The table: each figure's mean ±95% interval (1.96 standard errors) per checkout, and B / A.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys

CHILD = r"""
import dataclasses, json, random, sys, time
sys.path.insert(0, "tests/ai")
from dune_tui.games import dune, express

def games(mod, options, count):
    cpu = time.process_time()
    for g in range(count):
        state = mod.new_game(options(g))
        state.events = None
        r = random.Random(g)
        while not state.over:
            seat = state.to_move[0]
            mod.apply(state, seat, r.choice(mod.legal_actions(state, seat)), check=False)
    return count / (time.process_time() - cpu)

out = {
    "dune 4p games/s": games(dune, lambda g: dune.Options(players=4, seed=g), GAMES),
    "express 4p games/s": games(express, lambda g: express.with_variants(
        "houses,shorter:6,thumper,fortresses", players=4, seed=g), GAMES),
}
from ai_positions import reach, request
from dune_tui.ai import make_agent
cpu, iterations, decisions = 0.0, 0, []
for players, phase in ((4, "roll"), (4, "land"), (4, "move"), (2, "roll")):
    s = next(s for seed in range(300) if (s := reach(players, seed, phase)) is not None)
    req = request(s, s.awaiting[-1])
    bot = make_agent("mcts:iters=200", 7)
    bot.config = dataclasses.replace(bot.config, seconds=1000.0)
    t = time.process_time()
    decisions.append(repr(bot.decide(req)))
    cpu += time.process_time() - t
    iterations += bot.last_iterations
out["mcts iterations/s"] = iterations / cpu
out["decisions"] = decisions
print(json.dumps(out))
"""


def child(tree: pathlib.Path, games: int) -> dict:
    code = CHILD.replace("GAMES", str(games))
    run = subprocess.run([sys.executable, "-c", code], cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin"},
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def interval(xs: list[float]) -> tuple[float, float]:
    mean = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return mean, half


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", type=pathlib.Path, help="the checkout to compare with (A); B is this one")
    p.add_argument("--runs", type=int, default=10, help="child processes per checkout")
    p.add_argument("--games", type=int, default=100, help="random games per child and rule set")
    p.add_argument("--json", type=pathlib.Path, help="also write every run's figures here")
    args = p.parse_args()
    trees = {"A": args.base.resolve(), "B": pathlib.Path(__file__).resolve().parent.parent}
    runs: dict[str, list[dict]] = {"A": [], "B": []}
    for i in range(args.runs):
        for side in ("A", "B") if i % 2 == 0 else ("B", "A"):
            runs[side].append(child(trees[side], args.games))
            print(side, {k: v if k == "decisions" else round(v, 1) for k, v in runs[side][-1].items()},
                  file=sys.stderr, flush=True)
    same = all(r["decisions"] == runs["A"][0]["decisions"] for side in runs for r in runs[side])
    print(f"A = {trees['A']}\nB = {trees['B']}\n{args.runs} runs each, alternating; mean ±95% interval")
    print(f"{'figure':<22} {'A':>16} {'B':>16} {'B / A':>14}")
    table = {}
    for key in ("dune 4p games/s", "express 4p games/s", "mcts iterations/s"):
        a, b = ([r[key] for r in runs[side]] for side in "AB")
        (ma, ha), (mb, hb) = interval(a), interval(b)
        ratio = mb / ma
        rel = ratio * ((ha / ma) ** 2 + (hb / mb) ** 2) ** 0.5  # the ratio's interval, to first order
        table[key] = {"A": [ma, ha], "B": [mb, hb], "ratio": [ratio, rel]}
        print(f"{key:<22} {ma:>8.1f} ±{ha:<6.1f} {mb:>8.1f} ±{hb:<6.1f} {ratio:>7.3f} ±{rel:.3f}")
    print(f"the search's decisions alike in every run: {same}")
    if args.json:
        args.json.write_text(json.dumps({"trees": {k: str(v) for k, v in trees.items()}, "runs": runs,
                                         "table": table, "decisions_alike": same}, indent=1) + "\n")
    if not same:
        sys.exit("the two checkouts' searches decided differently")


if __name__ == "__main__":
    main()
