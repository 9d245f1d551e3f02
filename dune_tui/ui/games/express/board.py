"""Dune Express's board: its status line, the five territories and the Polar Sink, a line or two per house,
the seven dice; its words for the decision panel (words.py)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from ....games.express.data import TERRITORY_DIE
from .dice import ExpressDice
from .houses import ExpressHouses, ExpressStatus
from .labels import HOUSE_COLOURS, house_label
from .map import ExpressMap
from .words import EXPRESS


def place_of(view, key: tuple) -> int:
    """The location an option is about (-1: none): where a traitor strikes (or would, for a block), troops land,
    move from, a worm rides to, a Fremen is removed from, the territory die is turned to, a fortress is built
    or destroyed, the storm goes, an Assignment sends a unit to."""
    kind = key[0]
    if kind == "land":
        return view.target
    if kind in ("block", "allow"):
        return view.traitor[1]
    if kind in ("traitor", "move", "desert_power", "fortress", "atomic", "storm"):
        return key[1]
    if kind == "assign":  # Assignment (fortresses): the territory a unit goes to
        return key[2]
    if kind == "wormride":
        return key[2]
    if kind == "turn" and key[1] == TERRITORY_DIE and len(key) > 2:
        return key[2]
    return -1


class Board:
    tips = ("Dune Express: the top line says whose turn it is and the step of the turn. The board's boxes are "
            "numbered as the territory die's faces; a house's units read by its letter and count (C2+1s: "
            "Sardaukar), a held territory says by whom. f1 shows the rules, c the houses and their abilities.\n\n"
            "The houses beside the board: ▶ whose turn; territories held / needed; units on the board (and in "
            "reserve, when wide); tokens: Snp Snooper, Shd Shield, TT Truth Trance, Thm Thumper (×2: two).")
    secret_phases = frozenset({"predict"})
    log_headlines = frozenset({"turn_start", "game_over", "battle"})
    log_breaks = frozenset({"turn_start"})
    side_colours = HOUSE_COLOURS
    words = EXPRESS

    def __init__(self, screen) -> None:
        self.screen = screen

    def compose(self, seats) -> ComposeResult:
        yield ExpressStatus(id="status")
        with Horizontal(id="top"):
            yield ExpressMap(id="map")
            yield ExpressHouses(list(seats), id="houses")
        yield ExpressDice(id="dice")

    def show(self, view, seat: int, pace) -> None:
        q = self.screen.query_one
        q(ExpressStatus).show(view, pace.pause, pace.skipping)
        q(ExpressMap).show(view)
        q(ExpressHouses).show(view, seat)
        q(ExpressDice).show(view)

    def light(self, view, keys: list | None) -> None:
        self.screen.query_one(ExpressMap).light(self.options_at(view, keys) if keys is not None else {})

    def point(self, view, key: tuple | None) -> None:
        self.screen.query_one(ExpressMap).point(place_of(view, key) if key is not None else -1)

    @staticmethod
    def options_at(view, keys: list) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for n, key in enumerate(keys):
            loc = place_of(view, key)
            if loc >= 0:
                out.setdefault(loc, []).append(n)
        return out

    def set_seats(self, seats) -> None:
        self.screen.query_one(ExpressHouses).seats = list(seats)

    def set_marks(self, marks: int) -> None:
        self.screen.query_one(ExpressDice).set_marks(marks)

    @staticmethod
    def side_label(side: int, short: bool = False):
        return house_label(side, short)

    @staticmethod
    def houses_screen(view, seats, you: int):
        from .cards import cards_screen

        return cards_screen(view, list(seats), you)

    @staticmethod
    def battle_seats(event) -> None:
        """Dune Express has no sealed choices: no event reveals any."""
        return None

    @staticmethod
    def reveal_screen(event, batch):
        raise NotImplementedError("Dune Express has no sealed choices to reveal")

    @staticmethod
    def reveal_summary(event) -> str:
        raise NotImplementedError("Dune Express has no sealed choices to reveal")

    @staticmethod
    def game_over_screen(over, settings, joined: bool):
        from ...screens.game_over import GameOverScreen
        from .over import ENDING

        return GameOverScreen(over, settings, joined=joined, ending=ENDING)
