"""4. Kanly (R7): the Kanly die's assassins and markers.

Poison, Crysknife, Hunter-Seeker: `("kanly", loc, unit)` removes one troop to
its owner's reserve, or `("pass",)`.  Snooper and Shield are taken from
whoever holds them; a Thumper comes from the pool (at most one each, four in all).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    BENE_GESSERIT,
    CRYSKNIFE,
    FACTION_NAMES,
    FREMEN,
    KANLY_DIE,
    KANLY_NAMES,
    LOCATIONS,
    POISON,
    REGION_NAMES,
    SHIELD,
    SNOOPER,
    THUMPER,
    THUMPER_TOTAL,
    UNIT_A,
    UNIT_NAMES,
    UNIT_OWNER,
)
from ..events import emit
from ..state import NU
from .common import fortification_cleanup, popcount


def immune(state, face: int, faction: int) -> bool:
    """R7: Poison spares the Snooper holder and the Bene Gesserit (Prana-bindu);
    the Crysknife spares the Shield holder and the Fremen."""
    if face == POISON:
        return faction == state.snooper or faction == BENE_GESSERIT
    if face == CRYSKNIFE:
        return faction == state.shield or faction == FREMEN
    return False


def enter(state) -> bool:
    face = state.dice[KANLY_DIE]
    me = state.active_faction
    name = FACTION_NAMES[me]
    if face in (SNOOPER, SHIELD):
        holder = state.snooper if face == SNOOPER else state.shield
        if holder != me:
            if face == SNOOPER:
                state.snooper = me
            else:
                state.shield = me
            source = "the pool" if holder < 0 else f"the {FACTION_NAMES[holder]}"
            emit(state, pl.MarkerTaken, "{faction} takes the {marker} from {source}.", faction=name,
                 marker=KANLY_NAMES[face], source=source, marker_id=face,
                 faction_id=me, from_id=holder)
        return False
    if face == THUMPER:
        if not state.thumpers >> me & 1 and popcount(state.thumpers) < THUMPER_TOTAL:
            state.thumpers |= 1 << me
            emit(state, pl.MarkerTaken, "{faction} takes a Thumper from the pool.", faction=name,
                 marker="Thumper", source="the pool", marker_id=face, faction_id=me, from_id=-1)
        return False
    state.phase = "kanly"
    state.awaiting = (state.active,)
    return True


def legal(state, seat: int) -> list:
    face = state.dice[KANLY_DIE]
    actions: list = [("pass",)]
    board = state.board
    for loc in LOCATIONS:
        if not state.storm_free(loc):
            continue
        base = loc * NU
        for u in range(NU):
            if board[base + u] and not immune(state, face, UNIT_OWNER[u]):
                actions.append(("kanly", loc, u))
    return actions


def apply(state, seat: int, action) -> bool:
    if action[0] == "pass":
        why = ""
        if state.events is not None:  # the text is only made when events are recorded
            from ..describe import kanly_pass_reason  # describe reads these rules: imported when used

            why = kanly_pass_reason(state)
        emit(state, pl.KanlyPass, "{faction} sends no assassin{why}.", faction=FACTION_NAMES[state.active_faction],
             why=f": {why}" if why else "", faction_id=state.active_faction)
        return True
    _, loc, unit = action
    state.board[loc * NU + unit] -= 1
    state.reserve[unit] += 1
    emit(state, pl.Kanly, "Kanly: {weapon}! {faction} removes {a_unit} troop from {region}.",
         weapon=KANLY_NAMES[state.dice[KANLY_DIE]], faction=FACTION_NAMES[state.active_faction],
         unit=UNIT_NAMES[unit], a_unit=UNIT_A[unit], region=REGION_NAMES[loc], loc=loc, unit_id=unit,
         faction_id=state.active_faction, weapon_id=state.dice[KANLY_DIE])
    fortification_cleanup(state, loc)
    return True
