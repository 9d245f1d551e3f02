"""Small pieces several rules share: spice, troop losses, the Fortification clean-up."""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    CORRINO,
    FACTION_NAMES,
    FORTIFICATION,
    GUILD,
    POLAR_SINK,
    REGION_NAMES,
    UNIT_A,
    UNIT_NAMES,
    UNIT_OWNER,
)
from ..events import emit
from ..state import NU

# ------------------------------------------------------------------ spice


def own_store(state) -> int:
    """Stored spice the active player may spend on its own turn (Corrino, Guild)."""
    f = state.active_faction
    return state.store[f] if f in (CORRINO, GUILD) else 0


def spice_available(state) -> int:
    return state.spice_die + state.spice_other + own_store(state)


def spend(state, amount: int) -> None:
    """Pay `amount` of the active player's spice (the caller checked it is there).

    R11: on Corrino's turn the store goes first, then harvest and gifts, then
    the die, so what is left at the end is the die's (CHOAM doubles it).
    Everyone else spends this turn's spice before a store (the Guild's store
    outlives the turn; this turn's spice does not).
    """
    f = state.active_faction
    if f == CORRINO:
        take = min(amount, state.store[f])
        state.store[f] -= take
        amount -= take
    take = min(amount, state.spice_other)
    state.spice_other -= take
    amount -= take
    take = min(amount, state.spice_die)
    state.spice_die -= take
    amount -= take
    if amount:
        state.store[f] -= amount  # the Guild's store, last


# ------------------------------------------------------------ alliances


def has_ability(state, faction: int) -> bool:
    """R5: a faction's alliance ability (the knot) serves the active player when
    the active player is that faction or is allied with it this turn."""
    return state.active_faction == faction or state.ally == faction


def side_of_active(state) -> int:
    """Bitmask of the active player and its ally."""
    mask = 1 << state.active_faction
    if state.ally >= 0:
        mask |= 1 << state.ally
    return mask


# ---------------------------------------------------------------- troops


def lose_troop(state, loc: int, unit: int, to_card: bool, why: str) -> None:
    """One troop leaves the map to its owner's reserve, or card if spared."""
    state.board[loc * NU + unit] -= 1
    if to_card:
        state.card[unit] += 1
    else:
        state.reserve[unit] += 1
    where = "faction card" if to_card else "reserve"
    emit(state, pl.TroopLost, "{faction} loses {a_unit} troop in {region} ({why}); it goes to the {where}.",
        faction=FACTION_NAMES[UNIT_OWNER[unit]], unit=UNIT_NAMES[unit], a_unit=UNIT_A[unit], region=REGION_NAMES[loc],
        why=why, where=where, loc=loc, unit_id=unit, to_card=to_card,
    )


def fortification_cleanup(state, loc: int) -> None:
    """R10/R11: a Fortification in a region nobody holds goes back to the pool at once."""
    if loc != POLAR_SINK and state.constr[loc] == FORTIFICATION and not state.occupants(loc):
        state.constr[loc] = 0
        emit(state, pl.FortificationRemoved, "The empty Fortification in {region} returns to the pool.",
             region=REGION_NAMES[loc], loc=loc)


def popcount(x: int) -> int:
    return bin(x).count("1")


def faction_units_at(state, loc: int, side_mask: int) -> list[tuple[int, int]]:
    """(unit, count) for the troops of the factions in `side_mask` at `loc`."""
    base = loc * NU
    b = state.board
    return [(u, b[base + u]) for u in range(NU) if b[base + u] and side_mask >> UNIT_OWNER[u] & 1]
