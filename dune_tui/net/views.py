"""The wire form of an engine view.  A `State` is a `__slots__` class, not a Struct: `ViewWire` mirrors its
fields (those a save's snapshot holds, with the few a view changes: `rng` None, `prediction` maybe HIDDEN,
`b_commits` maybe SEALED), and `to_wire` / `from_wire` convert.  Only views cross: `to_wire` refuses a state
with a dice generator, so the authoritative state cannot be sent by mistake."""

from __future__ import annotations

from typing import Any

import msgspec

from ..engine import SEALED, Options, Result, State, as_action
from ..saves.schema import SnapshotV1
from ..saves.snapshot import FIELDS

Pairs = tuple[tuple[int, int], ...]
Commit = tuple[str, Pairs, Pairs]

_TYPES = {f.name: f.type for f in msgspec.structs.fields(SnapshotV1)}
_TYPES.update(options=Options, rng=None, result=Result | None, b_commits=tuple[Any, Any])
ViewWire = msgspec.defstruct("ViewWire", [(name, _TYPES[name]) for name in FIELDS], kw_only=True,
                             forbid_unknown_fields=True, module=__name__)


class NotAView(ValueError):
    """A state that is not a seat's view (it still has its dice generator, or no viewer)."""


def to_wire(state: State) -> ViewWire:
    if state.rng is not None or state.options.seed != 0:
        raise NotAView("only a seat's view (no dice, no seed) may cross the wire")
    return ViewWire(**{name: getattr(state, name) for name in FIELDS})


def from_wire(wire: ViewWire) -> State:
    """A State again (a view: it cannot be advanced).  A commit must be SEALED, None or a commit's shape."""
    state = State.__new__(State)
    for name in FIELDS:
        setattr(state, name, getattr(wire, name))
    for name in ("seat_faction", "faction_seat", "board", "card", "reserve", "lcard", "lreserve", "constr",
                 "store", "dice"):
        setattr(state, name, list(getattr(state, name)))
    state.b_commits = tuple(_commit(c) for c in wire.b_commits)
    state.rng, state.events, state._legal = None, None, None
    return state


def _commit(value) -> tuple | None:
    if value is None:
        return None
    value = as_action(value)
    if value == SEALED:
        return SEALED
    return msgspec.convert(value, Commit)
