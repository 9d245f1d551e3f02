"""What the search (ai/mcts.py) needs of each game, in one shape: the engine that plays it, the evaluator that
judges it, the heuristic that answers when a search is not worth it, and which decisions get less.  Each game's
bots module (the bots' table, ai/games/: ai/games/dune/, ai/games/express/) makes its own; the table's
`search_rules(name, ...)` and `search_rules_of(options, ...)` find it.

    rules = search_rules_of(view.options, two_player_models, seed)   # ai.games's, or search_rules("express", ...)
    rules.engine.apply(...); rules.evaluator.prior(...); rules.choose(view, seat, legal, rng)
    rules.ranked(view, seat, legal, rng)   # the heuristic's order of the legal actions (the advisor's at-once answer)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from types import ModuleType

from .evaluator import Evaluator


@dataclasses.dataclass(frozen=True)
class SearchRules:
    engine: ModuleType  # the game's verbs: legal_actions, apply, determinize, observation_key, returns
    evaluator: Evaluator
    choose: Callable[[object, int, list, random.Random], tuple]  # the heuristic's answer from a seat's view
    at_once: frozenset[str]  # phases the heuristic answers without a search
    minor: frozenset[str]  # phases given SearchConfig.minor_share of the budget
    ranked: Callable[[object, int, list, random.Random], list]  # the heuristic's order of the legal actions

