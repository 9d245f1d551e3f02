"""What a search is handed to judge positions (OpenSpiel's shape: an evaluator gives a prior and a value).

The search (ai/mcts.py) asks its evaluator two things:
- `prior(state, seat, legal)`: the candidate actions of a new node, likeliest first (the search puts its prior
  on this order); where two seats choose at once (the first game's sealed battle commit) the candidates are
  each side's own;
- `evaluate(state, seat, horizon_turn)`: each seat's value of a leaf as `seat` judges it, in [0, 1];
and says by `lazy` whether a node's candidates are ranked when the node is made (False) or when the search
first comes back to it (True: for a costly prior, since most new nodes are never revisited).

Each game's bots module (ai/games/) picks its own: the first game's `HeuristicRollouts`
(ai/games/dune/evaluator.py), Dune Express's `ExpressRollouts` (ai/games/express/evaluator.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

DRAW = 0.25  # what a game nobody wins is worth to each seat: a loss, but nobody else's win either


class Evaluator(Protocol):
    lazy: bool

    def prior(self, state, seat: int, legal: list) -> list: ...

    def evaluate(self, state, seat: int, horizon_turn: int | None) -> list[float]: ...


def outcome(s, returns: Callable[[object], list[float]]) -> list[float]:
    """The reward of a finished game for each seat (1 a win; DRAW each when nobody won), by the `returns` of
    the game's rule set."""
    r = returns(s)
    return r if any(r) else [DRAW] * s.n
