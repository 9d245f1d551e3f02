"""The fortress modification (Modifikace PEVNOSTI): the tactical die, fortresses, the storm, Assignment, Atomic.

The tactical die is rolled as an eighth die (X29) and acts after the traitor die, before troops move (X30):
- Fortress: the active player places a fortress in a territory where they have a unit from before this turn,
  one fortress a territory (X31); an attacker there must first lose strength 2 (X32); a house alone where a
  fortress's owner has no unit takes it, without loss (X33).
- Atomic: they may destroy any fortress; its units stay.
- Storm: they place the storm in a territory, or may move it; landing there costs 1 spice more (X34).
- Assignment: they may move units freely between territories they hold, each keeping one of theirs (X35).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    ASSIGNMENT_FACES,
    ATOMIC,
    CORRINO,
    FORTRESS_FACE,
    FORTRESSES,
    HOUSE_NAMES,
    LOCATION_NAMES,
    NO_FACE,
    NO_FORTRESS,
    SARDAUKAR,
    STORM_FACES,
    TACTICAL_DIE,
    TERRITORIES,
)
from ..events import emit
from ..state import NU
from ..text import units_text


def phase_of(face: int) -> str | None:
    if face == FORTRESS_FACE:
        return "fortress"
    if face == ATOMIC:
        return "atomic"
    if face in STORM_FACES:
        return "storm"
    if face in ASSIGNMENT_FACES:
        return "assignment"
    return None


def enter(state) -> bool:
    if not state.options.fortresses or state.dice[TACTICAL_DIE] == NO_FACE:
        return False
    phase = phase_of(state.dice[TACTICAL_DIE])
    state.phase, state.awaiting = phase, (state.active,)
    acts = legal(state, state.active)
    if len(acts) > 1:
        return True
    if acts and acts[0][0] not in ("pass", "done"):  # the one place a compulsory fortress or storm can go
        apply(state, state.active, acts[0])
    else:
        _idle(state)
    return False


def _idle(state) -> None:
    """The die's face does nothing this turn: the log says so and why."""
    house, phase = HOUSE_NAMES[state.active_house], state.phase
    if phase == "fortress":
        why = ("every fortress is built already" if built(state) >= FORTRESSES
               else f"the {house} have no unit in a territory without a fortress to build one in")
        text = f"Fortress: {why}; the die does nothing."
    elif phase == "atomic":
        text = "Atomics: there is no fortress to destroy."
    else:
        text = f"Assignment: the {house} have no units to move between the territories they hold alone."
    emit(state, pl.TacticalIdle, text, face=state.dice[TACTICAL_DIE])


def built(state) -> int:
    return sum(1 for owner in state.fortress if owner != NO_FORTRESS)


def legal(state, seat: int) -> list:
    house, phase = state.active_house, state.phase
    if phase == "fortress":  # compulsory where it can go (X31); none left in the box: nothing
        if built(state) >= FORTRESSES:
            return [("pass",)]
        places = [("fortress", loc) for loc in TERRITORIES
                  if state.fortress[loc] == NO_FORTRESS and state.units(loc, house)]
        return places or [("pass",)]
    if phase == "atomic":
        return [("pass",)] + [("atomic", loc) for loc in TERRITORIES if state.fortress[loc] != NO_FORTRESS]
    if phase == "storm":  # placed when it is not on the board; moved only if they wish (X34)
        places = [("storm", loc) for loc in TERRITORIES if loc != state.storm]
        return places if state.storm < 0 else [("pass",), *places]
    return [("done",), *_assignments(state, house)]


def _assignments(state, house: int) -> list:
    """X35: from a held territory with two or more of the house's units to another held one; a territory
    that gave does not receive, nor one that received give, so the redistribution ends."""
    gave, got = state.assigned & 0xFF, state.assigned >> 8
    held = [loc for loc in TERRITORIES if state.occupants(loc) == [house]]
    units = (house, SARDAUKAR) if house == CORRINO else (house,)
    acts = []
    for src in held:
        if got >> src & 1 or state.units(src, house) < 2:
            continue
        for dst in held:
            if dst != src and not gave >> dst & 1:
                acts += [("assign", src, dst, u) for u in units if state.board[src * NU + u]]
    return acts


def apply(state, seat: int, action) -> bool:
    kind, house = action[0], state.active_house
    if kind == "fortress":
        loc = action[1]
        state.fortress[loc] = house
        emit(state, pl.FortressBuilt, "The {house} build a fortress in {where}.", house=HOUSE_NAMES[house],
             where=LOCATION_NAMES[loc], house_id=house, loc=loc)
    elif kind == "atomic":
        loc = action[1]
        state.fortress[loc] = NO_FORTRESS
        emit(state, pl.FortressDestroyed, "Atomics: the fortress in {where} is destroyed.",
             where=LOCATION_NAMES[loc], loc=loc)
    elif kind == "storm":
        state.storm = loc = action[1]
        emit(state, pl.StormPlaced, "The storm moves to {where}.", where=LOCATION_NAMES[loc], loc=loc)
    elif kind == "assign":
        _, src, dst, unit = action
        state.board[src * NU + unit] -= 1
        state.board[dst * NU + unit] += 1
        state.assigned |= 1 << src | 1 << (dst + 8)
        emit(state, pl.Assigned, "Assignment: the {house} move {units} from {src_name} to {where}.",
             house=HOUSE_NAMES[house], units=units_text(unit, 1), src_name=LOCATION_NAMES[src],
             where=LOCATION_NAMES[dst], unit_id=unit, src=src, loc=dst)
        return False
    return True


def capture(state, loc: int) -> None:
    """X33: a house alone in a territory whose fortress's owner has no unit there takes the fortress."""
    owner = state.fortress[loc]
    if owner == NO_FORTRESS or state.units(loc, owner):
        return
    there = state.occupants(loc)
    if len(there) == 1:
        state.fortress[loc] = there[0]
        emit(state, pl.FortressTaken, "The {house} take the empty fortress in {where}.",
             house=HOUSE_NAMES[there[0]], where=LOCATION_NAMES[loc], house_id=there[0], loc=loc)


def toll(state, loc: int, attacker: int) -> bool:
    """X32: the defender's fortress here makes the attacker first lose units of strength 2."""
    owner = state.fortress[loc]
    return owner != NO_FORTRESS and owner != attacker and bool(state.units(loc, owner))
