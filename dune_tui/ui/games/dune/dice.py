"""The dice tray: the seven dice of the turn drawn as framed faces (a faction's letter in its colour, `absent` under
a faction nobody plays; the region die's zone and storm direction, spice with `≋` when it brings a storm or
Shai-Hulud, the Kanly weapon). While rolling, the kept dice stand apart on the left of the ones to roll; a die's
frame starts with the key that marks it (its number: a kept die has none) and says `✓kept`, `●keep` (marked) or
`!must` (the worm must be kept, R4), with the rerolls left beside.
Once the roll is over: the spent faction dice, and where the storm goes at the end of the turn."""

from __future__ import annotations

from rich.text import Text

from ....games.dune import queries
from ....games.dune.data import (
    ALL_DICE_MASK,
    FACTION_DICE,
    FACTION_LETTERS,
    FACTION_NAMES,
    KANLY_DIE,
    KANLY_NAMES,
    N_DICE,
    REGION_DIE,
    SPICE_DIE,
    STORM_FACES,
    WEST_FACES,
    WORM,
)
from ....games.dune.describe import storm_text
from ...widgets.dice_row import DiceRow
from ...widgets.drawn import Drawn
from ...widgets.fit import fitting, lay_out
from .labels import FACTION_COLOURS, SHORT_NAMES

KINDS = ("faction",) * 4 + ("region", "spice", "Kanly")
# 6 cells after the letter (a die at 80 columns); a word cut short ends with "."
FACTION_ABBREV = ("Atr.", "Hark.", "Fremen", "Tleil.", "Corr.", "Guild", "BeneG.", "Smugg.")
FACTION_TINY = ("Atr.", "Hark.", "Frem.", "Tlei.", "Corr.", "Guild", "B.G.", "Smug.")  # 5 cells: 78 columns
KANLY_SHORT = {"Hunter-Seeker": "Hunt-S.", "Crysknife": "Knife"}


def worm_forced(view) -> bool:
    return view.phase == "roll" and not view.kept >> SPICE_DIE & 1 and view.dice[SPICE_DIE] == WORM


def rolling(view) -> bool:
    return view is not None and view.phase == "roll"


def face_text(die: int, face: int, width: int) -> Text:
    """A die's face in `width` cells, as long as it fits."""
    if die in FACTION_DICE:
        colour = FACTION_COLOURS[face]
        text = Text(FACTION_LETTERS[face], style=f"bold {colour}")
        name = fitting(width - 2, FACTION_NAMES[face], SHORT_NAMES[face], FACTION_ABBREV[face], FACTION_TINY[face])
        text.append(" " + name, style=colour)
        return text
    if die == REGION_DIE:
        way = "West" if face in WEST_FACES else "East"
        return Text(fitting(width, f"zone {face} {way}", f"{face} {way}", f"{face}{way[0]}"), style="bold")
    if die == SPICE_DIE:
        if face == WORM:
            return Text(fitting(width, "Shai-Hulud", "Worm!"), style="bold")
        storm = face in STORM_FACES
        words = (f"{face} spice ≋", f"{face} spice≋", f"{face}spice≋", f"{face}≋") if storm else (f"{face} spice",)
        return Text(fitting(width, *words), style="bold")
    assert die == KANLY_DIE
    name = KANLY_NAMES[face]
    return Text(fitting(width, name, KANLY_SHORT.get(name, name)), style="bold")


class DiceTray(Drawn, DiceRow):
    DEFAULT_CSS = "DiceTray { height: 3; }"  # four lines in the roomy layout (dune.tcss): a line of words
    rolling = staticmethod(rolling)

    def show(self, view) -> None:
        if view is not self.view:
            super().show(view)

    def draw(self) -> Text:
        v = self.view
        if v is None or v.turn == 0:
            return Text("Dice: the first roll comes after the faction setups.", style="dim")
        roomy = self.size.height >= 4
        side = 0 if roomy else 9
        width = max(8, min(16, (self.size.width - side - 1) // N_DICE))
        rows, self.drawn, apart = lay_out(N_DICE, v.kept if rolling(v) else None, width,
                                          lambda d: self._die(v, d, width))
        if not 0 < apart < N_DICE:
            for row in rows:  # no gap between the dice: the status keeps its column
                row.append(" ")
        if roomy:
            out = Text("\n").join(rows)
            out.append("\n" + self._status(v), style="italic")
            return out
        for row, line in zip(rows, self._short_status(v)):
            row.append(" " + line, style="italic")
        return Text("\n").join(rows)

    def _die(self, v, d: int, width: int) -> tuple[Text, Text, Text]:
        inner = width - 2
        kept = v.kept >> d & 1
        used = d < 4 and v.used_dice >> d & 1
        if not rolling(v):
            tag, style = (" used", "dim") if used else ("", "")
        elif kept:
            tag, style = "✓kept", "dim"
        elif d == SPICE_DIE and worm_forced(v):
            tag, style = "!must", "bold reverse"
        elif self.marks >> d & 1:
            tag, style = "●keep", "bold reverse"
        else:
            tag, style = "", ""
        frame = "dim" if used or (rolling(v) and kept) else ""
        top = Text("╭", style=frame)
        room = inner
        if not (rolling(v) and kept):  # the key that marks it (a kept die, set apart on the left, takes none)
            top.append(str(d + 1), style="bold")
            room -= 1
        top.append(tag[:room], style=style)
        top.append("─" * (room - len(tag[:room])) + "╮", style=frame)
        pad = 1 if inner > 8 else 0
        face = face_text(d, v.dice[d], inner - pad)
        if used:
            face.stylize("dim strike")
        middle = Text("│" + " " * pad, style=frame)
        middle.append_text(face)
        middle.append(" " * (inner - pad - face.cell_len) + "│", style=frame)
        absent = d in FACTION_DICE and v.dice[d] >= 0 and not v.in_play(v.dice[d])  # recruits nobody (R6)
        kind = fitting(inner, "must keep", "keep!") if tag == "!must" else "absent" if absent else KINDS[d]
        bottom = Text("╰", style=frame)
        bottom.append(kind[:inner], style="bold" if tag == "!must" else "dim")
        bottom.append("─" * (inner - len(kind[:inner])) + "╯", style=frame)
        return top, middle, bottom

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

    def _short_status(self, v) -> list[str]:
        """The same in three lines of 8 cells, beside the dice of a small tray."""
        if rolling(v):
            unkept = bin(ALL_DICE_MASK & ~v.kept).count("1")
            return [f"kept: {N_DICE - unkept}", "rerolls:", f"up to {unkept - 1}"]  # ("rolls: 6" read as done)
        f = queries.storm_forecast(v)
        if not f.known:
            return ["storm:", "not", "known"]
        if not f.moves:
            return ["storm", "stays in", f"zone {f.zone}"]
        return ["storm", f"→zone {f.zone}", "West" if f.west else "East"]
