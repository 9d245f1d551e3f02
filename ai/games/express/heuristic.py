"""A first Dune Express bot: one ply of look-ahead over sampled dice, from the seat's view only.

Each legal action is tried on a few determinizations of the view (the same dice for every action, so the
comparison is fair), the rest of the seat's turn played on greedily, and the position scored: a win, the
territories held (its own against the leader's), its troops on the board against the others', its manned
fortresses (the fortress modification).  It knows the
verbs of `dune_tui.games.express` and the State's public queries (`held`, `units`, `on_board`), nothing of the rules.
"""

from __future__ import annotations

import random

from dune_tui.games.express import apply, determinize, legal_actions

WIN = 1000.0
SAMPLES = 3
STEPS = 60  # a turn's decisions played on at most (a turn is about ten)


def value(state, house: int) -> float:
    """How good `state` is for `house` (higher is better)."""
    if state.result is not None:
        winners = state.result.winners
        return WIN if house in winners else (0.0 if not winners else -WIN)
    held = state.held(house)
    others = [h for h in state.seat_house if h != house and h >= 0]
    leader = max((state.held(h) for h in others), default=0)
    mine = state.on_board(house)
    theirs = max((state.on_board(h) for h in others), default=0)
    forts = sum(1 for loc, owner in enumerate(state.fortress) if owner == house and state.units(loc, house))
    return 10.0 * held - 8.0 * leader + 0.5 * mine - 0.3 * theirs + 1.5 * forts  # a fortress: 2 strength


def greedy(s, mover: int, legal: list) -> tuple:
    """One ply, no sampling: the action whose result `value` likes best; at a roll, stop (what is on the table
    is played).  The look-ahead's policy, and the search's rollouts (ai/games/express/evaluator.py)."""
    if len(legal) == 1:
        return legal[0]
    if s.phase == "roll":
        return next((a for a in legal if a[0] == "stop"), legal[0])
    me = s.seat_house[mover]
    best, best_v = legal[0], None
    for a in legal:
        t = s.copy()
        apply(t, mover, a, check=False)
        v = value(t, me)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def _play_turn_on(s, seat: int, house: int, turn: int) -> None:
    """Play `s` on greedily (every seat by one ply, no more sampling) until the turn ends or the game does."""
    for _ in range(STEPS):
        if s.result is not None or s.turn != turn or not s.awaiting:
            return
        mover = s.awaiting[0]
        apply(s, mover, greedy(s, mover, legal_actions(s, mover)), check=False)


def ranked(view, seat: int, legal: list, rng: random.Random, samples: int = SAMPLES) -> list:
    """The legal actions, best first, by their mean value over `samples` determinizations of the view."""
    house = view.seat_house[seat]
    seeds = [rng.getrandbits(62) for _ in range(samples)]
    worlds = [determinize(view, seed) for seed in seeds]
    scores = []
    for i, action in enumerate(legal):
        total = 0.0
        for world in worlds:
            s = world.copy()
            apply(s, seat, action, check=False)
            _play_turn_on(s, seat, house, world.turn)
            total += value(s, house)
        scores.append((-total / samples, i))
    return [legal[i] for _, i in sorted(scores)]


def choose(view, seat: int, legal: list, rng: random.Random) -> tuple:
    if len(legal) == 1:
        return legal[0]
    return ranked(view, seat, legal, rng)[0]


class ExpressHeuristicAgent:
    """The Dune Express heuristic as a bot (ai.agent.Agent)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, request, cancel=None):
        return choose(request.view, request.seat, list(request.legal), self.rng)
