"""What the game screen draws for each game: a package per game (ui/games/dune, ui/games/express) with a
`Board` that keeps this protocol; the game's record (dune_tui.games.registry) names the board's module and
the rules page, so nothing here knows which games exist.

The game screen keeps the flow (the table's messages, requests, dialogs, keys); a board composes the widgets
above the decision panel and shows a seat's view on them:

    board = board_for(view.options)(screen)
    board.compose(seats)                # the widgets: status, board, side cards, dice
    board.show(view, seat, pace)        # a seat's view (or the public one, seat -1)

A board module is imported only when a game of its kind is drawn; the new-game screen's lines for a game are the
`setup` module beside it (`setup_for(name)`), which imports no engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from importlib.resources import files
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar, Protocol

from ..games import GAMES, game_named, game_of
from .widgets.log import LogStyle

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import ComposeResult
    from textual.screen import Screen

    from ..widgets.words import Words


class Board(Protocol):
    """One game's drawing on the game screen (its widgets queried on `screen`)."""

    tips: ClassVar[str]  # `?` on the game screen: how to read the board
    words: ClassVar[Words]  # the decision panel's words and forms
    secret_phases: ClassVar[frozenset[str]]  # the decisions a hot seat hands the terminal over for
    side_colours: ClassVar[tuple[str, ...]]  # each side's colour, by side id
    log_headlines: ClassVar[frozenset[str]]  # the event kinds the log writes in bold (a turn, a battle, the end)
    log_breaks: ClassVar[frozenset[str]]  # the event kinds the log leaves a blank line before (a turn)

    def __init__(self, screen: Screen) -> None: ...

    def compose(self, seats) -> ComposeResult:
        """The widgets above the decision panel: status, board, side cards, dice."""
        ...

    def show(self, view, seat: int, pace) -> None:
        """A seat's view (or the public one, seat -1); `pace`: the bots' pause and skipping."""
        ...

    def light(self, view, keys: list | None) -> None:
        """Light the places the listed options are about (keys None: none)."""
        ...

    def point(self, view, key: tuple | None) -> None:
        """Mark the place of the option highlighted (None: none)."""
        ...

    @staticmethod
    def options_at(view, keys: list) -> dict[int, list[int]]:
        """{place: [option index]}, for clicks on the board."""
        ...

    def set_seats(self, seats) -> None: ...

    def set_marks(self, marks: int) -> None:
        """The dice marked in the open roll form."""
        ...

    @staticmethod
    def side_label(side: int, short: bool = False) -> Text:
        """A faction's or house's letter and name, in its colour."""
        ...

    @staticmethod
    def houses_screen(view, seats, you: int) -> Screen:
        """`c`: every side's card, as the seat `you` sees them."""
        ...

    @staticmethod
    def battle_seats(event) -> tuple[int, ...] | None:
        """The seats of the battle whose sealed choices `event` reveals (None: it reveals none): a human's gets
        `reveal_screen`, another's a notice."""
        ...

    @staticmethod
    def reveal_screen(event, batch) -> Screen:
        """A battle the seat fought, its sealed choices revealed (`event`), with the events that came with it."""
        ...

    @staticmethod
    def reveal_summary(event) -> str:
        """A battle between others, in a line (a notice)."""
        ...

    @staticmethod
    def game_over_screen(over, settings, joined: bool) -> Screen:
        """The game-over screen for the table's GameOver of this seat."""
        ...


def board_for(options) -> type[Board]:
    """The Board class that draws a game with these options (the module its record names)."""
    return import_module(game_of(options).board).Board


def setup_for(name: str) -> ModuleType:
    """The new-game screen's lines of the game of that name: the `setup` module beside its board (`compose(defaults)`
    the lines, `show(screen)` those that depend on others, `parameters(value)` the engine's parameters from them)."""
    return import_module(game_named(name).board.rpartition(".")[0] + ".setup")


def side_styles(options) -> tuple[tuple[str, str], ...]:
    """Each side's name and colour in a game with these options (the log colours the names)."""
    return tuple(zip(game_of(options).side_names, board_for(options).side_colours, strict=True))


def log_style(options) -> LogStyle:
    """How the log writes a game's events: its sides' names in their colours, its board's headlines and breaks."""
    board = board_for(options)
    return LogStyle(side_styles(options), board.log_headlines, board.log_breaks)


def rules_names() -> Iterable[str]:
    """The games with a rules page, in the registry's order."""
    return (name for name, game in GAMES.items() if game.rules_page)


def rules_text(name: str) -> str:
    """The rules page of the game of that name (its record's `rules_page`: "package:file")."""
    package, _, page = game_named(name).rules_page.partition(":")
    return files(package).joinpath(page).read_text(encoding="utf-8")
