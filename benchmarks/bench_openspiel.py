"""Our `mcts` against OpenSpiel's ISMCTS at equal time per decision (issue 24, item 5): an outside yardstick.

    # a match, from the repository's root (needs the bench extra: pip install -e '.[bench]'), in the background
    nice .venv/bin/python -m benchmarks.bench_openspiel --players 2 --deals 8 --out benchmarks/results/openspiel-2p.json
    # a quick check that it works
    .venv/bin/python -m benchmarks.bench_openspiel --deals 2 --seconds 0.05

Each deal (a seed and a faction deal) is played twice with the agents swapped: with two players A-B then B-A,
with four A-B-A-B then B-A-B-A.  Both agents get the same wall-clock budget per decision (`--seconds`):
A is `mcts:time=SECONDS` (or `--a SPEC`, e.g. `heuristic`), B is OpenSpiel's `ISMCTSBot` running its own loop
of simulations until the same time is up (lab/openspiel_game.py), with OpenSpiel's random rollouts or
(`--rollouts heuristic`) ours; the CPU time each decision took is measured too.  A game is won by A, by B, by
both (an alliance across the two) or by neither (nobody wins: a draw); the head-to-head is A's share of the
games one side won alone, with a Wilson interval over games and a bootstrap interval over deals (which keeps
the pairs together).  Then both agents search the same positions for the same time, for iterations per second.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import shlex
import statistics
import sys
import time

import msgspec
import pyspiel

from dune_tui.ai import make_agent
from dune_tui.ai.games.dune import heuristic
from dune_tui.controller import DecisionRequest
from dune_tui.games.dune import Options, apply, legal_actions, new_game, view
from dune_tui.games.dune.data import FACTION_KEYS, FACTION_NAMES, GUILD
from dune_tui.sim import deal, wilson
from lab.openspiel_game import SHORT_NAME, IsmctsAgent

MAX_DECISIONS = 5000


class Timing(msgspec.Struct):
    """Decisions with a choice, their wall and CPU seconds and search iterations."""

    decisions: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    iterations: int = 0


class GameRecord(msgspec.Struct, kw_only=True):
    deal: int
    seed: int
    factions: list[str]  # by seat
    agents: list[str]  # "A" or "B" by seat
    winners: list[str] = []  # factions
    reason: str = ""
    winner: str = ""  # "A", "B", "both" or "neither"
    turns: int = 0
    timing: dict[str, Timing] = {}


def request(state, seat: int) -> DecisionRequest:
    return DecisionRequest(id=0, seat=seat, phase=state.phase, prompt="", view=view(state, seat),
                           legal=tuple(legal_actions(state, seat)), sealed=state.phase == "commit")


class Sides(msgspec.Struct, frozen=True):
    """The two agents: A by its spec (ours), B OpenSpiel's ISMCTS with `seconds` and `rollouts`."""

    a: str
    seconds: float
    rollouts: str = "random"

    def make(self, label: str, players: int, seed: int):
        if label == "A":
            return make_agent(self.a, seed)
        game = pyspiel.load_game(SHORT_NAME, {"players": players})
        return IsmctsAgent(game, seed=seed, seconds=self.seconds, rollouts=self.rollouts)


def timed(agent, req, timing: Timing):
    """The agent's answer to `req`, timed when it had a choice."""
    wall, cpu = time.perf_counter(), time.process_time()
    action = agent.decide(req)
    if len(req.legal) > 1:
        timing.decisions += 1
        timing.wall += time.perf_counter() - wall
        timing.cpu += time.process_time() - cpu
        timing.iterations += getattr(agent, "last_iterations", 0)  # a heuristic has none
    return action


def play(number: int, seed: int, factions: list[int], labels: list[str], sides: Sides) -> GameRecord:
    """One game, the seats asked one at a time (a sealed commit: the attacker first, the defender sees it sealed,
    as in the OpenSpiel game)."""
    players = len(factions)
    state = new_game(Options(players=players, seed=seed, factions=tuple(FACTION_KEYS[f] for f in factions)))
    agents = [sides.make(label, players, seed * 16 + seat) for seat, label in enumerate(labels)]
    timing = {"A": Timing(), "B": Timing()}
    for _ in range(MAX_DECISIONS):
        if state.over:
            break
        seat = state.to_move[0]
        apply(state, seat, timed(agents[seat], request(state, seat), timing[labels[seat]]))
    else:
        raise RuntimeError(f"deal {number}: no end within {MAX_DECISIONS} decisions")
    won = set(state.result.winners)
    sides = {label for f, label in zip(factions, labels) if f in won}
    return GameRecord(
        deal=number, seed=seed, factions=[FACTION_NAMES[f] for f in factions], agents=labels,
        winners=[FACTION_NAMES[f] for f in state.result.winners], reason=state.result.reason,
        winner="both" if len(sides) == 2 else (sides.pop() if sides else "neither"), turns=state.turn,
        timing=timing)


def seating(players: int, swapped: bool) -> list[str]:
    first, second = ("B", "A") if swapped else ("A", "B")
    return [first if seat % 2 == 0 else second for seat in range(players)]


