"""The fitted models the bots' evaluations read: logistic weights stored as data, ai/models/NAME.json, each
with the command that fitted it (lab/); and the calibration of the chances they show (`Calibration`)."""

from __future__ import annotations

import bisect
import functools
from importlib import resources

import msgspec

__all__ = ["Calibration", "Model", "calibrated", "calibration", "group", "model", "through"]


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


def group(players: int) -> str:
    """The player-count group a model's weights and a calibration's knots are kept by: "2", "3" or "4+"."""
    return "2" if players == 2 else ("3" if players == 3 else "4+")


@functools.cache
def model(name: str) -> Model:
    """The model stored as ai/models/`name`.json (general, facing_guild, facing_rival, ..., express_outcomes)."""
    return msgspec.json.decode((resources.files("dune_tui.ai") / "models" / f"{name}.json").read_bytes(), type=Model)


class Calibration(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A map from the chances a model gives to the rates observed in games, as stored in ai/models/NAME.json: per
    player-count group, knots `[[x, ...], [y, ...]]` (x increasing, y never decreasing) of a seat's chance to win,
    read by `through`."""

    about: str
    fitted_by: str  # the command that wrote the file
    wins: dict[str, list[list[float]]]


@functools.cache
def calibration(name: str) -> Calibration:
    """The calibration stored as ai/models/`name`.json."""
    return msgspec.json.decode((resources.files("dune_tui.ai") / "models" / f"{name}.json").read_bytes(),
                               type=Calibration)


def through(knots: list[list[float]], p: float) -> float:
    """`p` read through a calibration's knots: linear between two knots, the end knot's y beyond the ends."""
    xs, ys = knots
    i = bisect.bisect_right(xs, p)
    if i == 0:
        return ys[0]
    if i == len(xs):
        return ys[-1]
    x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0)


def calibrated(knots: list[list[float]], wins: list[float], nobody: float, most: float = 1.0) -> list[float]:
    """Each seat's chance to win read through `knots`, kept consistent with the chance that `nobody` wins: their
    sum the rest (1 - nobody) where a game has one winner, up to `most` times it where an alliance's two win
    together; none above the rest.  Chances all too small to have been seen won are left as they were."""
    rest = 1.0 - nobody
    out = [through(knots, p) for p in wins]
    total = sum(out)
    if not total:
        return wins
    if not rest <= total <= most * rest:
        out = [p * min(most * rest, max(rest, total)) / total for p in out]
    return [min(rest, p) for p in out]
