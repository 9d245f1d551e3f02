"""What both games' dice trays do alike: the view they show, the dice marked to keep, and a click on a drawn die
posted as `DieClicked` (each game's tray draws its own faces in `render`, recording where in `drawn`, and says
when its view is a roll: `rolling`, a game's phase, which a shared widget does not name)."""

from __future__ import annotations

from textual import events
from textual.widget import Widget

from .messages import DieClicked


class DiceRow(Widget):
    @staticmethod
    def rolling(view) -> bool:
        """Whether `view` is the human's roll, when marks count (each game's tray says)."""
        raise NotImplementedError

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.marks = 0  # dice marked to keep (the human's roll decision)
        self.drawn: list[tuple[int, int, int]] = []  # (first column, last column + 1, die) as drawn last

    def on_click(self, event: events.Click) -> None:
        die = next((d for start, end, d in self.drawn if start <= event.x < end and event.y < 3), -1)
        if die >= 0:
            event.stop()
            self.post_message(DieClicked(die))

    def show(self, view) -> None:
        self.view = view
        if not self.rolling(view):
            self.marks = 0
        self.redraw()

    def redraw(self) -> None:
        """Draw the tray again (a game's tray may lay itself out again too: widgets/drawn.py)."""
        self.refresh()

    def set_marks(self, mask: int) -> None:
        self.marks = mask
        self.refresh()
