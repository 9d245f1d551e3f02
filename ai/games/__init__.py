"""The bots' table: each game's bots, one module a game (ai.games.dune, ai.games.express), with what the search
needs of it (`search_rules(...)`: ai/search_rules.py's `SearchRules`) and its heuristic bot (`heuristic_agent(seed)`).
The one place the bots import a game's module by its name; a game played from elsewhere declares its bots beside
them (`register(name, module)`, as tests/toy/ does).  Nothing else here names a game.

    bots_of(view.options).heuristic_agent(seed).decide(request)
    rules = search_rules_of(view.options, two_player_models, seed)   # or search_rules("express", ...)
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from dune_tui.games import UnknownRules, game_named, game_of

# game -> its bots' module
BOTS: dict[str, str] = {"dune": "dune_tui.ai.games.dune", "express": "dune_tui.ai.games.express"}


def register(name: str, module: str) -> None:
    """The bots of the game `name` are the module `module` (its `search_rules` and `heuristic_agent`)."""
    BOTS[name] = module


def bots_named(name: str) -> ModuleType:
    """The bots' module of the game of that name."""
    game = game_named(name)
    if game.name not in BOTS:
        raise UnknownRules(f"{game.title} has no bots (ai.games.register)")
    return import_module(BOTS[game.name])


def bots_of(options) -> ModuleType:
    """The bots' module of the game these options are for."""
    return bots_named(game_of(options).name)


def search_rules(rules: str, two_player_models: bool = True, seed: int = 0, evaluator=None):
    """The search's view of the game named `rules` (as dune_tui.games spells it), a `SearchRules`; `evaluator`
    replaces the game's own."""
    return bots_named(rules).search_rules(two_player_models, seed, evaluator)


def search_rules_of(options, two_player_models: bool = True, seed: int = 0, evaluator=None):
    """The search's view of the game these options are for."""
    return bots_of(options).search_rules(two_player_models, seed, evaluator)


class HeuristicAgent:
    """The `heuristic` bot of any game: the game's own heuristic (its bots' `heuristic_agent`), made when first
    asked and kept, seeded with this bot's seed."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.agents: dict[str, object] = {}  # by game

    def decide(self, request, cancel=None):
        game = game_of(request.view.options)
        agent = self.agents.get(game.name)
        if agent is None:
            agent = self.agents[game.name] = bots_named(game.name).heuristic_agent(self.seed)
        return agent.decide(request)
