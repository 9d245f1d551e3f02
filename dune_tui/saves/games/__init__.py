"""The saves' table: each game's classes in a save file, one module a game (saves/games/dune.py, express.py):
`Options`, `Snapshot` and `Save` (tagged with the game's name), and `VIEW_FIELDS`, what a seat's view holds otherwise
than the snapshot (dune_tui.net.views).  Pure data: a module here imports no engine until a view is read.  The one
place the saves import a game's module by its name; a game played from elsewhere declares its schema beside it
(`register(name, module)`, as tests/toy/ does)."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType

from ...games import Game, UnknownRules

SCHEMAS: dict[str, str] = {"dune": "dune_tui.saves.games.dune", "express": "dune_tui.saves.games.express"}


def register(name: str, module: str) -> None:
    """The save schema of the game `name` is the module `module`."""
    SCHEMAS[name] = module


@cache
def schema_of(game: Game) -> ModuleType:
    """The game's classes in a save file (`Options`, `Snapshot`, `Save`, `VIEW_FIELDS`)."""
    if game.name not in SCHEMAS:
        raise UnknownRules(f"{game.title} has no save schema (dune_tui.saves.games.register)")
    return import_module(SCHEMAS[game.name])
