"""Toy Dice's board: a `StandardBoard` of four lines (whose turn, the scores, each seat, the pot)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from dune_tui.ui.kit.board import StandardBoard
from dune_tui.ui.kit.ending import Ending
from dune_tui.ui.kit.houses import HousesScreen
from dune_tui.ui.widgets.words import Words

from ..engine.data import SIDE_NAMES

COLOURS = ("red", "blue")


def label(side: int, short: bool = False) -> Text:
    name = SIDE_NAMES[side]
    return Text(name[0] if short else name, style=COLOURS[side])


class Status(Static):
    def show(self, view, pause, skipping) -> None:
        self.update(f"Round {view.round}: seat {view.active + 1} to play")


def scores(view) -> str:
    return "  ".join(f"{SIDE_NAMES[side]} {view.score[seat]}" for seat, side in enumerate(view.seat_side))


class Scores(Static):
    def show(self, view) -> None:
        self.update(scores(view))

    def light(self, places) -> None:
        pass

    def point(self, place: int) -> None:
        pass


class Seats(Static):
    def __init__(self, seats, **kw) -> None:
        super().__init__(**kw)
        self.seats = seats

    def show(self, view, seat: int) -> None:
        self.update(" | ".join(f"seat {n + 1}: {cfg.label()}" for n, cfg in enumerate(self.seats)))


class Pot(Static):
    def show(self, view) -> None:
        self.update(f"Pot {view.pot}")

    def set_marks(self, marks: int) -> None:
        pass


class FinalScores(Static):
    """The game-over screen's board: the final scores."""

    def __init__(self, state, **kw) -> None:
        super().__init__(scores(state), **kw)


WORDS = Words(text=lambda view, choice: choice.action[0], hint=lambda view, choice: "",
              consequences=lambda view, seat: [], forms={})


class Board(StandardBoard):
    tips = "Roll or hold; a 1 loses the pot."
    side_colours = COLOURS
    words = WORDS
    STATUS, MAP, HOUSES, DICE = Status, Scores, Seats, Pot

    @staticmethod
    def side_label(side: int, short: bool = False) -> Text:
        return label(side, short)

    @staticmethod
    def houses_screen(view, seats, you: int):
        return HousesScreen("Scores", [f"{SIDE_NAMES[side]}: {view.score[seat]}"
                                       for seat, side in enumerate(view.seat_side)])

    @property
    def ending(self) -> Ending:
        return Ending(side_label=label, final_map=FinalScores, figures=lambda over: [])
