"""Is the advisor's win chance a chance?  Reliability of the figure `h` shows against what happened (issue 41).

    nice .venv/bin/python -m benchmarks.bench_calibration --games 2:24 4:8 express-3:8 --jobs 2 \
        --out benchmarks/results/calibration

Games between the heuristic bots (or --bots SPEC; seats rotated through the deals of `dune_tui.sim`); at the first
searched decision of every seat's turn the advisor (`ai.advice.analyse`, the advisor's search with a fixed budget of
--iters iterations instead of its 0.9 s, so a run repeats) is asked from that seat's view, and its top option
recorded: the chance of winning it shows (`win`), the chance that nobody wins (`nobody`), the mean of every option's
chance weighted by its visits (`root`: the position's chance, no option picked out) and, for comparison, the figure
shown before issue 41 (`value`: the search's mean reward, a game nobody wins worth 0.25). When the game ends each
record gets the seat's result. Printed per game kind and figure: a reliability table (predicted decile, count, mean
predicted, observed win rate), the Brier score, and that of the constant base rate (the observed rate for every
position). Positions of one game are not independent: the counts overstate what they show (the games are the unit;
see their number).

GAMES is PLAYERS:N for the first game or express-PLAYERS:N for Dune Express.  Writes OUT.json, and every position's
record to OUT.rows.jsonl (one JSON line each, with its kind).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pathlib
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from dune_tui.ai import make_agent
from dune_tui.ai.advice import ADVICE_CONFIG, analyse
from dune_tui.ai.games import search_rules_of
from dune_tui.ai.mcts import MctsAgent
from dune_tui.controller import Controller, Decision
from dune_tui.sim import game_options, plan_game
from dune_tui.table.bots import bot_seed


def play(plan: tuple[str, int, int, int, bool, str]) -> list[dict]:
    """One game of `rules` with `players` bots of spec `bots`: the advisor's figures at the first searched decision
    of every turn, each with whether the seat won and whether nobody did (`follow`: the seat plays the advisor's top
    option there)."""
    rules, players, g, iters, follow, bots = plan
    game_seed, factions, specs = plan_game(g, players, [bots], 41_000, True, None, rules)
    options = game_options(players, game_seed, factions, rules)
    rules_of = search_rules_of(options)
    c = Controller(options)
    agents = [make_agent(spec, seed=bot_seed(1, s)) for s, spec in enumerate(specs)]
    config = dataclasses.replace(ADVICE_CONFIG, iters=iters, seconds=60.0)
    seen, rows = set(), []
    while not c.over:
        for r in c.pending():
            key = (c.state.turn, r.seat)
            if key not in seen and len(r.legal) > 1 and r.phase not in rules_of.at_once and not r.sealed:
                seen.add(key)
                advice = analyse(r, agent=MctsAgent(game_seed * 31 + len(rows), config, name="advisor"))
                top = advice[0] if advice else None
                if top is not None and top.win is not None:
                    known = [a for a in advice if a.win is not None]
                    root = sum(a.share * a.win for a in known) / (sum(a.share for a in known) or 1.0)
                    rows.append({"game": g, "seat": r.seat, "round": c.state.round, "win": top.win,
                                 "margin": top.margin, "nobody": top.nobody, "value": top.value, "root": root})
                    if follow:
                        c.submit(Decision(r.id, r.seat, top.action))
                        break  # (the requests after it are asked again)
            c.submit(Decision(r.id, r.seat, agents[r.seat].decide(r)))
    won = rules_of.engine.returns(c.state)
    for row in rows:
        row["won"] = won[row["seat"]]
        row["nobody_won"] = 0.0 if any(won) else 1.0
    return rows


def reliability(rows: list[dict], figure: str, outcome: str) -> dict:
    """Deciles of the predicted figure: count, mean predicted, observed rate; Brier against the base rate's."""
    bins = [[] for _ in range(10)]
    for r in rows:
        bins[min(9, int(r[figure] * 10))].append(r)
    table = [{"decile": f"{10 * i}-{10 * i + 10}%", "count": len(b),
              "predicted": round(sum(r[figure] for r in b) / len(b), 3),
              "observed": round(sum(r[outcome] for r in b) / len(b), 3)} for i, b in enumerate(bins) if b]
    base = sum(r[outcome] for r in rows) / len(rows)
    brier = sum((r[figure] - r[outcome]) ** 2 for r in rows) / len(rows)
    brier0 = sum((base - r[outcome]) ** 2 for r in rows) / len(rows)
    mean = sum(r[figure] for r in rows) / len(rows)
    return {"figure": figure, "outcome": outcome, "positions": len(rows), "games": len({r["game"] for r in rows}),
            "mean_predicted": round(mean, 3), "observed": round(base, 3), "brier": round(brier, 4),
            "brier_base_rate": round(brier0, 4), "table": table}


