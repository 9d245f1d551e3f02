"""A State as the save file holds it (`SnapshotV1`).  Loading never restores a State from it: the
state is rebuilt from the log, and the snapshot only checks the result (and feeds the listing)."""

from __future__ import annotations

import msgspec

from ..engine import Options, State
from .schema import OptionsV1, SnapshotV1

FIELDS = tuple(name for name in State.__slots__ if name not in ("events", "_legal"))  # every field the game holds


def options_to_file(options: Options) -> OptionsV1:
    return msgspec.convert(msgspec.to_builtins(options), OptionsV1)


def options_from_file(options: OptionsV1) -> Options:
    """Validated like a user's options: msgspec.ValidationError says what is wrong."""
    return msgspec.convert(msgspec.structs.asdict(options), Options)


def snapshot_of(state: State) -> SnapshotV1:
    fields = {name: getattr(state, name) for name in FIELDS}
    return msgspec.convert(msgspec.to_builtins(fields), SnapshotV1)


def differences(a: SnapshotV1, b: SnapshotV1) -> list[str]:
    """The names of the fields where two snapshots differ."""
    return [name for name in FIELDS if msgspec.to_builtins(getattr(a, name)) != msgspec.to_builtins(getattr(b, name))]

