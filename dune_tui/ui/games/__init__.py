"""The UI's table: each game's terminal UI, one package a game (ui/games/dune, ui/games/express), holding its
`board` (a `Board`, ui/kit/board.py), its `setup` (the new-game screen's lines: `compose(defaults)`, `show(screen)`,
`parameters(value)`; it imports no engine), its rules page (`rules.md`) and its styles (`NAME.tcss`, where it has
any).  The one place the UI imports a game's module by its name; a game played from elsewhere declares its package
beside it (`register(name, package)`, as tests/toy/ does).  A board's module is imported only when a game of its
kind is drawn.

    board = board_for(view.options)(screen)
    setup_for("express").compose(defaults)
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ...games import GAMES, UnknownRules, game_named, game_of
from ..widgets.log import LogStyle

if TYPE_CHECKING:
    from ..kit.board import Board

PACKAGES: dict[str, str] = {"dune": "dune_tui.ui.games.dune", "express": "dune_tui.ui.games.express"}


def register(name: str, package: str) -> None:
    """The UI of the game `name` is the package `package` (its `board`, `setup`, `rules.md`)."""
    PACKAGES[name] = package


def package_named(name: str) -> str:
    """The UI package of the game of that name."""
    game = game_named(name)
    if game.name not in PACKAGES:
        raise UnknownRules(f"{game.title} has no terminal board (dune_tui.ui.games.register)")
    return PACKAGES[game.name]


def board_for(options) -> type[Board]:
    """The Board class that draws a game with these options."""
    return import_module(f"{package_named(game_of(options).name)}.board").Board


def load_boards() -> None:
    """Import every game's board ahead (a front door's spare process, waiting for its player: server/web.py)."""
    for package in PACKAGES.values():
        import_module(f"{package}.board")


def setup_for(name: str) -> ModuleType:
    """The new-game screen's lines of the game of that name: the `setup` module beside its board."""
    return import_module(f"{package_named(name)}.setup")


def side_styles(options) -> tuple[tuple[str, str], ...]:
    """Each side's name and colour in a game with these options (the log colours the names)."""
    return tuple(zip(game_of(options).side_names, board_for(options).side_colours, strict=True))


def log_style(options) -> LogStyle:
    """How the log writes a game's events: its sides' names in their colours, its board's headlines and breaks."""
    board = board_for(options)
    return LogStyle(side_styles(options), board.log_headlines, board.log_breaks)


def rules_names() -> Iterable[str]:
    """The games with a rules page, in the registry's order."""
    return (name for name in GAMES if name in PACKAGES and files(PACKAGES[name]).joinpath("rules.md").is_file())


def rules_text(name: str) -> str:
    """The rules page of the game of that name (`rules.md` beside its board)."""
    return files(package_named(name)).joinpath("rules.md").read_text(encoding="utf-8")


def lesson_names() -> Iterable[str]:
    """The games with a guided first game (`lesson.toml` beside their board), in the registry's order."""
    return (name for name in GAMES if name in PACKAGES and files(PACKAGES[name]).joinpath("lesson.toml").is_file())


def lesson_text(name: str) -> str:
    """The guided first game of the game of that name (`lesson.toml` beside its board)."""
    return files(package_named(name)).joinpath("lesson.toml").read_text(encoding="utf-8")


def styles() -> list[Path]:
    """Each game's styles, the `NAME.tcss` file beside its board (where there is one), in the registry's order:
    the app loads them after its own."""
    found = []
    for name in GAMES:
        if name in PACKAGES:
            path = Path(str(files(PACKAGES[name]).joinpath(f"{name}.tcss")))
            if path.is_file():
                found.append(path)
    return found
