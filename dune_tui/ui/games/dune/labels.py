"""How the game's pieces read on screen: faction colours *and* letters (never colour alone),
short die faces, troop summaries.  Pure functions of a State or view, no widgets."""

from __future__ import annotations

from rich.text import Text

from ....games.dune.data import (
    CONSTRUCTION_NAMES,
    FACTION_DICE,
    FACTION_LETTERS,
    FACTION_NAMES,
    FACTION_UNITS,
    KANLY_DIE,
    KANLY_NAMES,
    REGION_DIE,
    SARDAUKAR,
    SPICE_DIE,
    WEST_FACES,
    WORM,
)

# One colour per faction, always shown next to the faction's letter.
FACTION_COLOURS = ("#5fbf5f", "#e05050", "#d7af00", "#af5fd7", "#ff8700", "#5f87ff", "#ff5faf", "#00afaf")
SHORT_NAMES = ("Atreides", "Harkonnen", "Fremen", "Tleilaxu", "Corrino", "Guild", "Bene G.", "Smugglers")
CONSTRUCTION_LETTERS = ("", "Fort", "Harv", "Orni")


def letter(faction: int) -> Text:
    """The faction's letter in its colour, bold."""
    return Text(FACTION_LETTERS[faction], style=f"bold {FACTION_COLOURS[faction]}")


def faction_label(faction: int, short: bool = False) -> Text:
    """`[A] Atreides`: letter and name, both in the faction's colour."""
    name = SHORT_NAMES[faction] if short else FACTION_NAMES[faction]
    return Text.assemble(("[", ""), letter(faction), ("] ", ""), (name, FACTION_COLOURS[faction]))


def troops_at(state, loc: int) -> Text:
    """Troops in a location, one `A3` per faction (Sardaukar as `+2s` after Corrino's)."""
    base = loc * 9
    out = Text()
    for f in range(8):
        units = FACTION_UNITS[f]
        regular = sum(state.board[base + u] for u in units if u != SARDAUKAR)
        sard = state.board[base + SARDAUKAR] if SARDAUKAR in units else 0
        if not regular and not sard:
            continue
        if out:
            out.append(" ")
        out.append(f"{FACTION_LETTERS[f]}{regular}", style=f"bold {FACTION_COLOURS[f]}")
        if sard:
            out.append(f"+{sard}s", style=f"bold {FACTION_COLOURS[f]}")
    return out


def die_face(die: int, face: int, short: bool = False) -> str:
    """A die face as the tray shows it."""
    if die in FACTION_DICE:
        return SHORT_NAMES[face] if short else FACTION_NAMES[face]
    if die == REGION_DIE:
        arrow = "W" if face in WEST_FACES else "E"
        return f"{face}{arrow}" if short else f"Zone {face} {arrow}"
    if die == SPICE_DIE:
        if face == WORM:
            return "Worm!" if short else "Shai-Hulud"
        return f"{face} spice"
    assert die == KANLY_DIE
    name = KANLY_NAMES[face]
    return name.replace("Hunter-Seeker", "Hunter-S.") if short else name


def construction(kind: int, short: bool = True) -> str:
    return CONSTRUCTION_LETTERS[kind] if short else ("" if not kind else CONSTRUCTION_NAMES[kind])


def card_troops(state, faction: int) -> tuple[int, int]:
    """(regular, Sardaukar) troops on the faction card."""
    units = FACTION_UNITS[faction]
    regular = sum(state.card[u] for u in units if u != SARDAUKAR)
    sard = state.card[SARDAUKAR] if SARDAUKAR in units else 0
    return regular, sard


def reserve_troops(state, faction: int) -> tuple[int, int]:
    units = FACTION_UNITS[faction]
    regular = sum(state.reserve[u] for u in units if u != SARDAUKAR)
    sard = state.reserve[SARDAUKAR] if SARDAUKAR in units else 0
    return regular, sard


def with_sardaukar(counts: tuple[int, int]) -> str:
    regular, sard = counts
    return f"{regular}+{sard}s" if sard else str(regular)
