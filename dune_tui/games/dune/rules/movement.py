"""6. Movement (R9): one target region, troops move in from its neighbours.

`("target", loc)`: a region of the zone the region die shows, or the Polar
Sink (H14: not a region under storm); with Rats Flee (Smugglers) also any
unoccupied region.  Then `("move", from, unit, n)` for the active player,
`("done",)`, and the same for its ally.
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    ADJACENT,
    FACTION_NAMES,
    FACTION_UNITS,
    FREMEN,
    LOCATIONS,
    ORNITHOPTER,
    POLAR_SINK,
    REGION_DIE,
    REGION_NAMES,
    RING,
    SMUGGLERS,
    SPICE_DIE,
    UNIT_NAMES,
    UNIT_TOTAL,
    WORM,
    ZONE,
    ZONE_REGIONS,
)
from ..events import emit
from ..rulings import WORM_RIDING_ACTIVE_ONLY
from ..state import NU
from .common import fortification_cleanup, has_ability


def targets(state) -> list[tuple[int, bool]]:
    """(loc, by Rats Flee) for every target the active player may choose."""
    by_die = [r for r in ZONE_REGIONS[state.dice[REGION_DIE]] if state.storm_free(r)]
    out = [(r, False) for r in by_die] + [(POLAR_SINK, False)]
    if has_ability(state, SMUGGLERS):  # Rats Flee: any unoccupied region instead
        out += [(r, True) for r in RING if r not in by_die and state.storm_free(r) and not state.occupants(r)]
    return out


def enter(state) -> bool:
    state.target = -1
    state.phase = "target"
    state.awaiting = (state.active,)
    return True


def legal_target(state, seat: int) -> list:
    return [("target", loc) for loc, _ in targets(state)]


def apply_target(state, seat: int, action) -> bool:
    loc = action[1]
    state.target = loc
    state.rats_flee = dict(targets(state))[loc]
    how = " (Rats Flee)" if state.rats_flee else ""
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Target, "{faction} targets {region}{how}.", faction=FACTION_NAMES[state.active_faction],
             region=REGION_NAMES[loc], how=how, loc=loc,
             faction_id=state.active_faction, rats_flee=state.rats_flee)
    state.phase = "move"
    return False


def worm_riding(state, faction: int) -> bool:
    """R9: on a Shai-Hulud, Fremen Worm Riding makes the troops of the player who
    uses it adjacent to the target: the active player only (R5, H15)."""
    if WORM_RIDING_ACTIVE_ONLY and faction != state.active_faction:
        return False
    return state.dice[SPICE_DIE] == WORM and has_ability(state, FREMEN)


def neighbours(state, target: int) -> list[int]:
    """Regions troops may move from into `target` without Worm Riding: adjacent ones and those with an
    Ornithopter, out of the storm (the Polar Sink borders every region)."""
    near = _ADJACENT_BITS[target]
    constr = state.constr
    if ORNITHOPTER in constr:
        for r in RING:
            if constr[r] == ORNITHOPTER:
                near |= 1 << r
    return list(_IN_ORDER[near & ~(1 << target) & ~_STORM_BITS[state.storm]])


# (the heuristic asks `neighbours` most: sets of regions as bits) each region's neighbours; the ring regions under a
# storm in zone 0 to 6 (the Polar Sink never is); the regions of a set, in order
_ADJACENT_BITS = tuple(sum(1 << r for r in ADJACENT[t]) for t in LOCATIONS)
_STORM_BITS = tuple(sum(1 << r for r in RING if ZONE[r] == zone) for zone in range(7))
_IN_ORDER = tuple(tuple(r for r in LOCATIONS if bits >> r & 1) for bits in range(1 << len(LOCATIONS)))


def sources(state, faction: int) -> list[int]:
    """Regions `faction`'s troops may move from into the target."""
    target = state.target
    if worm_riding(state, faction):
        return [loc for loc in LOCATIONS if loc != target and state.storm_free(loc)]
    return neighbours(state, target)


# ("move", loc, unit, n) for n = 1, 2, ... by board index loc * NU + unit, made once (up to every troop of a unit)
_MOVES = tuple(tuple(("move", i // NU, i % NU, n) for n in range(1, UNIT_TOTAL[i % NU] + 1))
               for i in range(len(LOCATIONS) * NU))


def _moves(state, faction: int) -> list:
    actions: list = [("done",)]
    board = state.board
    units = FACTION_UNITS[faction]
    for loc in sources(state, faction):
        base = loc * NU
        for u in units:
            k = board[base + u]
            if k:
                row = _MOVES[base + u]
                actions += row[:k] if k <= len(row) else [("move", loc, u, n) for n in range(1, k + 1)]
    return actions


def legal_move(state, seat: int) -> list:
    return _moves(state, state.active_faction)


def legal_ally_move(state, seat: int) -> list:
    return _moves(state, state.ally)


def _move(state, faction: int, action) -> None:
    _, src, unit, n = action
    state.board[src * NU + unit] -= n
    state.board[state.target * NU + unit] += n
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Moved, "{faction} moves {n} {unit} troop{s} from {src} to {dst}.",
             faction=FACTION_NAMES[faction], n=n, unit=UNIT_NAMES[unit], s="s" if n > 1 else "",
             src=REGION_NAMES[src], dst=REGION_NAMES[state.target], src_id=src, dst_id=state.target, unit_id=unit,
             faction_id=faction, count=n)
    fortification_cleanup(state, src)


def apply_move(state, seat: int, action) -> bool:
    if action[0] == "move":
        _move(state, state.active_faction, action)
        return False
    if state.ally >= 0:
        state.phase = "ally_move"
        state.awaiting = (state.faction_seat[state.ally],)
        return False
    return True


def apply_ally_move(state, seat: int, action) -> bool:
    if action[0] == "move":
        _move(state, state.ally, action)
        return False
    return True
