"""Toy Dice's engine: the verbs every engine gives (docs/ARCHITECTURE.md), played through `games.verbs`; what it
does as most games do (no end by agreement, one seat at a time, its view at the end...) is the contract's default
(`games.base`)."""

from __future__ import annotations

from dune_tui.games import base, verbs
from dune_tui.games.errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError

from . import rules
from .data import SIDE_KEYS
from .rules import Event, Options, Result, State

HIDDEN = -2
PARAMETERS: dict[str, object] = {}

__all__ = ["HIDDEN", "PARAMETERS", "DuneError", "Event", "GameOver", "HiddenInformation", "IllegalAction",
           "NotYourTurn", "Options", "OptionsError", "Result", "State"]


def new_game(options: Options) -> State:
    return verbs.new_game(State, options, rules)


def legal_actions(state: State, seat: int) -> list:
    return verbs.legal(state, seat, rules)


def apply(state: State, seat: int, action, *, check: bool = True) -> list:
    return verbs.play(state, seat, action, rules, check)


def view(state: State, seat: int) -> State:
    return verbs.seat_view(state, seat)


def determinize(v: State, seed: int, prediction=None) -> State:
    return verbs.full_state(v, seed)


def returns(state: State) -> list[float]:
    return verbs.returns(state, state.seat_side)


def options_from(players: int, seed: int, sides: tuple[str, ...] | None = None) -> Options:
    return Options(players=players, seed=seed, sides=sides)


def available_sides(options: Options) -> tuple[int, ...]:
    return (0, 1)


def side_id(key: str) -> int:
    if key.strip().lower() not in SIDE_KEYS:
        raise OptionsError(f"unknown colour {key!r}; choose from {', '.join(SIDE_KEYS)}")
    return SIDE_KEYS.index(key.strip().lower())


__getattr__ = base.defaults(__name__)  # AGREE_END, end_offered, final_view, observation_key...: the defaults
