"""The bot levels' ratings (issue 46): matches between the levels, rated by openskill's Plackett–Luce
(`dune_tui.record.ratings.rate`, every level a player), written into dune_tui/record/bot_ratings.json with the
command that made it and each level's interval (mu ± 2 sigma).

    nice .venv/bin/python benchmarks/bot_ratings.py --agents random,heuristic,mcts:easy --games 60

Each game seats every level once (`dune-tui sim --rotate` with as many players as levels: each level plays each
seat and side of a block once); game g's dice are seed + g, its bots seeded from --bot-secret + g, so a run replays.
The new-game screen shows each level's rating beside it.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections import Counter
from pathlib import Path

from dune_tui import sim
from dune_tui.games import DEFAULT
from dune_tui.record.ratings import BOT, DATA, INTERVAL, Rating, initial, rate

OUT = Path(__file__).resolve().parent.parent / "dune_tui" / "record" / DATA


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--agents", default="random,heuristic,mcts:easy", help="the levels, comma-separated")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot-secret", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    levels = args.agents.split(",")
    start = time.perf_counter()
    records, _ = sim.run(len(levels), args.games, args.seed, levels, rotate=True, jobs=args.jobs,
                         bots_secret=args.bot_secret)
    ratings: dict[str, Rating] = {BOT + level: initial() for level in levels}
    wins: Counter[str] = Counter()
    played = 0
    for r in records:
        if r.error:
            continue
        played += 1
        entrants = [BOT + agent for agent in r.agents]
        winners = [seat for seat, side in enumerate(r.factions) if side in r.winners]
        wins.update(r.agents[seat] for seat in winners)
        ratings.update(rate(ratings, entrants, winners))
    given = list(argv if argv is not None else sys.argv[1:])
    if "--out" in given:  # where it was written is not how it was made
        del given[given.index("--out"):given.index("--out") + 2]
    command = "python benchmarks/bot_ratings.py " + shlex.join(given)
    data = {
        "command": command.strip(),
        "rules": DEFAULT,
        "model": "openskill PlackettLuce, default parameters; each game every level once, the winners ranked "
                 "together first",
        "interval": f"mu ± {INTERVAL:g} sigma",
        "games": played,
        "errors": len(records) - played,
        "minutes": round((time.perf_counter() - start) / 60, 1),
        "levels": {level: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "low": round(r.low, 3),
                           "high": round(r.high, 3), "wins": wins[level]}
                   for level in levels for r in [ratings[BOT + level]]},
    }
    args.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(data, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
