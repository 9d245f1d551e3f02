"""Dune Express's dice: the tray (four house dice, the spice die, the territory die, the traitor die, with the
fortresses the tactical die, as framed faces; during a roll the dice set aside first, then a ┊, then the dice
still rolling) and the form that answers the roll (mark dice 1-7, or 1-8, to set aside, r or Enter rerolls the
rest, a keeps every die as it lies, t plays a Thumper on Shai-Hulud)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from ....games.express.data import NO_FACE
from ...widgets.dice_marks import MarkDice
from ...widgets.dice_row import DiceRow
from ...widgets.fit import fitting, lay_out
from .labels import face_text

KINDS = ("house", "house", "house", "house", "spice", "place", "traitor", "tactic")  # the eighth: fortresses
NARROW_KINDS = (*KINDS[:6], "", "tactic")  # 6 cells (eight dice at 80 columns): no kind rather than "traito"


def rolling(view) -> bool:
    return view is not None and view.phase == "roll"


class ExpressDice(DiceRow):
    DEFAULT_CSS = "ExpressDice { height: 3; text-wrap: nowrap; text-overflow: clip; }"
    rolling = staticmethod(rolling)

    def render(self) -> Text:
        v = self.view
        if v is None or v.turn == 0:
            return Text("Dice: the first roll comes after the setup.", style="dim")
        side = 9  # the three short lines beside the dice, and the ┊ between the dice aside and the others
        n = len(v.dice)
        width = max(8, min(16, (self.size.width - side) // n))
        rows, self.drawn, _ = lay_out(n, v.kept if rolling(v) else None, width,
                                      lambda d: self._die(v, d, width))
        for row, line in zip(rows, self._side(v)):
            row.append(" " + line, style="italic")
        return Text("\n").join(rows)

    def _die(self, v, d: int, width: int) -> tuple[Text, Text, Text]:
        inner = width - 2
        kept = rolling(v) and v.kept >> d & 1
        if kept:
            tag, style = "✓aside", "dim"
        elif rolling(v) and self.marks >> d & 1:
            tag, style = "●aside", "bold reverse"
        else:
            tag, style = "", ""
        tag = tag[:inner - 1]
        frame = "dim" if kept or v.dice[d] == NO_FACE else ""
        top = Text("╭", style=frame)
        top.append(str(d + 1), style="bold")
        top.append(tag, style=style)
        top.append("─" * (inner - 1 - len(tag)) + "╮", style=frame)
        face = face_text(v, d, v.dice[d], inner)
        middle = Text("│", style=frame) + face + Text(" " * (inner - face.cell_len) + "│", style=frame)
        kind = fitting(inner, KINDS[d], NARROW_KINDS[d])
        bottom = Text("╰", style=frame)
        bottom.append(kind, style="dim")
        bottom.append("─" * (inner - len(kind)) + "╯", style=frame)
        return top, middle, bottom

    def _side(self, v) -> list[str]:
        """Three short lines beside the dice: the roll so far, or the turn's purse."""
        if rolling(v):
            left = bin((1 << len(v.dice)) - 1 & ~v.kept).count("1")
            return [f"aside {len(v.dice) - left}", "rerolls:", f"up to {max(0, left - 1)}"]
        if v.phase in ("deploy", "wormride", "desert_power"):
            return [f"spice {v.spice}", f"sym. {v.symbols}", ""]
        return ["", "", ""]


class ExpressDiceForm(MarkDice):
    """The roll decision of Dune Express: which dice to set aside before rerolling the rest."""

    DEFAULT_CSS = "ExpressDiceForm { height: auto; padding: 0 1; }"
    KEPT = "set aside"
    BINDINGS = [Binding("8", "toggle(7)", show=False)]  # the tactical die (fortresses, X29)

    def dice_count(self) -> int:
        return len(self.view.dice) if self.view is not None else super().dice_count()

    @property
    def free(self) -> int:
        return (1 << len(self.view.dice)) - 1 & ~self.view.kept if self.view is not None else 0

    def reroll_action(self) -> tuple:
        return ("keep", self.view.kept | self.marks)

    def end_action(self) -> tuple:
        return ("stop",)

    def action_thumper(self) -> None:
        if self.view is not None:
            if ("thumper",) in self.legal:
                self._pick(("thumper",))
            else:
                self._say("No Thumper to play: it rerolls Shai-Hulud, if you hold one.")

    def render(self) -> Text:
        out = Text()
        if self.view is None:
            return out
        left = bin(self.free & ~self.marks).count("1")
        if self.marks and left:
            out.append(f"Set aside {bin(self.marks).count('1')}, reroll {left} ", style="bold")
            out.append("(r or Enter)\n")
        elif self.marks:
            out.append(f"Set aside {bin(self.marks).count('1')}: the roll ends ", style="bold")
            out.append("(Enter)\n")
        else:
            out.append(f"Mark dice with 1-{len(self.view.dice)} to set aside, then r rerolls the rest. ", style="bold")
            out.append("a keeps every die and ends the roll.\n")
        if ("thumper",) in self.legal:
            out.append("t: play a Thumper token to reroll Shai-Hulud\n", style="dim")
        if self.error:
            out.append(self.error + "\n", style="bold reverse")
        out.rstrip()
        return out
