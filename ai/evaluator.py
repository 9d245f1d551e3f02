"""What a search is handed to judge positions (OpenSpiel's shape: an evaluator gives a prior and a value).

The search (ai/mcts.py) asks its evaluator two things:
- `prior(state, seat, legal)`: the candidate actions of a new node, likeliest first (the search puts its prior
  on this order); at a sealed battle commit both sides choose at once, and the candidates are the cheapest commit
  of each strength;
- `evaluate(state, seat, horizon_turn)`: each seat's value of a leaf as `seat` judges it, in [0, 1];
and says by `lazy` whether a node's candidates are ranked when the node is made (False) or when the search
first comes back to it (True: for a costly prior, since most new nodes are never revisited).

`HeuristicRollouts` is the shipped one: the heuristic's ranking as the prior, and a rollout by the heuristic to
the end of the game or, at `horizon_turn`, the leaf value of ai/evaluate.py (`leaf_value`).  Dune Express has
its own (ai/express_evaluator.py); each game's bots module (ai/games/) picks its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from dune_tui.games.dune import apply, is_simultaneous, returns

from . import heuristic
from .evaluate import DRAW, leaf_value


class Evaluator(Protocol):
    lazy: bool

    def prior(self, state, seat: int, legal: list) -> list: ...

    def evaluate(self, state, seat: int, horizon_turn: int | None) -> list[float]: ...


def outcome(s, returns: Callable[[object], list[float]] = returns) -> list[float]:
    """The reward of a finished game for each seat (1 a win; DRAW each when nobody won), by the `returns` of
    the game's rule set (the first game's by default)."""
    r = returns(s)
    return r if any(r) else [DRAW] * s.n


class HeuristicRollouts:
    """The heuristic's prior and rollouts; `value(state, seat)` judges the position at the horizon."""

    lazy = False  # a node's actions are ranked when it is created

    def __init__(self, value: Callable[[object, int], list[float]]) -> None:
        self.value = value

    @classmethod
    def with_models(cls, two_player_models: bool = True) -> HeuristicRollouts:
        return cls(leaf_value(two_player_models))

    def prior(self, state, seat: int, legal: list) -> list:
        if len(state.awaiting) == 2 and is_simultaneous(state):  # both sides of the battle commit at once
            return heuristic.commit_frontier(legal)
        return heuristic.ranked(state, seat, legal)

    def evaluate(self, s, seat: int, horizon_turn: int | None) -> list[float]:
        """Play `s` on by the heuristic (it is changed) to the end, or to the start of turn `horizon_turn`."""
        choose = heuristic.choose
        while s.result is None:
            if horizon_turn is not None and s.turn >= horizon_turn and s.phase == "roll" and s.kept == 0:
                return self.value(s, seat)
            mover = s.awaiting[0]
            apply(s, mover, choose(s, mover), check=False)
        return outcome(s)
