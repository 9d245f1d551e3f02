"""Each game's bots, one module a game (its record's `bots`: ai.games.dune, ai.games.express): what the search
needs of it (`search_rules(...)`, ai/search_rules.py) and its heuristic bot (`heuristic_agent(seed)`).  The bots
ask the game's record which module that is; nothing here names a game.

    bots_of(view.options).heuristic_agent(seed).decide(request)
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from dune_tui.games import game_of


def bots_of(options) -> ModuleType:
    """The bots' module of the game these options are for."""
    return import_module(game_of(options).bots)


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
            agent = self.agents[game.name] = import_module(game.bots).heuristic_agent(self.seed)
        return agent.decide(request)
