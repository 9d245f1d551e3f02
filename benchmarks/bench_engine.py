"""Engine speed: random full games per second, microseconds per decision,
the cost of copying a state and its serialised size.

    .venv/bin/python benchmarks/bench_engine.py [--games 300] [--json] [--dice keyed|splitmix]

Runs on one core (this process), with the keyed dice generator unless --dice
splitmix (the old saves' generator).  Random games pick uniformly among the
legal actions with the engine called directly (events off, no checks), as a
tree search would; "through the controller" adds views, requests and checks,
as `dune-tui sim` does.

Measured for issue 35 (two rule sets, one game interface) on a shared 2-core machine: alternating runs of 100
random 4-player games each, through the controller and then the engine directly, CPU time, n=52 runs a side,
mean ±95% interval (range):

    commit                        through the controller   engine directly
    d67755b (before the table)    185 ±2 (164-202) games/s  411 ±5 games/s
    fd2e8a5 (games/ moved)        138 ±2 (124-152)          408 ±6
    after (one kernel, faster)    176 ±2 (161-194)          409 ±5

fd2e8a5 was 0.748 ±0.009 of d67755b through the controller; after is 1.27 ±0.01 of fd2e8a5 and 0.95 ±0.01 of
d67755b.  Where the 25% had gone: a view copied its state by getattr/setattr loops (now a copy written out for
the State class, 2-3x faster), the checks of every decision (`as_action` twice and `plain`, generators), typed
event payloads built per event, and the keyed dice (d67755b's were SplitMix64: 2% of the rest through the
controller, 8% directly).

Measured for issue 47 (the engine's hot path, no decision changed) on the shared 2-core machine, loaded by eight
other jobs: `benchmarks/bench_engine_ab.py` (alternating child processes of both checkouts, 10 runs a side of 100
random 4-player games of each rule set, then 4 mcts:iters=200 decisions; CPU time, mean ±95% interval;
benchmarks/results/engine-ab-issue47.json):

    nice .venv/bin/python benchmarks/bench_engine_ab.py /work/wt-engine-base --runs 10 --games 100 \
        --json benchmarks/results/engine-ab-issue47.json        # wt-engine-base: a worktree of 8799a75

    figure                          8799a75 (before)   efe0d19 (after)   after / before
    Dune, 4 players, games/s        311 ±9             372 ±13           1.20 ±0.05
    Dune Express (all variants), 4p 598 ±17            666 ±22           1.11 ±0.05
    mcts iterations/s (4 positions) 801 ±21            897 ±23           1.12 ±0.04

The search's decisions were the same in every run, and so was every state, legal list, observation key, view,
determinization and event of 140 random Dune games (2-8 players, both dice generators and Face Dancer rules)
and 200 of Dune Express (with and without every variant).  Where the time went (a sampling profile): the search
spends about 60% in the heuristic's rollouts and priors, 24% in the rules' `apply`, 5% and 3.5% in `neighbours`
and `held_regions` that the heuristic asks, and under 2% in `observation_key`, `determinize` and `copy` together;
a random game's time is flat across the rules (legal lists 45%, the dice's keyed BLAKE2b 12%).  The issue's aim,
500 games/s from 281 (1.8 times), is not reached: 1.2 times is what these changes give.

Session 7 (issue 47, the next step; the same command, --json benchmarks/results/engine-ab-s7.json, wt-engine-base a
worktree of 4d67991, the machine shared with three other jobs):

    figure                          4d67991 (before)   after             after / before
    Dune, 4 players, games/s        376 ±7             400 ±9            1.064 ±0.031
    Dune Express (all variants), 4p 652 ±11            661 ±16           1.015 ±0.030
    mcts iterations/s (4 positions) 879 ±16            1190 ±27          1.355 ±0.040

The search's decisions were the same in every run; tests/ai/test_ai_pinned_games.py pins (recorded on 4d67991) the
heuristic's every decision, ranking and dice advantages in games at 2-8 players, each turn's leaf features, and the
roots' visits and summed values of four short searches, to the last bit.  Counted in instructions (callgrind,
deterministic, the start-up subtracted): the four searches 3,616 M before, 2,363 M after (-35%); a random 4-player
Dune game 17.2 M, 16.2 M (-6%); Dune Express 10.1 M, 10.0 M.  Where the time went before (a sampling profile of 40
decisions of four mcts:normal bots at 4 players): the rollouts 78% (the heuristic's choices 44%, of which the roll's
`die_advantages` 26%: target values 10%, the Kanly's candidates 6%; the rules' `apply` 19%; the leaf's features
14%), the new nodes' priors 13% (`rank_roll`), the tree itself 7%.  What changed: the heuristic reads the board
once per decision (`board.sides_at`: strengths and foes in one pass; the strategic regions' occupants once for
every faction's holding, `queries.strategic_occupants` and `held_among`), once for a turn's rolls in a rollout and
once for a new node's prior and the rollout from it (the Ctx kept while only the dice change); the leaf reads the
occupants once; the engine's events that every turn tells build no words when nothing records them.  What remains
of a random game: the keyed BLAKE2b dice (13%, the stream itself), legal lists (45%, spread over every rule) and the
verbs' own calls; 500 games/s is not reached without changing the dice or the rules' structure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import msgspec

from dune_tui.controller import Controller
from dune_tui.games.dune import Options, apply, legal_actions, new_game
from dune_tui.games.dune.state import _LISTS, _SCALARS


def random_game(players: int, seed: int, dice: str = "keyed") -> tuple[object, int]:
    state = new_game(Options(players=players, seed=seed, dice=dice))
    state.events = None
    r = random.Random(seed)
    n = 0
    while not state.over:
        seat = state.to_move[0]
        apply(state, seat, r.choice(legal_actions(state, seat)), check=False)
        n += 1
    return state, n


class _Random:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def decide(self, request, cancel=None):
        return self.r.choice(request.legal)


def controller_game(players: int, seed: int, dice: str = "keyed") -> int:
    c = Controller(Options(players=players, seed=seed, dice=dice))
    c.run([_Random(seed + s) for s in range(players)])
    return len(c.log)


def games_per_second(players: int, games: int, repeats: int, dice: str = "keyed") -> dict:
    best = None
    for rep in range(repeats):
        start = time.perf_counter()
        decisions = 0
        for g in range(games):
            decisions += random_game(players, 1000 * rep + g, dice)[1]
        dt = time.perf_counter() - start
        if best is None or dt < best[0]:
            best = (dt, decisions)
    dt, decisions = best
    start = time.perf_counter()
    ctl_games = max(1, games // 3)
    for g in range(ctl_games):
        controller_game(players, g, dice)
    ctl_dt = time.perf_counter() - start
    return {
        "players": players,
        "games_per_second": round(games / dt, 1),
        "us_per_decision": round(dt / decisions * 1e6, 2),
        "decisions_per_game": round(decisions / games, 1),
        "controller_games_per_second": round(ctl_games / ctl_dt, 1),
    }


def snapshot(state) -> dict:
    """The state's fields; the generator (keyed: 193 bits, more than msgpack's ints hold) as bytes."""
    fields = {name: getattr(state, name) for name in _SCALARS + _LISTS if name not in ("options", "rng")}
    rng = state.rng.to_bytes((state.rng.bit_length() + 7) // 8, "little")
    return fields | {"options": msgspec.to_builtins(state.options), "rng": rng}


def copy_cost(players: int, samples: int = 200) -> dict:
    """Mean copy time over states taken from the middle of random games."""
    states = []
    r = random.Random(5)
    for g in range(samples):
        state = new_game(Options(players=players, seed=g))
        state.events = None
        stop = r.randrange(20, 150)
        for _ in range(stop):
            if state.over:
                break
            seat = state.to_move[0]
            apply(state, seat, r.choice(legal_actions(state, seat)), check=False)
        states.append(state)
    loops = 50
    start = time.perf_counter()
    for _ in range(loops):
        for s in states:
            s.copy()
    us = (time.perf_counter() - start) / (loops * len(states)) * 1e6
    sizes = [len(msgspec.msgpack.encode(snapshot(s))) for s in states]
    json_sizes = [len(msgspec.json.encode(snapshot(s))) for s in states]
    return {
        "players": players,
        "copy_us": round(us, 2),
        "msgpack_bytes_mean": round(statistics.mean(sizes)),
        "msgpack_bytes_max": max(sizes),
        "json_bytes_max": max(json_sizes),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--json", action="store_true")
    p.add_argument("--dice", choices=["keyed", "splitmix"], default="keyed",
                   help="the dice generator (keyed: the default; splitmix: older saves)")
    args = p.parse_args()
    out = {
        "games": [games_per_second(n, args.games, args.repeats, args.dice) for n in (2, 4, 8)],
        "copy": [copy_cost(n) for n in (2, 4, 8)],
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print("players  games/s  µs/decision  decisions/game  via controller games/s")
    for g in out["games"]:
        print(f"{g['players']:>7}  {g['games_per_second']:>7}  {g['us_per_decision']:>11}  "
              f"{g['decisions_per_game']:>14}  {g['controller_games_per_second']:>22}")
    print("players  copy µs  snapshot msgpack bytes (mean / max)  json max")
    for c in out["copy"]:
        print(f"{c['players']:>7}  {c['copy_us']:>7}  {c['msgpack_bytes_mean']:>20} / {c['msgpack_bytes_max']:<12}"
              f"  {c['json_bytes_max']}")


if __name__ == "__main__":
    main()
