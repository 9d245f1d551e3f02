"""Dune Express's house cards for `c` (kit/houses.py): each seat's house, its units and tokens, and (with the
houses variant) its special abilities in a line each."""

from __future__ import annotations

from rich.text import Text

from ....games.express.data import TOKEN_NAMES
from ....games.express.text import counted
from ...kit.houses import HousesScreen
from .houses import reserve, who
from .labels import house_label, needed, tokens_text

ABILITIES = (  # by house id (express.data): our own words for the Czech text's special abilities
    ("Ruthlessness: at the end of your roll, turn the traitor die to a traitor face.",),
    ("Wormriding: on your turn, move up to 5 Fremen from one territory to another.",
     "Desert Power: in a battle of yours, remove a Fremen from elsewhere to make one troop 2 strong."),
    ("Financial Support: spice left at your turn's end is stored (up to 5) for a later turn.",
     "Sardaukar: land Sardaukar (strength 2) instead of troops."),
    ("Manipulation: secretly mark a round; a win by territories in that round is yours.",
     "Mind Reading: a traitor cannot be played on your units."),
    ("Foresight: leave one die unrolled, then turn one rolled die to any face.",),
    ("Transportation: move your units from any location to the territory rolled, 1 spice each.",
     "Monopoly: at the end of your roll, turn the territory die to any location."),
)


def card(view, seat: int, label: str, you: int) -> Text:
    h = view.seat_house[seat]
    if h < 0:
        return Text(f"Seat {seat + 1}: no house yet", style="dim")
    out = house_label(h)
    out.append(f" · seat {seat + 1}, {'you' if seat == you else label}\n", style="dim")
    tokens = tokens_text([view.holds(seat, t) for t in range(len(TOKEN_NAMES))]) or "no tokens"
    units = counted(view.on_board(h), "unit")
    out.append(f"holds {view.held(h)} of {needed(view)} territories · {units} on the board, "
               f"{reserve(view, h)} in reserve · {tokens}")
    if view.options.abilities:
        for line in ABILITIES[h]:
            out.append(f"\n• {line}")
    return out


def cards_screen(view, seats: list, you: int) -> HousesScreen:
    """`c`: each seat's house card, from the seat's view (never the authoritative state)."""
    title = "Houses and their abilities" if view.options.abilities else \
        "Houses (the houses' abilities are not played in this game)"
    return HousesScreen(title, [card(view, seat, who(seats, seat, you), you) for seat in range(len(seats))])