def timed(plans: list, minutes: float):
    """The games of `plans` one after another in this process, none started after `minutes` (0: all)."""
    end = time.perf_counter() + 60 * minutes
    for plan in plans:
        if minutes and time.perf_counter() > end:
            return
        yield play(plan)


def kind(text: str) -> tuple[str, int, int]:
    name, _, count = text.rpartition(":")
    rules, _, players = name.rpartition("-")
    try:
        return rules or "dune", int(players), int(count)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected PLAYERS:GAMES or express-PLAYERS:GAMES, not {text!r}") from None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="+", type=kind, default=[kind("2:24"), kind("4:8"), kind("express-3:8")])
    p.add_argument("--iters", type=int, default=300, help="the advisor's iterations per position (default 300)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--follow", action="store_true",
                   help="the seat plays the advisor's top option where it is asked (the chance shown is the option's)")
    p.add_argument("--bots", default="heuristic", help="the bots that play the games (default: heuristic)")
    p.add_argument("--minutes", type=float, default=0.0,
                   help="with --jobs 1, start no new game of a kind after this many minutes of it (0: no limit)")
    p.add_argument("--out", default="benchmarks/results/calibration")
    args = p.parse_args()
    start = time.perf_counter()
    pathlib.Path(f"{args.out}.rows.jsonl").unlink(missing_ok=True)
    out = {"iters": args.iters, "command": shlex.join(["python", "-m", "benchmarks.bench_calibration", *sys.argv[1:]]),
           "kinds": []}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for rules, players, n in args.games:
            plans = [(rules, players, g, args.iters, args.follow, args.bots) for g in range(n)]
            rows = [r for game in (timed(plans, args.minutes) if args.jobs == 1 else pool.map(play, plans))
                    for r in game]
            label = f"{rules} {players}p"
            with open(f"{args.out}.rows.jsonl", "a") as f:
                f.writelines(json.dumps({"kind": label, **r}) + "\n" for r in rows)
            found = {"kind": label, "figures": [reliability(rows, "win", "won"), reliability(rows, "root", "won"),
                                               reliability(rows, "value", "won"),
                                               reliability(rows, "nobody", "nobody_won")]}
            out["kinds"].append(found)
            for f in found["figures"]:
                print(f"{label}: {f['figure']} against {f['outcome']}: {f['positions']} positions of {f['games']} "
                      f"games, mean shown {f['mean_predicted']:.3f}, observed {f['observed']:.3f}; Brier "
                      f"{f['brier']:.4f} (base rate {f['brier_base_rate']:.4f})")
                for t in f["table"]:
                    print(f"    {t['decile']:>8}  {t['count']:4d}  shown {t['predicted']:.3f}  "
                          f"observed {t['observed']:.3f}")
            sys.stdout.flush()
    out["seconds"] = round(time.perf_counter() - start)
    pathlib.Path(f"{args.out}.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"{out['seconds']} s; wrote {args.out}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