def bootstrap(records: list[GameRecord], rounds: int = 2000, seed: int = 0) -> tuple[float, float]:
    """95% interval of A's share of the decided games, resampling whole deals (both games of a pair)."""
    by_deal: dict[int, list[int]] = {}
    for r in records:
        a, b = by_deal.setdefault(r.deal, [0, 0])
        by_deal[r.deal] = [a + (r.winner == "A"), b + (r.winner == "B")]
    pairs = list(by_deal.values())
    rng = random.Random(seed)
    shares = []
    for _ in range(rounds):
        sample = [rng.choice(pairs) for _ in pairs]
        a, b = sum(p[0] for p in sample), sum(p[1] for p in sample)
        if a + b:
            shares.append(a / (a + b))
    if not shares:
        return (0.0, 0.0)
    shares.sort()
    return (round(shares[int(0.025 * len(shares))], 4), round(shares[int(0.975 * len(shares)) - 1], 4))


def summarize(records: list[GameRecord]) -> dict:
    count = {k: sum(r.winner == k for r in records) for k in ("A", "B", "both", "neither")}
    decided = count["A"] + count["B"]
    guild = {k: sum(r.winner == k and r.reason == "guild_default" for r in records) for k in ("A", "B")}
    timing = {}
    for label in ("A", "B"):
        t = [r.timing[label] for r in records]
        n, wall, cpu, it = (sum(getattr(x, f) for x in t) for f in ("decisions", "wall", "cpu", "iterations"))
        timing[label] = {"decisions": n, "wall_per_decision": round(wall / n, 4) if n else None,
                         "cpu_per_decision": round(cpu / n, 4) if n else None,
                         "iterations_per_decision": round(it / n, 1) if n else None}
    return {
        "games": len(records), "deals": len({r.deal for r in records}),
        "a_wins": count["A"], "b_wins": count["B"], "shared": count["both"], "draws": count["neither"],
        "guild_default_wins": guild,
        "a_share_of_decided": round(count["A"] / decided, 4) if decided else None,
        "ci95_wilson": wilson(count["A"], decided), "ci95_bootstrap_deals": bootstrap(records),
        "mean_turns": round(statistics.mean(r.turns for r in records), 1) if records else 0,
        "timing": timing,
    }


def positions(players: int, count: int, seed: int) -> list:
    """Decisions with a choice from heuristic games, one in every few, as (state, seat)."""
    out = []
    rng = random.Random(seed)
    game = 0
    while len(out) < count:
        state = new_game(Options(players=players, seed=seed + game))
        game += 1
        while not state.over and len(out) < count:
            seat = state.to_move[0]
            legal = legal_actions(state, seat)
            if len(legal) > 1 and state.phase not in ("choose_faction", "setup_prediction") and rng.random() < 0.1:
                out.append((state.copy(), seat))
            apply(state, seat, heuristic.choose(state, seat, legal))
    return out


def speed(players: int, count: int, seed: int, sides: Sides) -> dict:
    """Search iterations per second of both agents on the same positions, the same time each."""
    rates: dict[str, list[float]] = {"A": [], "B": []}
    phases = []
    for i, (state, seat) in enumerate(positions(players, count, seed)):
        phases.append(state.phase)
        for label in ("A", "B"):
            agent = sides.make(label, players, seed + i)
            timing = Timing()
            timed(agent, request(state, seat), timing)
            rates[label].append(timing.iterations / timing.wall)
    return {"positions": count, "phases": sorted(set(phases)),
            **{f"{label}_iterations_per_second_median": round(statistics.median(r), 1) for label, r in rates.items()},
            **{f"{label}_iterations_per_second_mean": round(statistics.mean(r), 1) for label, r in rates.items()}}


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=2, help="2 or 4 (default 2)")
    p.add_argument("--deals", type=int, default=2, help="deals, each played twice (default 2)")
    p.add_argument("--seconds", type=float, default=0.3, help="time per decision for each agent (default 0.3)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    p.add_argument("--positions", type=int, default=12, help="positions for iterations per second (default 12)")
    p.add_argument("--a", help="our side's agent spec (default mcts:time=SECONDS; e.g. heuristic)")
    p.add_argument("--ismcts-seconds", type=float, help="ISMCTS's time per decision instead (default --seconds)")
    p.add_argument("--rollouts", choices=("random", "heuristic"), default="random",
                   help="ISMCTS's leaves: OpenSpiel's random rollouts (default) or our heuristic's")
    p.add_argument("--minutes", type=float, help="start no deal after this many minutes (the games so far count)")
    p.add_argument("--out", type=pathlib.Path, help="write the results as JSON here (and the games beside it)")
    args = p.parse_args(argv)
    sides = Sides(args.a or f"mcts:time={args.seconds}", args.ismcts_seconds or args.seconds, args.rollouts)
    start = time.perf_counter()
    records = []
    for d in range(args.deals):
        if args.minutes is not None and time.perf_counter() - start > 60 * args.minutes:
            break
        seed = args.seed + d
        factions = deal(args.players, seed * 7919)
        for swapped in (False, True):
            records.append(play(d, seed, factions, seating(args.players, swapped), sides))
            if args.out:  # keep what is played so far
                lines = b"".join(msgspec.json.encode(r) + b"\n" for r in records)
                args.out.with_suffix(".games.jsonl").write_bytes(lines)
    result = {
        "command": "python -m benchmarks.bench_openspiel " + shlex.join(sys.argv[1:] if argv is None else argv),
        "A": sides.a,
        "B": f"OpenSpiel ISMCTSBot ({args.rollouts} rollouts, UCT c=2, max visits), {sides.seconds} s per decision",
        "players": args.players,
        "head_to_head": summarize(records),
        "same_positions": speed(args.players, args.positions, args.seed, sides),
        "seconds": round(time.perf_counter() - start, 1),
        "guild_in_play": sum(FACTION_NAMES[GUILD] in r.factions for r in records),
    }
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)
    return result


if __name__ == "__main__":
    main()
