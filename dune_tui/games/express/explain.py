"""What a Dune Express decision changes for the seat deciding, in one line (issue 45), for the decisions that
have no forecast of their own: the houses' abilities, the block, the tactical die's steps (X6-X35)."""

from __future__ import annotations

from .data import HOUSE_NAMES, SPICE_DIE, TERRITORY_DIE, TOKEN_NAMES, TRAITOR_DIE
from .rules.traitor import blocking_token
from .text import face_text


def _face(state, die: int) -> str:
    return face_text(state, die, state.dice[die])


def _predict(state, seat: int) -> str:
    return "A win by territories in that round is yours (Manipulation); nobody else sees it."


def _foresight(state, seat: int) -> str:
    return "The die left aside is not rolled; after the roll you may turn one die to any face."


def _foresight_change(state, seat: int) -> str:
    spice, where = _face(state, SPICE_DIE), _face(state, TERRITORY_DIE)
    return f"Now {spice}, landing in {where}: the die you turn takes the face you pick."


def _ruthlessness(state, seat: int) -> str:
    return f"A traitor, not the {_face(state, TRAITOR_DIE)}: it kills any enemy unit unless a token blocks it."


def _monopoly(state, seat: int) -> str:
    return f"Units land and move only into the territory die's location (now {_face(state, TERRITORY_DIE)})."


def _block(state, seat: int) -> str:
    token = TOKEN_NAMES[blocking_token(state, state.traitor[0])]
    return f"Blocking saves the unit and gives back your {token}; keeping it loses the unit."


def _fortress(state, seat: int) -> str:
    return "An attacker in your fortress first loses strength 2; if you leave, others take it free."


def _atomic(state, seat: int) -> str:
    return "The fortress goes, its units stay: attackers there no longer lose strength 2 first."


def _storm(state, seat: int) -> str:
    return "Landing in the storm's territory costs everyone 1 spice more until it moves."


def _assignment(state, seat: int) -> str:
    return f"Units move free between the {state.held(state.seat_house[seat])} territories you hold; each keeps one."


def _wormride(state, seat: int) -> str:
    return "Up to 5 Fremen ride the worm free from one territory to another."


def _desert_power(state, seat: int) -> str:
    return f"The {HOUSE_NAMES[state.seat_house[seat]]} troop removed leaves the map; one of yours fights 2 strong here."


LINES = {
    "predict": _predict, "foresight": _foresight, "foresight_change": _foresight_change,
    "ruthlessness": _ruthlessness, "monopoly": _monopoly, "block": _block, "fortress": _fortress,
    "atomic": _atomic, "storm": _storm, "assignment": _assignment, "wormride": _wormride,
    "desert_power": _desert_power,
}


def decision_line(state, seat: int) -> str:
    """What `seat`'s decision now changes for it ("" where the board's words say it: the traitor, a deployment)."""
    line = LINES.get(state.phase)
    return line(state, seat) if line is not None else ""
