"""The first game's bots: its heuristic (ai/heuristic.py), and what the search needs of it (ai/search_rules.py):
its evaluator (ai/evaluator.py), the decisions the heuristic answers at once and those that get less."""

from __future__ import annotations

import random

from dune_tui.games import dune as engine

from ..evaluator import Evaluator, HeuristicRollouts
from ..search_rules import SearchRules

# The decisions that rarely matter get a fraction of the budget (SearchConfig.minor_share).
MINOR_PHASES = frozenset({
    "fort_loss", "face_dancers", "worm_harvester", "offer_leader", "share", "gift", "consent", "ally_recruit",
    "axolotl", "battle_order", "ally_land", "ally_move", "recruit", "piter",
})
HEURISTIC_PHASES = frozenset({"setup_prediction", "choose_faction"})  # answered by the heuristic at once


def _choose(view, seat: int, legal: list, rng: random.Random) -> tuple:
    from .. import heuristic

    return heuristic.choose(view, seat, legal)


def search_rules(two_player_models: bool = True, seed: int = 0, evaluator: Evaluator | None = None) -> SearchRules:
    """The search's view of the first game; `evaluator` replaces its own (the heuristic's rollouts)."""
    return SearchRules(engine, evaluator or HeuristicRollouts.with_models(two_player_models),
                       _choose, HEURISTIC_PHASES, MINOR_PHASES)


def heuristic_agent(seed: int = 0):
    """The first game's heuristic as a bot (it draws no random numbers: the seed is not used)."""
    from ..heuristic import HeuristicAgent

    return HeuristicAgent(seed)
