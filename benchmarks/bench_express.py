"""Dune Express engine speed: random full games per second and microseconds per decision, by player count,
for the base game and with every modification (houses, Shorter Game 20, Thumper), and the cost of a copy.

    .venv/bin/python benchmarks/bench_express.py [--games 100] [--json]

One core (this process).  Random games pick uniformly among the legal actions with the engine called directly
(events off, no checks), as a tree search would, as benchmarks/bench_engine.py does for the first game.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from dune_tui.games.express import Options, apply, legal_actions, new_game

VARIANTS = {
    "base": {},
    "all": {"abilities": True, "round_limit": 20, "thumper": True},
}


def random_game(options: Options) -> tuple[object, int]:
    state = new_game(options)
    state.events = None
    r = random.Random(options.seed)
    n = 0
    while not state.over:
        seat = state.to_move[0]
        apply(state, seat, r.choice(legal_actions(state, seat)), check=False)
        n += 1
    return state, n


def measure(players: int, variant: str, games: int) -> dict:
    start = time.perf_counter()
    decisions = turns = 0
    for g in range(games):
        state, n = random_game(Options(players=players, seed=g, **VARIANTS[variant]))
        decisions += n
        turns += state.turn
    dt = time.perf_counter() - start
    return {"players": players, "variant": variant, "games_per_second": round(games / dt, 2),
            "us_per_decision": round(dt / decisions * 1e6, 2), "decisions_per_game": round(decisions / games, 1),
            "turns_per_game": round(turns / games, 1)}


def copy_us(n: int = 20000) -> float:
    state = new_game(Options(players=6, seed=1, abilities=True))
    start = time.perf_counter()
    for _ in range(n):
        state.copy()
    return round((time.perf_counter() - start) / n * 1e6, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="random games per player count and variant")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = [measure(p, v, args.games) for v in VARIANTS for p in range(2, 7)]
    result = {"rows": rows, "copy_us": copy_us()}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{'variant':<6} {'players':>7} {'games/s':>8} {'µs/decision':>12} {'decisions':>10} {'turns':>7}")
    for r in rows:
        print(f"{r['variant']:<6} {r['players']:>7} {r['games_per_second']:>8} {r['us_per_decision']:>12} "
              f"{r['decisions_per_game']:>10} {r['turns_per_game']:>7}")
    print(f"state.copy(): {result['copy_us']} µs")


if __name__ == "__main__":
    main()
