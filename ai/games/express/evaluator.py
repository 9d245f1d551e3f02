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

That logistic is the search's reward, not a chance: beside it a `Leaf` carries each seat's chance to win and
the chance that nobody wins (a round limit whose end everybody loses), from two logistic models fitted on
greedy self-play (ai/models/express_outcomes.json, `python -m lab.fit_express`): a seat's chance to win,
spread so that the chances and the nobody-wins chance fill one, and the chance that nobody wins where the rules
allow it (none without a round limit, nor with the tie-break's ending).
"""

from __future__ import annotations

import math
import random

from dune_tui.games.express import apply, legal_actions, returns
from dune_tui.games.express.data import TERRITORIES_TO_WIN

from ...evaluator import Leaf, outcome
from ...fitted import calibrated, calibration, group, model
from . import heuristic

SAMPLES = 3  # determinizations per ranking inside the search (as the heuristic's own answers)
SCALE = 10.0  # the heuristic's value per unit of the logistic (a territory is worth 10, the leader's -8)


def leaf_value(s) -> list[float]:
    """Each seat's value of an unfinished game in [0, 1]: the logistic of the heuristic's value for its house."""
    return [1.0 / (1.0 + math.exp(-heuristic.value(s, h) / SCALE)) for h in s.seat_house]


def nobody_possible(s) -> bool:
    """Whether the game can end with nobody winning: a round limit (the Shorter Game's, Manipulation's, or the
    one the players agreed) whose end is nobody's (not the tie-break's)."""
    return bool(s.limit) and (s.options.ending == "nobody" or not (s.options.round_limit or s.options.abilities))


def rounds_left(s) -> float:
    """The share of the round limit still to play (this round counted), 1.0 without one."""
    return (s.limit - s.round + 1) / s.limit if s.limit else 1.0


def win_features(s, house: int) -> list[float]:
    """What the win model reads for `house`: its territories and the leader's among the others against those
    needed, its troops on the board against the most of the others', the round limit's rounds left."""
    need = TERRITORIES_TO_WIN[s.n]
    held = s.held(house)
    others = [h for h in s.seat_house if h != house and h >= 0]
    lead = max((s.held(h) for h in others), default=0)
    troops = s.on_board(house) - max((s.on_board(h) for h in others), default=0)
    left = rounds_left(s)
    return [1.0, held / need, 1.0 if held >= need - 1 else 0.0, lead / need, 1.0 if lead >= need - 1 else 0.0,
            max(-10, min(10, troops)) / 10, 1.0 / s.n, 1.0 - left, (held / need) * (1.0 - left)]


def nobody_features(s) -> list[float]:
    """What the nobody-wins model reads (where nobody_possible): the rounds left, the most territories any
    house holds against those needed."""
    need = TERRITORIES_TO_WIN[s.n]
    best = max(s.held(h) for h in s.seat_house) / need
    left = rounds_left(s)
    return [1.0, left, best, 1.0 if best >= (need - 1) / need else 0.0, left * best, 1.0 / s.n]


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def outcomes(s) -> tuple[list[float], float]:
    """Each seat's chance to win an unfinished game and the chance that nobody wins (they sum to one)."""
    m = model("express_outcomes").weights
    raw = [_logistic(sum(a * b for a, b in zip(m["win"], win_features(s, h)))) for h in s.seat_house]
    nobody = _logistic(sum(a * b for a, b in zip(m["nobody"], nobody_features(s)))) if nobody_possible(s) else 0.0
    total = sum(raw) or 1.0
    return [(1.0 - nobody) * p / total for p in raw], nobody


def shown(s) -> tuple[list[float], float]:
    """Each seat's chance to win and the chance that nobody wins as a leaf shows them (the advisor's and the
    review's figures): `outcomes` read through the calibration fitted on greedy self-play
    (ai/models/express_calibration.json, `python -m lab.calibrate --rules express`), the seats sharing the rest."""
    wins, nobody = outcomes(s)
    return calibrated(calibration("express_calibration").wins[group(s.n)], wins, nobody), nobody


def leaf(s) -> Leaf:
    """The leaf: the values above (the search's reward), and apart the chances (`shown`)."""
    return Leaf(leaf_value(s), *shown(s))


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
