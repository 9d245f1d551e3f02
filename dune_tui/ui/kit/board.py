"""What the game screen draws for each game: a `Board` per game (ui/games/NAME/board.py, found through the UI's
table, ui/games/), keeping the protocol below; `StandardBoard` does what every board does the same way.

The game screen keeps the flow (the table's messages, requests, dialogs, keys); a board composes the widgets
above the decision panel and shows a seat's view on them:

    board = board_for(view.options)(screen)
    board.compose(seats)                # the widgets: status, board, side cards, dice
    board.show(view, seat, pace)        # a seat's view (or the public one, seat -1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from textual.containers import Horizontal

if TYPE_CHECKING:
    from rich.text import Text
    from textual.app import ComposeResult
    from textual.screen import Screen
    from textual.widget import Widget

    from ..widgets.words import Words
    from .ending import Ending


class Board(Protocol):
    """One game's drawing on the game screen (its widgets queried on `screen`).  A game with sealed choices (its
    `battle_seats` gives seats) also has `reveal_screen(event, batch)` (the battle a human fought, revealed) and
    `reveal_summary(event)` (another's, in a line)."""

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
    def turn_of(view) -> int:
        """The seat whose turn it is in `view` (-1: nobody's, or the game has no turns to say)."""
        ...

    @staticmethod
    def battle_seats(event) -> tuple[int, ...] | None:
        """The seats of the battle whose sealed choices `event` reveals (None: it reveals none): a human's gets
        `reveal_screen`, another's a notice."""
        ...

    @property
    def ending(self) -> Ending:
        """The game's part of the game-over screen."""
        ...


class StandardBoard:
    """A board of four widgets, each given a seat's view: a status line (`status`), the map (`map`) beside a card
    per seat (`houses`), the dice (`dice`).  A game names the four widget classes (`STATUS`, `MAP`, `HOUSES`,
    `DICE`), the place each option is about (`place_of`, or `options_at`), its side labels, its cards and its
    ending; it has no sealed choice unless it says which event reveals one (`battle_seats`)."""

    tips: ClassVar[str] = ""
    words: ClassVar[Words]
    secret_phases: ClassVar[frozenset[str]] = frozenset()
    side_colours: ClassVar[tuple[str, ...]]
    log_headlines: ClassVar[frozenset[str]] = frozenset({"game_over"})
    log_breaks: ClassVar[frozenset[str]] = frozenset()
    STATUS: ClassVar[type[Widget]]  # show(view, pause, skipping)
    MAP: ClassVar[type[Widget]]  # show(view), light({place: [option]}), point(place)
    HOUSES: ClassVar[type[Widget]]  # made with the seats; show(view, seat); its `seats` set again
    DICE: ClassVar[type[Widget]]  # show(view), set_marks(marks)

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def compose(self, seats) -> ComposeResult:
        yield self.STATUS(id="status")
        with Horizontal(id="top"):
            yield self.MAP(id="map")
            yield self.HOUSES(list(seats), id="houses")
        yield self.DICE(id="dice")

    def show(self, view, seat: int, pace) -> None:
        q = self.screen.query_one
        q(self.STATUS).show(view, pace.pause, pace.skipping)
        q(self.MAP).show(view)
        q(self.HOUSES).show(view, seat)
        q(self.DICE).show(view)

    def light(self, view, keys: list | None) -> None:
        self.screen.query_one(self.MAP).light(self.options_at(view, keys) if keys is not None else {})

    def point(self, view, key: tuple | None) -> None:
        self.screen.query_one(self.MAP).point(next(iter(self.options_at(view, [key])), -1) if key is not None else -1)

    @staticmethod
    def place_of(view, key: tuple) -> int:
        """The place an option is about (-1: none)."""
        return -1

    @classmethod
    def options_at(cls, view, keys: list) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for n, key in enumerate(keys):
            place = cls.place_of(view, key)
            if place >= 0:
                out.setdefault(place, []).append(n)
        return out

    def set_seats(self, seats) -> None:
        self.screen.query_one(self.HOUSES).seats = list(seats)

    def set_marks(self, marks: int) -> None:
        for dice in self.screen.query(self.DICE):  # (none while the screen is taken down: a late mark is nothing)
            dice.set_marks(marks)

    @staticmethod
    def turn_of(view) -> int:
        """No turns to say (a game with turns gives the seat whose turn it is)."""
        return -1

    @staticmethod
    def battle_seats(event) -> tuple[int, ...] | None:
        """No event reveals sealed choices (a game with some says which, and gives `reveal_screen` and
        `reveal_summary`)."""
        return None


def active_turn(view) -> int:
    """The seat whose turn it is in a view that says so (`active`, `n`, `over`, as both rule sets' views do), -1
    for nobody's: the `turn_of` of such a game's board."""
    return view.active if 0 <= view.active < view.n and not view.over else -1
