"""The bot levels' ratings (issue 46): matches between the levels, rated by openskill's Plackett–Luce
(`dune_tui.record.ratings.rate`, every level a player), written into dune_tui/record/bot_ratings.json with the
commands that made them and each level's interval (mu ± 2 sigma), one entry per game (`--rules`).

    nice .venv/bin/python benchmarks/bot_ratings.py --agents random,heuristic,mcts:easy --games 60
    nice .venv/bin/python benchmarks/bot_ratings.py --rules express --agents ... --games 8 --minutes 18

Each game seats every level once (`dune-tui sim --rotate` with as many players as levels: each level plays each
seat and side of a block once); game g's dice are seed + g, its bots seeded from --bot-secret + g, so a run replays.
`--continue` rates on from the file's ratings of that game (its earlier runs' games counted first: the commands are
kept in order; `--first G` numbers this run's games on from G) — how the slow mcts levels join the levels measured
before, a run of at most 20 minutes at a time.  `--minutes`: the games are played one by
one and the run stops before a game that would take it past that budget (the games played are written: `--games N`
with that N replays it).  The new-game screen shows each level's rating beside it.
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
from dune_tui.games import DEFAULT, GAMES, game_named
from dune_tui.games.rng import random_seed
from dune_tui.record.ratings import BOT, DATA, INTERVAL, Rating, initial, rate

OUT = Path(__file__).resolve().parent.parent / "dune_tui" / "record" / DATA
MODEL = "openskill PlackettLuce, default parameters; each game every level once, the winners ranked together first"


def play(levels: list[str], args) -> tuple[list[sim.GameRecord], bool]:
    """The games, one by one (the budget checked before each: the mean game so far must fit); (records, stopped
    by the budget)."""
    players, records, start = len(levels), [], time.perf_counter()
    secret = random_seed() if args.bot_secret is None else args.bot_secret
    for g in range(args.first, args.first + args.games):
        spent = time.perf_counter() - start
        if args.minutes and records and spent + spent / len(records) > args.minutes * 60:
            return records, True
        seed, factions, specs = sim.plan_game(g, players, levels, args.seed, True, None, args.rules, None)
        records.append(sim.play_one(players, seed, factions, specs, args.rules, None, secret + g))
        print(f"game {g + 1}: {records[-1].seconds:.0f} s, winners {records[-1].winners}", file=sys.stderr,
              flush=True)
    return records, False


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", choices=tuple(GAMES), default=DEFAULT)
    p.add_argument("--agents", default="random,heuristic,mcts:easy", help="the levels, comma-separated")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--minutes", type=float, default=0.0, help="stop before a game that would pass this budget")
    p.add_argument("--first", type=int, default=0, help="the first game's number (a run continued: the next)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot-secret", type=int, default=1)
    p.add_argument("--continue", dest="more", action="store_true",
                   help="rate on from the file's ratings of this game")
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    levels = args.agents.split(",")
    if len(levels) not in game_named(args.rules).players:
        p.error(f"{len(levels)} levels: {game_named(args.rules).title} seats {game_named(args.rules).players}")
    data = json.loads(args.out.read_text()) if args.out.exists() else {}
    data = data if isinstance(data.get("rules"), dict) else {}  # (an older file: written anew)
    earlier = data.get("rules", {}).get(args.rules, {}) if args.more else {}
    start = time.perf_counter()
    records, stopped = play(levels, args)
    ratings: dict[str, Rating] = {BOT + level: initial() for level in levels}
    ratings |= {BOT + level: Rating(r["mu"], r["sigma"]) for level, r in earlier.get("levels", {}).items()}
    wins: Counter[str] = Counter(level for level, r in earlier.get("levels", {}).items() for _ in range(r["wins"]))
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
    if stopped:  # the budget stopped it: the games played replay it
        for option in ("--minutes", "--games"):
            given = [a for a in given if not a.startswith(option + "=")]
            if option in given:
                del given[given.index(option):given.index(option) + 2]
        given += ["--games", str(len(records))]
    command = ("python benchmarks/bot_ratings.py " + shlex.join(given)).strip()
    known = {level for r in records for level in r.agents} | set(earlier.get("levels", {}))
    entry = {
        "commands": [*earlier.get("commands", []), command],
        "games": earlier.get("games", 0) + played,
        "errors": earlier.get("errors", 0) + len(records) - played,
        "minutes": round(earlier.get("minutes", 0) + (time.perf_counter() - start) / 60, 1),
        "levels": {level: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "low": round(r.low, 3),
                           "high": round(r.high, 3), "wins": wins[level]}
                   for level in sorted(known, key=lambda lv: ratings[BOT + lv].mu) for r in [ratings[BOT + level]]},
    }
    data = {"model": MODEL, "interval": f"mu ± {INTERVAL:g} sigma", "rules": {**data.get("rules", {}),
                                                                              args.rules: entry}}
    args.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(entry, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
