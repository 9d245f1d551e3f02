"""The first game's evaluator for the search (ai/evaluator.py says what one is): the heuristic's ranking as the
prior (but for a region die that brings no region the seat needs this turn, with no turn to spare: rerolling it
first), and a rollout by the heuristic to the end of the game or, at `horizon_turn`, the leaf value of
ai/games/dune/evaluate.py (`leaf_value`)."""

from __future__ import annotations

from collections.abc import Callable

from dune_tui.games.dune import apply, is_simultaneous, returns
from dune_tui.games.dune.data import REGION_DIE

from ...evaluator import Leaf, outcome
from . import heuristic
from .evaluate import idle_region_die, leaf_value
from .plan import Ctx


class HeuristicRollouts:
    """The heuristic's prior and rollouts; `value(state, seat)` judges the position at the horizon (a Leaf)."""

    lazy = False  # a node's actions are ranked when it is created

    def __init__(self, value: Callable[[object, int], Leaf]) -> None:
        self.value = value
        # (state, turn, Ctx) of the last roll `prior` ranked: the search's rollout from a new node plays on from
        # the same state, whose first decision is that roll (the board read once for both)
        self.rolls: tuple | None = None

    @classmethod
    def with_models(cls, two_player_models: bool = True) -> HeuristicRollouts:
        return cls(leaf_value(two_player_models))

    def prior(self, state, seat: int, legal: list) -> list:
        if len(state.awaiting) == 2 and is_simultaneous(state):  # both sides of the battle commit at once
            return heuristic.commit_frontier(legal)
        ctx = Ctx(state, seat)
        order = heuristic.ranked(state, seat, legal, ctx)
        if state.phase == "roll":
            self.rolls = (state, state.turn, ctx)
        if idle_region_die(state, seat):  # rerolling it first: keeping it gives up the win (the rest as ranked)
            order.sort(key=lambda a: bool(a[1] >> REGION_DIE & 1))
        return order

    def evaluate(self, s, seat: int, horizon_turn: int | None) -> Leaf:
        """Play `s` on by the heuristic (it is changed) to the end, or to the start of turn `horizon_turn`."""
        choose = heuristic.choose
        # (turn, the roller's Ctx): what it read of the board holds through the turn's rolls
        kept, self.rolls = self.rolls, None
        rolls = kept[1:] if kept is not None and kept[0] is s else None
        while s.result is None:
            if horizon_turn is not None and s.turn >= horizon_turn and s.phase == "roll" and s.kept == 0:
                return self.value(s, seat)
            mover = s.awaiting[0]
            ctx = None
            if s.phase == "roll":
                if rolls is None or rolls[0] != s.turn:
                    rolls = (s.turn, Ctx(s, mover))
                ctx = rolls[1]
            apply(s, mover, choose(s, mover, None, ctx), check=False)
        return outcome(s, returns)
