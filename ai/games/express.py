"""Dune Express's bots: its heuristic (ai/express_heuristic.py), and what the search needs of it
(ai/search_rules.py): its evaluator (ai/express_evaluator.py) and the decisions the heuristic answers at once."""

from __future__ import annotations

from dune_tui.games import express as engine

from ..evaluator import Evaluator
from ..search_rules import SearchRules

# the Bene Gesserit's secret round: the leaf value cannot judge a round many turns ahead
HEURISTIC_PHASES = frozenset({"predict"})
MINOR_PHASES = frozenset({"block", "desert_power"})


def search_rules(two_player_models: bool = True, seed: int = 0, evaluator: Evaluator | None = None) -> SearchRules:
    """The search's view of Dune Express; `evaluator` replaces its own (ExpressRollouts)."""
    from .. import express_heuristic
    from ..express_evaluator import ExpressRollouts

    return SearchRules(engine, evaluator or ExpressRollouts(seed), express_heuristic.choose,
                       HEURISTIC_PHASES, MINOR_PHASES)


def heuristic_agent(seed: int = 0):
    """Dune Express's heuristic as a bot, its random choices seeded by `seed`."""
    from ..express_heuristic import ExpressHeuristicAgent

    return ExpressHeuristicAgent(seed)
