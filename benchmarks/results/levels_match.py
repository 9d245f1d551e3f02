"""Head to head of two bot levels, four players, paired deals: the runner of benchmarks/results/levels-*.

    nice .venv/bin/python -m benchmarks.results.levels_match mcts:normal mcts:easy --pairs 8 --minutes 13 \\
        --out benchmarks/results/levels-normal-easy

Pair k plays one faction deal (`dune_tui.sim.deal`) and one game seed (the same dice) twice: agents A,B,A,B by
seat, then B,A,B,A, with the same bot seeds by seat.  Each game is written as one JSON line as soon as it ends
(a run cut by --minutes keeps its whole pairs); the summary (`dune_tui.sim.summarize`, 95% Wilson intervals)
also records the mean seconds and MCTS iterations a decision, by agent.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time

import msgspec

from ai import make_agent
from dune_tui.controller import Controller
from dune_tui.sim import GameRecord, deal, game_options, summarize

PLAYERS = 4


class Timed:
    """An agent that records each decision's wall time and search iterations."""

    def __init__(self, agent, stats: dict) -> None:
        self.agent, self.name, self.stats = agent, agent.name, stats

    def decide(self, request, cancel=None):
        start = time.perf_counter()
        answer = self.agent.decide(request, cancel)
        s = self.stats.setdefault(self.name, {"decisions": 0, "seconds": 0.0, "iterations": 0, "max_seconds": 0.0})
        took = time.perf_counter() - start
        s["decisions"] += 1
        s["seconds"] += took
        s["max_seconds"] = max(s["max_seconds"], took)
        s["iterations"] += getattr(self.agent, "last_iterations", 0)
        return answer


def play(game_seed: int, factions: list[int], specs: list[str], stats: dict) -> GameRecord:
    rec = GameRecord(seed=game_seed, factions=factions, agents=specs)
    start = time.perf_counter()
    bots = [Timed(make_agent(spec, seed=game_seed * 101 + s), stats) for s, spec in enumerate(specs)]
    c = Controller(game_options(PLAYERS, game_seed, factions))
    state = c.run(bots, observe=False)
    rec.winners, rec.reason = list(state.result.winners), state.result.reason
    rec.turns, rec.decisions = state.turn, len(c.log)
    rec.seconds = time.perf_counter() - start
    return rec


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--pairs", type=int, default=8)
    p.add_argument("--seed", type=int, default=24_000)
    p.add_argument("--minutes", type=float, default=13.0)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    out = pathlib.Path(args.out)
    start, records, stats = time.perf_counter(), [], {}
    with open(out.with_suffix(".games.jsonl"), "wb") as f:
        for k in range(args.pairs):
            game_seed = args.seed + k
            factions = deal(PLAYERS, game_seed)
            pair = []
            for specs in ([args.a, args.b] * 2, [args.b, args.a] * 2):
                pair.append(play(game_seed, factions, specs, stats))
                f.write(msgspec.json.encode(pair[-1]) + b"\n")
                f.flush()
            records += pair
            if time.perf_counter() - start > args.minutes * 60:
                break
    seconds = time.perf_counter() - start
    for s in stats.values():
        s["mean_seconds"] = round(s["seconds"] / s["decisions"], 3)
        s["mean_iterations"] = round(s["iterations"] / s["decisions"], 1)
    summary = summarize(records, PLAYERS, seconds)
    command = (f"python -m benchmarks.results.levels_match {args.a} {args.b} --pairs {args.pairs} "
               f"--seed {args.seed} --minutes {args.minutes} --out {args.out}")
    result = {"match": f"{args.a} vs {args.b}, 4 players, paired deals", "command": command,
              "pairs": len(records) // 2, "summary": summary, "per_decision": stats}
    out.with_suffix(".json").write_text(json.dumps(result, indent=1))
    print(json.dumps(result["summary"].get("head_to_head"), indent=1))
    print(json.dumps(stats, indent=1))


if __name__ == "__main__":
    main()
