"""The fitted models the bots' evaluations read: logistic weights stored as data, ai/models/NAME.json, each
with the command that fitted it (lab/)."""

from __future__ import annotations

import functools
from importlib import resources

import msgspec

__all__ = ["Model", "model"]


class Model(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A fitted logistic model as stored in ai/models/NAME.json.  weights: one list, or one per player-count group
    ("2", "3", "4+"); shift, scale: its log-odds z are read as (z + shift) / scale (the facing-Guild model's raw
    chances, 0.002-0.13 in most positions, differ too little for the search to see past its prior: spread, they
    span about 0.1-0.8); winners: for the general model, the seats that win a won game on average, per group
(more than one where alliances win together)."""

    about: str
    fitted_by: str  # the command that wrote the file
    weights: list[float] | dict[str, list[float]]
    shift: float = 0.0
    scale: float = 1.0
    winners: dict[str, float] | None = None  # per group, the seats a won game has on average (an alliance's two)


@functools.cache
def model(name: str) -> Model:
    """The model stored as ai/models/`name`.json (general, facing_guild, facing_rival, ..., express_outcomes)."""
    return msgspec.json.decode((resources.files("dune_tui.ai") / "models" / f"{name}.json").read_bytes(), type=Model)
