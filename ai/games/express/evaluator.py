"""The search's evaluator for Dune Express (the protocol of ai/evaluator.py): the Express heuristic's ranking
as the prior, its one-ply greedy play as the rollouts to the end of the leaf's turn, and there the heuristic's
judgement (`heuristic.value`: territories held against the leader's, troops on the board) as each
seat's chance.

Costs, measured (docs/EXPRESS.md, Bots): the heuristic ranks a roll's 15-127 ways to keep dice in about 40 ms
with one determinization, and a greedy turn plays in about 2 ms.  So a node ranks its actions only when the
search comes back to it (`lazy`: after a reroll the dice shown rarely repeat, and most new nodes are never
revisited), and the rollouts stop at the end of the turn the leaf is in (or the config's horizon, if sooner):
the greedy play of the other seats' turns, which never rerolls, only added noise.  Measured against the
heuristic, two players, mcts:normal (benchmarks/results/express-2p-mcts-heuristic*): with the earlier leaf (a
softmax of territories held over those needed, rollouts to the config's horizon) it won 1 of its first 7 games;
with this one 17 of 20 (85%, 95% CI 64-95%), the same 7 deals all 7, in under half the time per decision.
"""

from __future__ import annotations

import math
import random

from dune_tui.games.express import apply, legal_actions, returns

from ...evaluator import Leaf, outcome
from . import heuristic

SAMPLES = 3  # determinizations per ranking inside the search (as the heuristic's own answers)
SCALE = 10.0  # the heuristic's value per unit of the logistic (a territory is worth 10, the leader's -8)


def leaf_value(s) -> list[float]:
    """Each seat's value of an unfinished game in [0, 1]: the logistic of the heuristic's value for its house."""
    return [1.0 / (1.0 + math.exp(-heuristic.value(s, h) / SCALE)) for h in s.seat_house]


def leaf(s) -> Leaf:
    """The leaf: the values above (the search's reward), and apart the chances (TODO)."""
    v = leaf_value(s)
    return Leaf(v, v, 0.0)


class ExpressRollouts:
    """The Express heuristic's prior and rollouts (ai.evaluator.Evaluator); its own generator draws the prior's
    determinizations (seeded by the bot's seed: what the seat sees and that seed decide, nothing hidden)."""

    lazy = True  # ai/mcts.py ranks a node's actions when it first selects from it, not when it creates it

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def prior(self, state, seat: int, legal: list) -> list:
        return heuristic.ranked(state, seat, legal, self.rng, SAMPLES)

    def evaluate(self, s, seat: int, horizon_turn: int | None) -> Leaf:
        """Play `s` on greedily (it is changed) to the end of its turn (or the start of turn `horizon_turn`)."""
        stop = s.turn + 1 if horizon_turn is None else min(horizon_turn, s.turn + 1)
        greedy = heuristic.greedy
        while s.result is None:
            if s.turn >= stop:
                return leaf(s)
            mover = s.awaiting[0]
            apply(s, mover, greedy(s, mover, legal_actions(s, mover)), check=False)
        return outcome(s, returns)
