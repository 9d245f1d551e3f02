"""Dune Express in a save file (from format version 2): its options and its state's snapshot."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from ..fields import SaveFields


class ExpressOptionsV2(msgspec.Struct, kw_only=True):
    rules: Literal["express"] = "express"
    players: int
    seed: int
    houses: tuple[str, ...] | None = None
    abilities: bool = False
    round_limit: int = 0
    ending: str | None = None  # absent before issue 36: a Shorter Game then played the tie-break (X26)
    thumper: bool = False
    defence: str = "full"
    tokens: tuple[int, int, int, int] = (-1, -1, -1, -1)  # X28 (issue 36): -1, as `defence` says
    fortresses: bool = False  # issue 36
    dice: str = "keyed"

    def __post_init__(self) -> None:
        if self.ending is None:
            self.ending = "tiebreak" if self.round_limit else "nobody"


class ExpressResultV2(msgspec.Struct, kw_only=True):
    winners: tuple[int, ...]
    reason: str
    round: int
    text: str = ""


class ExpressSnapshotV2(msgspec.Struct, kw_only=True):
    """Every field of games.express.state.State but `events` and `_legal`."""

    seat_house: list[int]
    house_seat: list[int]
    board: list[int]
    reserve: list[int]
    tokens: list[int]
    supply: list[int]
    dice: list[int]
    options: ExpressOptionsV2
    n: int
    rng: int | None
    phase: str
    awaiting: tuple[int, ...]
    round: int
    turn: int
    first: int
    active: int
    kept: int
    skipped: int
    spice: int
    symbols: int
    target: int
    traitor: tuple[int, int, int]
    store: int
    prediction: int
    limit: int
    battles: tuple[int, ...]
    boost: int
    result: ExpressResultV2 | None
    viewer: int
    fortress: list[int] = msgspec.field(default_factory=lambda: [-1] * 6)  # issue 36: the fortress modification
    storm: int = -1
    assigned: int = 0


class ExpressSaveV2(SaveFields, tag_field="rules", tag="express"):
    """A game of Dune Express.  (Not kw_only: its `options` and `snapshot` come first in the file, as they have
    since format 2.)"""

    options: ExpressOptionsV2
    snapshot: ExpressSnapshotV2


Options, Snapshot, Save = ExpressOptionsV2, ExpressSnapshotV2, ExpressSaveV2
VIEW_FIELDS: dict[str, tuple[Any, Any]] = {}  # a view holds the snapshot's fields
