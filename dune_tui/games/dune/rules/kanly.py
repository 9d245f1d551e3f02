"""4. Kanly (R7): the Kanly die's assassins and markers.

Poison, Crysknife, Hunter-Seeker: `("kanly", loc, unit)` removes one troop to
its owner's reserve, or `("pass",)`.  Snooper and Shield are taken from
whoever holds them; a Thumper comes from the pool (at most one each, four in all).
"""

from __future__ import annotations

import msgspec

from .. import payloads as pl
from ..data import (
    ASSASSINS,
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
            if state.events is not None:  # (a search does not record: skip the words)
                emit(state, pl.MarkerTaken, "{faction} takes the {marker} from {source}.", faction=name,
                     marker=KANLY_NAMES[face], source=source, marker_id=face,
                     faction_id=me, from_id=holder)
        return False
    if face == THUMPER:
        if not state.thumpers >> me & 1 and popcount(state.thumpers) < THUMPER_TOTAL:
            state.thumpers |= 1 << me
            if state.events is not None:  # (a search does not record: skip the words)
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
    reached = [u for u in range(NU) if not immune(state, face, UNIT_OWNER[u])]
    for loc in LOCATIONS:
        if not state.storm_free(loc):
            continue
        base = loc * NU
        for u in reached:
            if board[base + u]:
                actions.append(("kanly", loc, u))
    return actions


def apply(state, seat: int, action) -> bool:
    if action[0] == "pass":
        why = ""
        if state.events is not None:  # the text is only made when events are recorded
            why = pass_reason(state)
        emit(state, pl.KanlyPass, "{faction} sends no assassin{why}.", faction=FACTION_NAMES[state.active_faction],
             why=f": {why}" if why else "", faction_id=state.active_faction)
        return True
    _, loc, unit = action
    state.board[loc * NU + unit] -= 1
    state.reserve[unit] += 1
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Kanly, "Kanly: {weapon}! {faction} removes {a_unit} troop from {region}.",
             weapon=KANLY_NAMES[state.dice[KANLY_DIE]], faction=FACTION_NAMES[state.active_faction],
             unit=UNIT_NAMES[unit], a_unit=UNIT_A[unit], region=REGION_NAMES[loc], loc=loc, unit_id=unit,
             faction_id=state.active_faction, weapon_id=state.dice[KANLY_DIE])
    fortification_cleanup(state, loc)
    return True


# ------------------------------------------------ what the weapon cannot reach

IMMUNE_SNOOPER, IMMUNE_SHIELD, IMMUNE_FREMEN, IMMUNE_BG, IMMUNE_STORM = (
    "Snooper", "Shield", "Fremen", "Bene Gesserit", "storm")


class Sheltered(msgspec.Struct, frozen=True):
    """Troops the Kanly weapon cannot reach: `faction`'s in `loc`, and why (one of the IMMUNE_ words)."""

    faction: int
    loc: int
    why: str


def sheltered(state) -> tuple[Sheltered, ...]:
    """For an assassin on the Kanly die (R7), the troops on the map it cannot reach, in map order:
    the Snooper holder and the Bene Gesserit against Poison, the Shield holder and the Fremen against the
    Crysknife (`immune`), and every troop in a region under storm."""
    face = state.dice[KANLY_DIE]
    if face not in ASSASSINS:  # the Hunter-Seeker: only the storm stops it
        return ()
    out = []
    for loc in LOCATIONS:
        for f in _factions_at(state, loc):
            if not state.storm_free(loc):
                out.append(Sheltered(f, loc, IMMUNE_STORM))
            elif immune(state, face, f):
                out.append(Sheltered(f, loc, _why_immune(state, face, f)))
    return tuple(out)


def _why_immune(state, face: int, faction: int) -> str:
    if face == POISON:
        return IMMUNE_SNOOPER if faction == state.snooper else IMMUNE_BG
    return IMMUNE_SHIELD if faction == state.shield else IMMUNE_FREMEN


def _factions_at(state, loc: int) -> list[int]:
    occ = state.occupants(loc)
    return [f for f in range(8) if occ >> f & 1]


def targets(state) -> tuple[tuple[int, int], ...]:
    """(loc, unit) of every troop the Kanly weapon may remove now, in map order (`legal`)."""
    return tuple((a[1], a[2]) for a in legal(state, state.active) if a[0] == "kanly")


def every_target_immune(state) -> bool:
    """The assassin on the Kanly die has troops to aim at, but every one of them is sheltered (the step passes)."""
    return bool(sheltered(state)) and not targets(state)


_WHY = {IMMUNE_SNOOPER: "Snooper", IMMUNE_SHIELD: "Shield", IMMUNE_FREMEN: "immune", IMMUNE_BG: "immune"}


def shelters_text(state) -> str:
    """ "Fremen (Snooper), Bene Gesserit (immune), Carthag (storm)": whom the weapon cannot reach, and why."""
    out = sheltered(state)
    parts = list(dict.fromkeys(f"{FACTION_NAMES[s.faction]} ({_WHY[s.why]})" for s in out if s.why != IMMUNE_STORM))
    stormed = list(dict.fromkeys(s.loc for s in out if s.why == IMMUNE_STORM))
    if stormed:
        parts.append(f"{' and '.join(REGION_NAMES[r] for r in stormed)} (storm)")
    return ", ".join(parts)


def pass_reason(state) -> str:
    """Why the Kanly step passes by itself, for the log: "every target is immune to the Poison: Fremen
    (Snooper), ..." when it does so because of that, else ""."""
    if not every_target_immune(state):
        return ""
    return f"every target is immune to the {KANLY_NAMES[state.dice[KANLY_DIE]]}: {shelters_text(state)}"
