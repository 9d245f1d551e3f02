"""How Dune Express's pieces read on screen: each house's letter *and* colour (never colour alone), short
names of places and dice faces.  Pure functions of a Dune Express view, no widgets."""

from __future__ import annotations

from rich.text import Text

from ....games.express.data import (
    HOUSE_DICE,
    HOUSE_NAMES,
    LOCATION_NAMES,
    NO_FACE,
    SARDAUKAR,
    SPICE_DIE,
    TACTICAL_DIE,
    TACTICAL_NAMES,
    TERRITORIES,
    TERRITORIES_TO_WIN,
    TERRITORY_DIE,
    TRAITOR_NAMES,
    UNIT_OWNER,
    WORM,
)
from ....games.express.text import traitor_names
from ...widgets.fit import fitting

HOUSE_LETTERS = ("H", "F", "C", "B", "A", "G")
# The first game's colour for the same house (ui/games/dune/labels.py: Harkonnen red, Fremen yellow, Corrino
# orange, Bene Gesserit pink, Atreides green, Guild blue).
HOUSE_COLOURS = ("#e05050", "#d7af00", "#ff8700", "#ff5faf", "#5fbf5f", "#5f87ff")
SHORT_HOUSES = ("Harkonnen", "Fremen", "Corrino", "Bene G.", "Atreides", "Guild")
SHORT_PLACES = ("Sietch Tabr", "Arrakeen", "Carthag", "Tuek's S.", "Habbanya S.", "Polar Sink")
DIE_HOUSES = ("Harkon.", "Fremen", "Corrino", "Bene G.", "Atreid.", "Guild")  # 7 cells: a die at 78 columns
DIE_PLACES = ("S. Tabr", "Arrakeen", "Carthag", "Tuek's", "Habbanya", "P. Sink")
DIE_TRAITORS = ("Poison", "Knife", "Hunter-S", "Snooper", "Shield", "Truth T.")
DIE_TACTICS = ("Fortress", "Atomic", "Storm", "Storm", "Assign.", "Assign.")
# 6 cells: eight dice at 80 columns (the fortresses' tactical die); a word cut short ends with "."
NARROW_HOUSES = ("Hark.", "Fremen", "Corr.", "BeneG.", "Atr.", "Guild")
NARROW_PLACES = ("Tabr", "Arrak.", "Carth.", "Tuek's", "Habb.", "P.Sink")
NARROW_TRAITORS = {"Crysknife": "Knife", "Hunter-Seeker": "Hunt-S", "Snooper": "Snoop.", "Truth Trance": "Trance",
                   "Thumper": "Thump."}
NARROW_TACTICS = ("Fort.", "Atomic", "Storm", "Storm", "Asgmt.", "Asgmt.")


def house_letter(house: int) -> Text:
    return Text(HOUSE_LETTERS[house], style=f"bold {HOUSE_COLOURS[house]}")


def house_label(house: int, short: bool = False) -> Text:
    """`[H] Harkonnen`: letter and name in the house's colour."""
    name = SHORT_HOUSES[house] if short else HOUSE_NAMES[house]
    return Text.assemble(("[", ""), house_letter(house), ("] ", ""), (name, HOUSE_COLOURS[house]))


def units_at(view, loc: int) -> list[tuple[int, str]]:
    """Each house with units in `loc` and its count: `3`, `2+1s`, `0+1s` (s: Sardaukar)."""
    row = view.board[loc * 7: loc * 7 + 7]
    out = []
    for h in range(6):
        sard = row[SARDAUKAR] if UNIT_OWNER[SARDAUKAR] == h else 0
        if row[h] or sard:
            out.append((h, str(row[h]) + (f"+{sard}s" if sard else "")))
    return out


def troops(view, loc: int) -> list[Text]:
    """`H3`, `C2+1s`: each house's units in `loc`, letter and count in its colour."""
    return [Text(HOUSE_LETTERS[h] + count, style=f"bold {HOUSE_COLOURS[h]}") for h, count in units_at(view, loc)]


def troop_lines(view, loc: int) -> list[Text]:
    """`H Harkonnen 3`: a line per house with units in `loc` (a roomy board's box)."""
    return [house_letter(h) + Text(f" {SHORT_HOUSES[h]} ", style=HOUSE_COLOURS[h]) + Text(count, style="bold")
            for h, count in units_at(view, loc)]


def holder(view, loc: int) -> int:
    """The house holding a territory (alone there), else -1; nobody holds the Polar Sink."""
    if loc not in TERRITORIES:
        return -1
    occupants = view.occupants(loc)
    return occupants[0] if len(occupants) == 1 else -1


def works(view, loc: int) -> Text:
    """The fortress modification's marks on a place: `▲H` a fortress and its owner, `≈` the storm."""
    out = Text()
    owner = view.fortress[loc] if view.options.fortresses else -1
    if owner >= 0:
        out.append("▲", style=f"bold {HOUSE_COLOURS[owner]}")
        out.append_text(house_letter(owner))
    if view.options.fortresses and view.storm == loc:
        out.append(" ≈" if out else "≈", style="bold")
    return out


def needed(view) -> int:
    return TERRITORIES_TO_WIN[view.n]


def face_text(view, die: int, face: int, width: int) -> Text:
    """A die's face in `width` cells: a house in its colour, the spice or the worm, a place, a traitor face."""
    if face == NO_FACE:
        return Text(fitting(width, "unrolled", "none", "-"), style="dim")
    if die in HOUSE_DICE:
        return Text(fitting(width, HOUSE_NAMES[face], SHORT_HOUSES[face], DIE_HOUSES[face], NARROW_HOUSES[face]),
                    style=f"bold {HOUSE_COLOURS[face]}")
    if die == SPICE_DIE:
        if face == WORM:
            return Text(fitting(width, "Shai-Hulud", "Worm", "W"), style="bold reverse")
        n = face + 1
        return Text(fitting(width, f"{n} spice", f"{n}spice", f"{n} sp.", str(n)), style="bold")
    if die == TERRITORY_DIE:
        return Text(fitting(width, LOCATION_NAMES[face], SHORT_PLACES[face], DIE_PLACES[face], NARROW_PLACES[face]),
                    style="bold")
    if die == TACTICAL_DIE:
        return Text(fitting(width, TACTICAL_NAMES[face], DIE_TACTICS[face], NARROW_TACTICS[face]), style="bold")
    name = traitor_names(view)[face]
    short = DIE_TRAITORS[face] if name in TRAITOR_NAMES else name  # (a Thumper face)
    return Text(fitting(width, name, short, NARROW_TRAITORS.get(name, name)), style="bold")


TOKEN_SHORT = ("Snp", "Shd", "TT", "Thm")  # Snooper, Shield, Truth Trance, Thumper


def tokens_text(counts) -> str:
    """`Snp Shd Thm×2`: the tokens of `counts` (by token id), or "" when none."""
    return " ".join(TOKEN_SHORT[t] + (f"×{n}" if n > 1 else "") for t, n in enumerate(counts) if n)
