"""Dune Express's board: its status line, the five territories and the Polar Sink, a line or two per house,
the seven dice; its words for the decision panel (words.py)."""

from __future__ import annotations

from ....games.express.data import TERRITORY_DIE
from ...kit.board import StandardBoard, active_turn
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


class Board(StandardBoard):
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

    STATUS, MAP, HOUSES, DICE = ExpressStatus, ExpressMap, ExpressHouses, ExpressDice
    place_of = staticmethod(place_of)

    @staticmethod
    def side_label(side: int, short: bool = False):
        return house_label(side, short)

    turn_of = staticmethod(active_turn)

    @staticmethod
    def houses_screen(view, seats, you: int):
        from .cards import cards_screen

        return cards_screen(view, list(seats), you)

    @property
    def ending(self):
        from .over import ENDING

        return ENDING
