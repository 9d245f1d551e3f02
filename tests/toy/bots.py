"""Toy Dice's bots (the bots' table's module): a heuristic that holds at 6, and what the search needs."""

from __future__ import annotations

import random

from dune_tui.ai.evaluator import outcome
from dune_tui.ai.search_rules import SearchRules

from . import engine

HOLD_AT = 6


def choose(view, seat: int, legal: list, rng: random.Random) -> tuple:
    return engine.rules.HOLD if view.pot >= HOLD_AT and engine.rules.HOLD in legal else legal[0]


def ranked(view, seat: int, legal: list, rng: random.Random) -> list:
    first = choose(view, seat, legal, rng)
    return [first, *(a for a in legal if a != first)]


class Scores:
    """The search's evaluator: the leader's share of the points so far."""

    lazy = False

    def prior(self, state, seat: int, legal: list) -> list:
        return ranked(state, seat, legal, random.Random(0))

    def evaluate(self, state, seat: int, horizon_turn):
        from dune_tui.ai.evaluator import Leaf

        if state.over:
            return outcome(state, engine.returns)
        total = sum(state.score) or 1
        share = [s / total for s in state.score]
        return Leaf(share, share, 0.0)


class Heuristic:
    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, request, cancel=None):
        return choose(request.view, request.seat, list(request.legal), self.rng)


def search_rules(two_player_models: bool = True, seed: int = 0, evaluator=None) -> SearchRules:
    return SearchRules(engine, evaluator or Scores(), choose, frozenset(), frozenset(), ranked)


def heuristic_agent(seed: int = 0) -> Heuristic:
    return Heuristic(seed)
