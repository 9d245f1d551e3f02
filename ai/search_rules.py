"""What the search (ai/mcts.py) needs of each rule set, in one place: the engine that plays it, the evaluator
that judges it, the heuristic that answers when a search is not worth it, and which decisions get less.

    rules = search_rules("express", config, seed)   # the name as dune_tui.games spells it
    rules.engine.apply(...); rules.evaluator.prior(...); rules.choose(view, seat, legal, rng)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from types import ModuleType

from dune_tui.games import game_named

from .evaluator import Evaluator, HeuristicRollouts

# The first game's decisions that rarely matter get a fraction of the budget (SearchConfig.minor_share).
MINOR_PHASES = frozenset({
    "fort_loss", "face_dancers", "worm_harvester", "offer_leader", "share", "gift", "consent", "ally_recruit",
    "axolotl", "battle_order", "ally_land", "ally_move", "recruit", "piter",
})
HEURISTIC_PHASES = frozenset({"setup_prediction", "choose_faction"})  # answered by the heuristic at once


@dataclasses.dataclass(frozen=True)
class SearchRules:
    engine: ModuleType  # the rule set's verbs: legal_actions, apply, determinize, observation_key, returns
    evaluator: Evaluator
    choose: Callable[[object, int, list, random.Random], tuple]  # the heuristic's answer from a seat's view
    at_once: frozenset[str]  # phases the heuristic answers without a search
    minor: frozenset[str]  # phases given SearchConfig.minor_share of the budget


def _first_game_choice(view, seat: int, legal: list, rng: random.Random) -> tuple:
    from . import heuristic

    return heuristic.choose(view, seat, legal)


def search_rules(rules: str, two_player_models: bool = True, seed: int = 0,
                 evaluator: Evaluator | None = None) -> SearchRules:
    """The search's view of rule set `rules` ("dune" or "express"); `evaluator` replaces the rule set's own."""
    engine = game_named(rules).engine
    if rules == "express":
        from . import express_heuristic
        from .express_evaluator import ExpressRollouts

        # the Bene Gesserit's secret round: the leaf value cannot judge a round many turns ahead
        return SearchRules(engine, evaluator or ExpressRollouts(seed), express_heuristic.choose,
                           frozenset({"predict"}), frozenset({"block", "desert_power"}))
    return SearchRules(engine, evaluator or HeuristicRollouts.with_models(two_player_models), _first_game_choice,
                       HEURISTIC_PHASES, MINOR_PHASES)
