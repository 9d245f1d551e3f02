"""8. Construction (R11): rebuild the movement target if the active side now holds it.

`("build", kind)` puts the one there back in the pool and places `kind` from the
pool; `("demolish",)` only removes it; `("pass",)` leaves it (H10).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    CONSTRUCTION_A,
    CONSTRUCTION_KINDS,
    CONSTRUCTION_NAMES,
    CONSTRUCTION_TOTAL,
    FACTION_NAMES,
    POLAR_SINK,
    REGION_NAMES,
)
from ..events import emit
from .common import side_of_active


def pool(state, kind: int) -> int:
    return CONSTRUCTION_TOTAL - state.constr.count(kind)


def holds_target(state) -> bool:
    """The active player, with its ally, holds the target: troops there and no one else's."""
    t = state.target
    if t < 0 or t == POLAR_SINK or not state.storm_free(t):
        return False
    occ = state.occupants(t)
    return bool(occ) and not occ & ~side_of_active(state)


def enter(state) -> bool:
    if not holds_target(state) or len(legal(state, state.active)) <= 1:
        return False
    state.phase = "construct"
    state.awaiting = (state.active,)
    return True


def legal(state, seat: int) -> list:
    here = state.constr[state.target]
    actions: list = [("pass",)]
    actions += [("build", k) for k in CONSTRUCTION_KINDS if k != here and pool(state, k) > 0]
    if here:
        actions.append(("demolish",))
    return actions


def apply(state, seat: int, action) -> bool:
    t = state.target
    here = state.constr[t]
    who = FACTION_NAMES[state.active_faction]
    if action[0] == "pass":
        return True
    state.constr[t] = 0
    if here:
        emit(state, pl.Demolished, "{faction} returns the {kind} in {region} to the pool.", faction=who,
             kind=CONSTRUCTION_NAMES[here], region=REGION_NAMES[t], loc=t, kind_id=here,
             faction_id=state.active_faction)
    if action[0] == "build":
        state.constr[t] = action[1]
        emit(state, pl.Built, "{faction} builds {a_kind} in {region}.", faction=who,
             kind=CONSTRUCTION_NAMES[action[1]], a_kind=CONSTRUCTION_A[action[1]], region=REGION_NAMES[t], loc=t,
             kind_id=action[1], faction_id=state.active_faction)
    return True
