"""What the search (ai/mcts.py) needs of each game, in one shape: the engine that plays it, the evaluator that
judges it, the heuristic that answers when a search is not worth it, and which decisions get less.  Each game's
bots module (its record's `bots`: ai/games/dune/, ai/games/express/) makes its own.

    rules = search_rules_of(view.options, two_player_models, seed)   # or search_rules("express", ...)
    rules.engine.apply(...); rules.evaluator.prior(...); rules.choose(view, seat, legal, rng)
    rules.ranked(view, seat, legal, rng)   # the heuristic's order of the legal actions (the advisor's at-once answer)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from importlib import import_module
from types import ModuleType

from dune_tui.games import game_named, game_of

from .evaluator import Evaluator


@dataclasses.dataclass(frozen=True)
class SearchRules:
    engine: ModuleType  # the game's verbs: legal_actions, apply, determinize, observation_key, returns
    evaluator: Evaluator
    choose: Callable[[object, int, list, random.Random], tuple]  # the heuristic's answer from a seat's view
    at_once: frozenset[str]  # phases the heuristic answers without a search
    minor: frozenset[str]  # phases given SearchConfig.minor_share of the budget
    ranked: Callable[[object, int, list, random.Random], list]  # the heuristic's order of the legal actions


def search_rules(rules: str, two_player_models: bool = True, seed: int = 0,
                 evaluator: Evaluator | None = None) -> SearchRules:
    """The search's view of the game named `rules` (as dune_tui.games spells it); `evaluator` replaces the
    game's own."""
    return import_module(game_named(rules).bots).search_rules(two_player_models, seed, evaluator)


def search_rules_of(options, two_player_models: bool = True, seed: int = 0,
                    evaluator: Evaluator | None = None) -> SearchRules:
    """The search's view of the game these options are for."""
    return import_module(game_of(options).bots).search_rules(two_player_models, seed, evaluator)
