"""A State as the save file holds it (`SnapshotV1`), and back."""

from __future__ import annotations

import msgspec

from ..engine import Options, Result, State
from ..engine.state import _LISTS, _SCALARS
from .schema import OptionsV1, SnapshotV1

FIELDS = _LISTS + _SCALARS  # every State field but `events` and `_legal`


def options_to_file(options: Options) -> OptionsV1:
    return msgspec.convert(msgspec.to_builtins(options), OptionsV1)


def options_from_file(options: OptionsV1) -> Options:
    """Validated like a user's options: msgspec.ValidationError says what is wrong."""
    return msgspec.convert(msgspec.structs.asdict(options), Options)


def snapshot_of(state: State) -> SnapshotV1:
    fields = {name: getattr(state, name) for name in FIELDS}
    return msgspec.convert(msgspec.to_builtins(fields), SnapshotV1)


def restore(snap: SnapshotV1) -> State:
    """The State a snapshot describes (the fast way to load: no replay)."""
    state = State.__new__(State)
    for name in _SCALARS:
        setattr(state, name, getattr(snap, name))
    for name in _LISTS:
        setattr(state, name, list(getattr(snap, name)))
    state.options = options_from_file(snap.options)
    state.result = None if snap.result is None else Result(**msgspec.structs.asdict(snap.result))
    state.events = []
    state._legal = None
    return state


def differences(a: SnapshotV1, b: SnapshotV1) -> list[str]:
    """The names of the fields where two snapshots differ."""
    return [name for name in FIELDS if msgspec.to_builtins(getattr(a, name)) != msgspec.to_builtins(getattr(b, name))]

