"""Where a bot's iterations go, decision by decision: one seeded game of four bots of one level, uncapped.

    nice .venv/bin/python -m benchmarks.bench_turn_split --turn-budget 2 --late-share 8 --seed 24000 \\
        --out benchmarks/results/turn-split-4p-budget8
    .venv/bin/python -m benchmarks.bench_turn_split --summary benchmarks/results/turn-split-4p-budget8.jsonl \\
        benchmarks/results/turn-split-4p-none.jsonl --turns 11

Seats 0-3 are `MctsAgent(seat, LEVEL with --turn-budget / --late-share, no wall-clock cap)` at 4 players, game
seed --seed (its `dune_tui.sim.deal`), so a run replays. Each searched decision is one line of OUT.jsonl: turn,
seat, phase, legal options, the allowance (`_turn_allowance`: root visits to reach, iterations it may spend) and the
iterations spent; the last line is the game's end. `--summary` prints per file the mean iterations a decision of each
phase and a turn's, over turns 1..--turns (two games part at their first differing move: compare early turns).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import pathlib

from dune_tui.ai.mcts import LEVELS, MctsAgent, uncapped
from dune_tui.controller import Controller, Decision
from dune_tui.sim import deal, game_options


class Logged(MctsAgent):
    """An MctsAgent that keeps its last decision's turn allowance."""

    allowance = None

    def _turn_allowance(self, turn, phase, target):
        self.allowance = super()._turn_allowance(turn, phase, target)
        return self.allowance


def play(level: str, turn_budget: float | None, late_share: int, seed: int, out: pathlib.Path) -> None:
    config = dataclasses.replace(uncapped(LEVELS[level]), turn_budget=turn_budget, late_share=late_share)
    c = Controller(game_options(4, seed, deal(4, seed)))
    bots = [Logged(seat, config) for seat in range(4)]
    with open(out, "w") as f:
        while not c.over:
            answers = []
            for r in c.pending():
                bot = bots[r.seat]
                bot.allowance = None
                answers.append(Decision(r.id, r.seat, bot.decide(r)))
                if bot.allowance is not None:
                    f.write(json.dumps({"turn": r.view.turn, "seat": r.seat, "phase": r.phase, "legal": len(r.legal),
                                        "allowance": bot.allowance, "iterations": bot.last_iterations}) + "\n")
            for d in answers:
                c.submit(d)
        end = {"end": c.state.turn, "winners": list(c.state.result.winners), "reason": c.state.result.reason,
               "config": dataclasses.asdict(config)}
        f.write(json.dumps(end) + "\n")


def summary(path: str, turns: int) -> None:
    rows = [json.loads(line) for line in pathlib.Path(path).read_text().splitlines()]
    end = [r for r in rows if "end" in r]
    rows = [r for r in rows if "end" not in r and 1 <= r["turn"] <= turns]
    by = collections.defaultdict(list)
    per_turn: dict = collections.defaultdict(int)
    for r in rows:
        by[r["phase"]].append(r["iterations"])
        per_turn[r["turn"]] += r["iterations"]
    print(path, end[0] if end else "(game not finished)")
    for phase, its in sorted(by.items()):
        print(f"  {phase:16s} {len(its):3d} decisions, {sum(its) / len(its):5.0f} iterations a decision, "
              f"{sum(i < 100 for i in its)} under 100")
    if per_turn:
        print(f"  a turn (all seats): {sum(per_turn.values()) / len(per_turn):.0f} iterations")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", default="normal", choices=sorted(LEVELS))
    p.add_argument("--turn-budget", type=float, default=None, help="turns' budget in iters (none: off)")
    p.add_argument("--late-share", type=int, default=LEVELS["normal"].late_share)
    p.add_argument("--seed", type=int, default=24_000)
    p.add_argument("--out", help="OUT.jsonl")
    p.add_argument("--summary", nargs="+", metavar="JSONL", help="print the figures of these runs")
    p.add_argument("--turns", type=int, default=11, help="--summary: turns 1..N")
    args = p.parse_args()
    if args.summary:
        for path in args.summary:
            summary(path, args.turns)
    else:
        play(args.level, args.turn_budget, args.late_share, args.seed, pathlib.Path(args.out).with_suffix(".jsonl"))


if __name__ == "__main__":
    main()
