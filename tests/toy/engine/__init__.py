"""Toy Dice's engine: the verbs every engine gives (docs/ARCHITECTURE.md), played through `games.verbs`."""

from __future__ import annotations

from dune_tui.games import verbs
from dune_tui.games.errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from dune_tui.games.verbs import as_action

from . import rules
from .data import SIDE_KEYS
from .rules import Event, Options, Result, State

HIDDEN = -2
AGREE_END = ("agree_end",)  # never offered
DEFAULT_WINNER = None
PARAMETERS: dict[str, object] = {}

__all__ = ["AGREE_END", "DEFAULT_WINNER", "HIDDEN", "PARAMETERS", "DuneError", "Event", "GameOver",
           "HiddenInformation", "IllegalAction", "NotYourTurn", "Options", "OptionsError", "Result", "State",
           "as_action"]


def new_game(options: Options) -> State:
    return verbs.new_game(State, options, rules)


def opening_events(state: State) -> list:
    return verbs.opening_events(state)


def legal_actions(state: State, seat: int) -> list:
    return verbs.legal(state, seat, rules)


def apply(state: State, seat: int, action, *, check: bool = True) -> list:
    return verbs.play(state, seat, action, rules, check)


def view(state: State, seat: int) -> State:
    return verbs.seat_view(state, seat)


final_view = view


def determinize(v: State, seed: int, prediction=None) -> State:
    return verbs.full_state(v, seed)


def observation_key(state: State, seat: int) -> bytes:
    return verbs.observed(view(state, seat))


def returns(state: State) -> list[float]:
    return verbs.returns(state, state.seat_side)


def end_offered(state: State, seat: int) -> bool:
    return False


def end_refused(state: State, seat: int) -> str:
    return ""


def is_simultaneous(state: State) -> bool:
    return False


def public_note(state: State) -> None:
    return None


def options_from(players: int, seed: int, sides: tuple[str, ...] | None = None) -> Options:
    return Options(players=players, seed=seed, sides=sides)


def available_sides(options: Options) -> tuple[int, ...]:
    return (0, 1)


def side_id(key: str) -> int:
    if key.strip().lower() not in SIDE_KEYS:
        raise OptionsError(f"unknown colour {key!r}; choose from {', '.join(SIDE_KEYS)}")
    return SIDE_KEYS.index(key.strip().lower())


def variants_in_words(options: Options) -> str:
    return ""
