"""Words for dice faces and units, shared by the rules' events and `describe`."""

from __future__ import annotations

from .data import (
    HOUSE_DICE,
    HOUSE_NAMES,
    LOCATION_NAMES,
    NO_FACE,
    SPICE_DIE,
    TACTICAL_DIE,
    TACTICAL_NAMES,
    TERRITORY_DIE,
    THUMPER_TRAITOR_NAMES,
    TRAITOR_NAMES,
    UNIT_NAMES,
    WORM,
)


def traitor_names(state) -> tuple[str, ...]:
    return THUMPER_TRAITOR_NAMES if state.options.thumper else TRAITOR_NAMES


def face_text(state, die: int, face: int) -> str:
    if face == NO_FACE:
        return "nothing"
    if die in HOUSE_DICE:
        return HOUSE_NAMES[face]
    if die == SPICE_DIE:
        return "Shai-Hulud" if face == WORM else f"{face + 1} spice"
    if die == TERRITORY_DIE:
        return LOCATION_NAMES[face]
    if die == TACTICAL_DIE:
        return TACTICAL_NAMES[face]
    return traitor_names(state)[face]


def dice_text(state) -> str:
    return ", ".join(face_text(state, d, f) for d, f in enumerate(state.dice) if f != NO_FACE)


def units_text(unit: int, n: int) -> str:
    name = "Sardaukar" if unit == 6 else f"{UNIT_NAMES[unit]} troop{'s' if n != 1 else ''}"
    return f"{n} {name}"


def a_or_an(word: str, capital: bool = False) -> str:
    """ "an Atreides", "a Harkonnen" ("An", "A" to begin a sentence): the article by the word's first letter."""
    article = "an " if word[:1].lower() in "aeiou" else "a "
    return (article.capitalize() if capital else article) + word


def counted(n: int, noun: str) -> str:
    """ "1 unit", "3 units"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
