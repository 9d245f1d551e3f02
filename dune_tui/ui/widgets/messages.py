"""Messages the decision widgets send up to the game screen."""

from __future__ import annotations

from textual.message import Message


class Picked(Message):
    """The person at the keyboard chose `action` (one of the request's legal actions)."""

    def __init__(self, action: tuple) -> None:
        super().__init__()
        self.action = action


class MarksChanged(Message):
    """The dice marked to keep changed (the dice tray shows them)."""

    def __init__(self, marks: int) -> None:
        super().__init__()
        self.marks = marks


class RegionClicked(Message):
    """A click on a place of a board (a location id): the same as the key of the option about it."""

    def __init__(self, loc: int) -> None:
        super().__init__()
        self.loc = loc


class Pointed(Message):
    """A board's cursor moved to place `loc` by its own keys: the list's highlight goes to that place's option,
    so the two never disagree (the list's highlight moving moves the cursor the other way)."""

    def __init__(self, loc: int) -> None:
        super().__init__()
        self.loc = loc


class DieClicked(Message):
    """A click on die `die` of a board's dice: the same as its key."""

    def __init__(self, die: int) -> None:
        super().__init__()
        self.die = die
