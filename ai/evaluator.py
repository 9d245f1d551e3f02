"""What a search is handed to judge positions (OpenSpiel's shape: an evaluator gives a prior and a value).

The search (ai/mcts.py) asks its evaluator two things:
- `prior(state, seat, legal)`: the candidate actions of a new node, likeliest first (the search puts its prior
  on this order); where two seats choose at once (the first game's sealed battle commit) the candidates are
  each side's own;
- `evaluate(state, seat, horizon_turn)`: a `Leaf` as `seat` judges it: each seat's value in [0, 1] (the search's
  reward, which it maximises) and, apart, each seat's chance to win and the chance that nobody wins (what the
  advisor and the review show: the reward counts a game nobody wins as DRAW, which is no win);
and says by `lazy` whether a node's candidates are ranked when the node is made (False) or when the search
first comes back to it (True: for a costly prior, since most new nodes are never revisited).

Each game's bots module (ai/games/) picks its own: the first game's `HeuristicRollouts`
(ai/games/dune/evaluator.py), Dune Express's `ExpressRollouts` (ai/games/express/evaluator.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

DRAW = 0.25  # what a game nobody wins is worth to each seat: a loss, but nobody else's win either


class Leaf(NamedTuple):
    """A position judged: `rewards` per seat (what the search maximises: a win 1, a game nobody wins DRAW), and
    the outcomes apart: `wins`, each seat's chance to win (alone or in an alliance), and `nobody`, the chance
    that nobody wins (the Guild's default win is the Guild's; Dune Express's round limit is nobody's)."""

    rewards: list[float]
    wins: list[float]
    nobody: float


class Evaluator(Protocol):
    lazy: bool

    def prior(self, state, seat: int, legal: list) -> list: ...

    def evaluate(self, state, seat: int, horizon_turn: int | None) -> Leaf: ...


def outcome(s, returns: Callable[[object], list[float]]) -> Leaf:
    """A finished game judged by the `returns` of the game's rule set: the reward (1 a win; DRAW each when
    nobody won) and the outcome itself."""
    r = returns(s)
    return Leaf(r, r, 0.0) if any(r) else Leaf([DRAW] * s.n, r, 1.0)
