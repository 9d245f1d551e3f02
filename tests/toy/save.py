"""Toy Dice in a save file: its options, its state's snapshot, its tagged `Save` (the saves' table's module)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from dune_tui.saves.fields import SaveFields


class ToyOptions(msgspec.Struct, kw_only=True):
    rules: Literal["toy"] = "toy"
    players: int
    seed: int
    sides: tuple[str, ...] | None = None
    dice: str = "keyed"


class ToyResult(msgspec.Struct, kw_only=True):
    winners: tuple[int, ...]
    reason: str
    round: int
    text: str = ""


class ToySnapshot(msgspec.Struct, kw_only=True):
    seat_side: list[int]
    score: list[int]
    options: ToyOptions
    n: int
    rng: int | None
    phase: str
    awaiting: tuple[int, ...]
    round: int
    turn: int
    active: int
    pot: int
    result: ToyResult | None
    viewer: int


class ToySave(SaveFields, tag_field="rules", tag="toy"):
    options: ToyOptions
    snapshot: ToySnapshot


Options, Snapshot, Save = ToyOptions, ToySnapshot, ToySave
VIEW_FIELDS: dict[str, tuple[Any, Any]] = {}
