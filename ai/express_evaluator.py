"""The search's evaluator for Dune Express (the protocol of ai/evaluator.py): the Express heuristic's ranking
as the prior, its one-ply greedy play as the rollouts, and territories held against those needed at the horizon.

Costs, measured (docs/EXPRESS.md, Bots): the heuristic ranks a roll's 15-127 ways to keep dice in about 40 ms
with one determinization, and a greedy turn plays in about 2 ms.  So a node ranks its actions only when the
search comes back to it (`lazy`: after a reroll the dice shown rarely repeat, and most new nodes are never
revisited), and the rollouts stop at the horizon rather than playing to the end.
"""

from __future__ import annotations

import math
import random

from dune_tui.express import apply, legal_actions, returns
from dune_tui.express.data import TERRITORIES_TO_WIN

from . import express_heuristic
from .evaluator import outcome

SAMPLES = 1  # determinizations per ranking inside the search (the heuristic's own answers use 3)
SHARPNESS = 4.0  # how strongly the leaf value favours the seat nearest its territories
TROOP_WEIGHT = 0.02  # a unit on the board, in territories
MAX_TURNS = 200  # a rollout to the end (horizon None) is cut here and valued as a leaf


def leaf_value(s) -> list[float]:
    """Each seat's value of an unfinished game in [0, 1] (summing to 1): a softmax of its territories held over
    those it needs, plus a little for its units on the board."""
    need = TERRITORIES_TO_WIN[s.n]
    scores = [SHARPNESS * (s.held(h) / need + TROOP_WEIGHT * s.on_board(h)) for h in s.seat_house]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


class ExpressRollouts:
    """The Express heuristic's prior and rollouts (ai.evaluator.Evaluator); its own generator draws the prior's
    determinizations (seeded by the bot's seed: what the seat sees and that seed decide, nothing hidden)."""

    lazy = True  # ai/mcts.py ranks a node's actions when it first selects from it, not when it creates it

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def prior(self, state, seat: int, legal: list) -> list:
        return express_heuristic.ranked(state, seat, legal, self.rng, SAMPLES)

    def evaluate(self, s, seat: int, horizon_turn: int | None) -> list[float]:
        """Play `s` on greedily (it is changed) to the end, or to the start of turn `horizon_turn`."""
        stop = horizon_turn if horizon_turn is not None else s.turn + MAX_TURNS
        greedy = express_heuristic.greedy
        while s.result is None:
            if s.turn >= stop:
                return leaf_value(s)
            mover = s.awaiting[0]
            apply(s, mover, greedy(s, mover, legal_actions(s, mover)), check=False)
        return outcome(s, returns)
