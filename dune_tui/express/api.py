"""Dune Express behind the first game's verbs: `new_game`, `legal_actions`, `apply`, `view`, `returns`.

    state = new_game(Options(players=4, seed=7, abilities=True))
    while not state.over:
        seat = state.to_move[0]
        for event in apply(state, seat, random.choice(legal_actions(state, seat))):
            print(event.text)
"""

from __future__ import annotations

import functools

import msgspec

from ..engine import rng
from ..engine.api import _plain, as_action  # the first game's action checks: the same rule for both games
from ..engine.errors import GameOver, HiddenInformation, IllegalAction, NotYourTurn, quoted
from . import flow
from .data import BENE_GESSERIT
from .events import Event
from .options import Options
from .rules.setup import prediction_choices
from .state import _LISTS, _SCALARS, State

HIDDEN = -2  # a view's stand-in for the Bene Gesserit's round


def new_game(options: Options) -> State:
    """A new game, set up as far as the first decision."""
    state = State(options)
    state.rng = rng.seed_state(options.seed, options.dice)
    state.events = []
    flow.start_game(state)
    _settle(state)
    return state


def opening_events(state: State) -> list[Event]:
    """The events of setting up the game (then cleared)."""
    out, state.events = state.events or [], []
    return out


def legal_actions(state: State, seat: int) -> list:
    """The actions `seat` may take now (cached until the state changes: do not modify the list)."""
    if seat not in state.awaiting:
        return []
    cache = state._legal
    if cache is None:
        cache = state._legal = {}
    acts = cache.get(seat)
    if acts is None:
        acts = cache[seat] = flow.legal(state, seat)
    return acts


def apply(state: State, seat: int, action, *, check: bool = True) -> list[Event]:
    """Let `seat` take `action` and play every forced step after it; the events (all seats')."""
    if check:
        action = as_action(action)
        _check(state, seat, action)
    recording = state.events is not None
    if recording:
        state.events = []
    _apply(state, seat, action)
    _settle(state)
    return state.events if recording else []


def _check(state: State, seat: int, action) -> None:
    if state.viewer >= 0:
        raise HiddenInformation("a seat's view cannot be played on; determinize it first")
    if state.result is not None:
        raise GameOver("the game is over")
    if type(seat) is not int:
        raise NotYourTurn(f"{quoted(seat)} is not a seat number")
    if seat not in state.awaiting:
        whose = ", ".join(f"seat {s + 1}" for s in state.awaiting)
        raise NotYourTurn(f"it is not seat {quoted(seat + 1)}'s decision now (waiting for {whose})")
    if not _plain(action) or action not in legal_actions(state, seat):
        raise IllegalAction(f"{quoted(action)} is not a legal {state.phase.replace('_', ' ')} decision now")


def _apply(state: State, seat: int, action) -> None:
    state._legal = None
    flow.apply(state, seat, action)
    state._legal = None


def _settle(state: State) -> None:
    """Play every decision that has exactly one legal action."""
    while state.result is None:
        for seat in state.awaiting:
            acts = legal_actions(state, seat)
            if len(acts) == 1:
                _apply(state, seat, acts[0])
                break
        else:
            return


def view(state: State, seat: int) -> State:
    """What `seat` may see: no dice generator nor seed, and the Bene Gesserit's round only for them.
    (Dice, tokens, troops and the Corrino store are on the table for everyone.)"""
    v = state.copy()
    v.viewer, v.rng = seat, None
    v.options = _unseeded(state.options)
    if state.prediction >= 0 and state.house_seat[BENE_GESSERIT] != seat:
        v.prediction = HIDDEN
    return v


@functools.lru_cache(maxsize=64)
def _unseeded(options: Options) -> Options:
    return msgspec.structs.replace(options, seed=0)


def determinize(v: State, seed: int, prediction: int | None = None) -> State:
    """A full state consistent with a view: fresh dice from `seed`, the hidden round sampled (or given)."""
    s = v.copy()
    s.viewer = -1
    s.rng = rng.seed_state(seed)
    if s.prediction == HIDDEN:
        if prediction is None:
            choices = prediction_choices(s)
            s.rng, i = rng.below(s.rng, len(choices))
            prediction = choices[i]
        s.prediction = prediction
    return s


def returns(state: State) -> list[float]:
    """1.0 for each seat among the winners, else 0.0."""
    if state.result is None:
        return [0.0] * state.n
    won = set(state.result.winners)
    return [1.0 if h in won else 0.0 for h in state.seat_house]


_OBSERVED = tuple(name for name in _LISTS + _SCALARS if name not in ("rng", "viewer"))
_ENCODER = msgspec.msgpack.Encoder()


def observation_key(state: State, seat: int) -> bytes:
    """The identity of `seat`'s information set (as the first game's `queries.observation_key`): its view,
    encoded; equal exactly when the seat sees the same (whatever the dice generator or a secret round)."""
    v = view(state, seat)
    return _ENCODER.encode([getattr(v, name) for name in _OBSERVED])
