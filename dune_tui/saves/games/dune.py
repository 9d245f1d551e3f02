"""Dune: The Dice Game in a save file: its options and its state's snapshot (format version 1 had no other game,
so its `SaveV1` is version 1's whole schema), and what a seat's view holds otherwise (a sealed commit)."""

from __future__ import annotations

from typing import Any

import msgspec

from ..fields import SaveFields


class OptionsV1(msgspec.Struct, kw_only=True):
    players: int
    seed: int
    factions: tuple[str, ...] | None = None
    faction_choice: str = "random"
    face_dancers: str = "dice"
    dice: str = "splitmix"  # the generator; files written before "keyed" existed replay with SplitMix64


class ResultV1(msgspec.Struct, kw_only=True):
    winners: tuple[int, ...]
    reason: str
    round: int
    stolen_from: int = -1
    text: str = ""


Pairs = tuple[tuple[int, int], ...]
Commit = tuple[str, Pairs, Pairs]  # ("commit", ((unit, n), ...), ((faction, n), ...))


class SnapshotV1(msgspec.Struct, kw_only=True):
    """Every field of games.dune.state.State but `events` and `_legal`."""

    seat_faction: list[int]
    faction_seat: list[int]
    board: list[int]
    card: list[int]
    reserve: list[int]
    lcard: list[int]
    lreserve: list[int]
    constr: list[int]
    store: list[int]
    dice: list[int]
    options: OptionsV1
    n: int
    rng: int
    phase: str
    awaiting: tuple[int, ...]
    round: int
    turn: int
    active: int
    storm: int
    snooper: int
    shield: int
    thumpers: int
    prediction: int
    kept: int
    used_dice: int
    axolotl: int
    ally: int
    proposal: tuple[int, int]
    share: int
    spice_die: int
    spice_other: int
    guild_paid: bool
    landed_out: int
    consent: bool
    ally_budget: int
    target: int
    rats_flee: bool
    battles: tuple[int, ...]
    b_loc: int
    b_def: int
    b_offers: int
    b_queue: tuple[int, ...]
    b_commits: tuple[Commit | None, Commit | None]
    chooser: int
    result: ResultV1 | None
    viewer: int


class SaveV1(SaveFields, kw_only=True):  # (kw_only: the fields keep version 1's order)
    options: OptionsV1
    snapshot: SnapshotV1


class SaveV2(SaveV1, tag_field="rules", tag="dune"):
    """A game of Dune: The Dice Game: version 1's fields, tagged."""


def _commits(wire) -> tuple:
    """A view's battle commits: each SEALED, None or a commit (ValidationError if not)."""
    from ...games.dune import SEALED, as_action

    def commit(value):
        if value is None:
            return None
        value = as_action(value)
        return SEALED if value == SEALED else msgspec.convert(value, Commit)

    return tuple(commit(c) for c in wire)


Options, Snapshot, Save = OptionsV1, SnapshotV1, SaveV2
VIEW_FIELDS: dict[str, tuple[Any, Any]] = {"b_commits": (tuple[Any, Any], _commits)}  # field: (wire type, reader)
