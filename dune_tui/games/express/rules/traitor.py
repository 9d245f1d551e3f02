"""2. The traitor die (Vyhodnocení kostky zrádce): a defence token, or a traitor that kills one unit.

A Snooper, Shield or Truth Trance (Thumper: Thumper) face gives the active player that token, one of each
at most.  A Poison, Crysknife or Hunter-Seeker lets them kill one enemy unit on the board, unless its owner
returns the blocking token (Snooper blocks Poison, Shield Crysknife, Truth Trance Hunter-Seeker; with the
Thumper nothing blocks the Hunter-Seeker).  The Bene Gesserit cannot be targeted (Mind Reading).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    BENE_GESSERIT,
    BLOCKED_BY,
    FACE_TOKEN,
    HOLD_LIMIT,
    HOUSE_NAMES,
    HUNTER_SEEKER,
    KILLS,
    LOCATION_NAMES,
    LOCATIONS,
    NO_FACE,
    THUMPER,
    THUMPER_HOLD_TOTAL,
    TOKEN_NAMES,
    TRAITOR_DIE,
    TRUTH_TRANCE,
    UNIT_OWNER,
    UNITS,
)
from ..events import emit
from ..state import NU
from ..text import a_or_an, traitor_names


def face_token(state, face: int) -> int:
    """The token a traitor die face gives, or -1."""
    if face in FACE_TOKEN:
        return FACE_TOKEN[face]
    if face == 5:
        return THUMPER if state.options.thumper else TRUTH_TRANCE
    return -1


def blocking_token(state, face: int) -> int:
    """The token that blocks a killing face, or -1 (Thumper: the Hunter-Seeker cannot be blocked)."""
    if state.options.thumper and face == HUNTER_SEEKER:
        return -1
    return BLOCKED_BY.get(face, -1)


def may_take(state, seat: int, token: int) -> bool:
    """The supply has one and the seat is under its limits (one of each, two Thumpers, three in all: X7)."""
    if state.supply[token] == 0 or state.holds(seat, token) >= HOLD_LIMIT[token]:
        return False
    held = sum(state.tokens[seat * 4: seat * 4 + 4])
    return not (state.options.thumper and held >= THUMPER_HOLD_TOTAL)


def enter(state) -> bool:
    face = state.dice[TRAITOR_DIE]
    if face == NO_FACE:
        return False
    token = face_token(state, face)
    if token >= 0:
        if state.options.defence != "none":  # X18: with no defence tokens the face does nothing
            _take(state, token)
        return False
    if face in KILLS and legal_traitor(state, state.active) != [("pass",)]:
        state.phase, state.awaiting = "traitor", (state.active,)
        return True
    return False


def _take(state, token: int) -> None:
    seat = state.active
    taken = may_take(state, seat, token)
    if taken:
        state.supply[token] -= 1
        state.tokens[seat * 4 + token] += 1
    emit(state, pl.TokenTaken, "The {house} {verb} a {token} token.", house=HOUSE_NAMES[state.active_house],
         verb="take" if taken else "cannot take", token=TOKEN_NAMES[token], seat_id=seat, token_id=token,
         taken=taken)


def legal_traitor(state, seat: int) -> list:
    """Any one enemy unit anywhere on the board, the Polar Sink and Sardaukar too (X6); it is optional."""
    me, b = state.active_house, state.board
    acts: list = [("pass",)]
    for loc in LOCATIONS:
        for u in UNITS:
            owner = UNIT_OWNER[u]
            if b[loc * NU + u] and owner != me and not (owner == BENE_GESSERIT and state.ability(BENE_GESSERIT)):
                acts.append(("traitor", loc, u))
    return acts


def apply_traitor(state, seat: int, action) -> bool:
    if action[0] == "pass":
        return True
    _, loc, unit = action
    face = state.dice[TRAITOR_DIE]
    owner = state.house_seat[UNIT_OWNER[unit]]
    emit(state, pl.TraitorPlayed, "{shown}: the {house} play a traitor on {a_unit} unit in {where}.",
         shown=traitor_names(state)[face], house=HOUSE_NAMES[state.active_house],
         a_unit=a_or_an(HOUSE_NAMES[UNIT_OWNER[unit]]),
         where=LOCATION_NAMES[loc], face=face, loc=loc, unit_id=unit, target_seat=owner)
    token = blocking_token(state, face)
    if token >= 0 and state.holds(owner, token):
        state.traitor = (face, loc, unit)
        state.phase, state.awaiting = "block", (owner,)
        return False
    kill(state, loc, unit)
    return True


def legal_block(state, seat: int) -> list:
    return [("block",), ("allow",)]


def apply_block(state, seat: int, action) -> bool:
    face, loc, unit = state.traitor
    state.traitor = (-1, -1, -1)
    if action[0] == "block":
        token = blocking_token(state, face)
        state.tokens[seat * 4 + token] -= 1
        state.supply[token] += 1
        emit(state, pl.TraitorBlocked, "The {house} return a {token} token: the traitor is blocked.",
             house=HOUSE_NAMES[state.seat_house[seat]], token=TOKEN_NAMES[token], seat_id=seat, token_id=token)
    else:
        kill(state, loc, unit)
    return True


def kill(state, loc: int, unit: int) -> None:
    """One unit dies (its token back in the box, X1)."""
    state.board[loc * NU + unit] -= 1
    state.recount(unit)
    emit(state, pl.UnitKilled, "{a_unit} unit dies in {where}.",
         a_unit=a_or_an("Sardaukar" if unit == 6 else HOUSE_NAMES[unit], capital=True),
         where=LOCATION_NAMES[loc], loc=loc, unit_id=unit)
