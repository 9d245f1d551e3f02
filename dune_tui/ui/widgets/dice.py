"""The dice tray: the seven dice of the turn, kept or not, the forced Shai-Hulud keep (R4),
and the dice the player has marked to keep with keys 1-7; once the roll is over, where the
storm goes at the end of the turn and what it takes from the seat on screen."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...engine.data import ALL_DICE_MASK, N_DICE, SPICE_DIE, WORM
from ...engine.describe import storm_text
from ..labels import die_face


def worm_forced(view) -> bool:
    return view.phase == "roll" and not view.kept >> SPICE_DIE & 1 and view.dice[SPICE_DIE] == WORM


def rolling(view) -> bool:
    return view is not None and view.phase == "roll"


class DiceTray(Widget):
    DEFAULT_CSS = "DiceTray { height: 3; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.marks = 0  # dice marked to keep (the human's roll decision)

    def show(self, view) -> None:
        self.view = view
        if not rolling(view):
            self.marks = 0
        self.refresh()

    def set_marks(self, mask: int) -> None:
        self.marks = mask
        self.refresh()

    def render(self) -> Text:
        v = self.view
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None or v.turn == 0:
            out.append("Dice: the first roll comes after the faction setups.", style="dim")
            return out
        width = max(10, self.size.width // N_DICE)
        short = width < 14
        for d in range(N_DICE):
            out.append_text(self._state(v, d, width))
        out.append("\n")
        for d in range(N_DICE):
            face = die_face(d, v.dice[d], short=short)
            style = "bold" if not v.used_dice >> d & 1 or d >= 4 else "dim strike"
            out.append(f" {face:<{width - 1}}"[:width], style=style)
        out.append("\n")
        out.append(self._status(v), style="italic")
        return out

    def _state(self, v, d: int, width: int) -> Text:
        kept = v.kept >> d & 1
        if not rolling(v):
            tag, style = (" used", "dim") if d < 4 and v.used_dice >> d & 1 else ("", "")
        elif kept:
            tag, style = " ✓kept", "dim"
        elif d == SPICE_DIE and worm_forced(v):
            tag, style = " !must", "bold reverse"
        elif self.marks >> d & 1:
            tag, style = " ●keep", "bold reverse"
        else:
            tag, style = "", ""
        text = Text(f"{d + 1}", style="bold")
        text.append(tag, style=style)
        text.append(" " * max(0, width - len(text)))
        text.truncate(width)
        return text

    def _status(self, v) -> str:
        if not rolling(v):
            faction = v.seat_faction[v.viewer] if 0 <= v.viewer < v.n else -1
            used = " (struck out: spent dice)" if v.used_dice & 0b1111 else ""
            return storm_text(v, faction) + used
        unkept = bin(ALL_DICE_MASK & ~v.kept).count("1")
        more = unkept - 1
        text = f"Rolling: {N_DICE - unkept} kept, {unkept} left; up to {more} more roll{'' if more == 1 else 's'}."
        if worm_forced(v):
            text += " The worm must be kept."
        return text
