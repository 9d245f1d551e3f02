"""What every rule set's engine does the same way, given its own `flow` (a module with `start_game(state)`,
`legal(state, seat)` and `apply(state, seat, action)`): a new game, its opening events, the legal actions cached
per state, a checked `apply` that plays every forced step after it, the action's shape, a seat's view and a full
state made again from one (before each game removes or samples its own secrets; `sampled` draws one), and the
returns.

Each engine (`dune_tui.games.dune`, `dune_tui.games.express`) keeps its own public functions in its `api.py` and calls
these; nothing else imports this module.
"""

from __future__ import annotations

import functools
import operator

import msgspec

from . import rng
from .errors import GameOver, HiddenInformation, IllegalAction, NotYourTurn, quoted

MAX_DEPTH = 8  # deeper than any action nests (a commit: 3); what lies deeper is not an action


def as_action(action, _depth: int = 0) -> tuple:
    """An action as the engines spell it: nested tuples (JSON gives lists).
    Anything else is returned as is, for `apply` to refuse."""
    if isinstance(action, (list, tuple)) and _depth < MAX_DEPTH:
        out = []
        for a in action:  # (a loop, not a generator: every checked decision passes here, twice)
            kind = type(a)
            out.append(a if kind is int or kind is str else as_action(a, _depth + 1))
        return tuple(out)
    return action


def plain(action, depth: int = 0) -> bool:
    """Made only of ints (not bools), strs and tuples, as every legal action is: then `==` is type-strict
    (`7.0 == 7` and `True == 1` are equal but no float or bool gets this far)."""
    kind = type(action)
    if kind is tuple:
        if depth >= MAX_DEPTH:
            return False
        for a in action:
            kind = type(a)
            if not (kind is int or kind is str or (kind is tuple and plain(a, depth + 1))):
                return False
        return True
    return kind is int or kind is str


def legal(state, seat: int, flow) -> list:
    """The actions `seat` may take now, cached in `state._legal` (by seat, for the seats awaited) until the state
    changes."""
    cache = state._legal
    if cache is not None:
        acts = cache.get(seat)
        if acts is not None:
            return acts
    if seat not in state.awaiting:
        return []
    if cache is None:
        cache = state._legal = {}
    acts = cache[seat] = flow.legal(state, seat)
    return acts


def play(state, seat: int, action, flow, check: bool) -> list:
    """`apply`: check (unless told not to), take the action, play the forced steps; the events."""
    if check:
        action = as_action(action)
        refuse(state, seat, action, flow)
    recording = state.events is not None
    if recording:
        state.events = []
    step(state, seat, action, flow)
    settle(state, flow)
    return state.events if recording else []


def refuse(state, seat: int, action, flow) -> None:
    """Raise why `seat` may not take `action` now (nothing if it may); the state is untouched."""
    if state.viewer >= 0:
        raise HiddenInformation("a seat's view cannot be played on; determinize it first")
    if state.result is not None:
        raise GameOver("the game is over")
    if type(seat) is not int:
        raise NotYourTurn(f"{quoted(seat)} is not a seat number")
    if seat not in state.awaiting:
        whose = ", ".join(f"seat {s + 1}" for s in state.awaiting)
        raise NotYourTurn(f"it is not seat {quoted(seat + 1)}'s decision now (waiting for {whose})")
    if not plain(action) or action not in legal(state, seat, flow):
        raise IllegalAction(f"{quoted(action)} is not a legal {state.phase.replace('_', ' ')} decision now")


def step(state, seat: int, action, flow) -> None:
    state._legal = None
    flow.apply(state, seat, action)
    state._legal = None


def settle(state, flow) -> None:
    """Play every decision that has exactly one legal action."""
    while state.result is None:
        cache = state._legal = {}  # (`legal` and `step`, written out: settling is most of a search's calls)
        for seat in state.awaiting:
            acts = cache[seat] = flow.legal(state, seat)
            if len(acts) == 1:
                state._legal = None
                flow.apply(state, seat, acts[0])
                break
        else:
            return


def new_game(state_class, options, flow):
    """A new game of `options`, set up as far as its first decision."""
    state = state_class(options)
    state.rng = rng.seed_state(options.seed, options.dice)
    state.events = []
    flow.start_game(state)
    settle(state, flow)
    return state


def opening_events(state) -> list:
    """The events of setting up a game made by `new_game` (then cleared)."""
    out, state.events = state.events or [], []
    return out


def seat_view(state, seat: int):
    """`seat`'s view before the game removes its own secrets: no dice generator, nor the seed (the seed and the
    draws so far would give the dice to come)."""
    v = state.copy()
    v.viewer = seat
    v.rng = None
    v.options = unseeded(state.options)
    return v


def full_state(v, seed: int):
    """A full state from a view before the game samples its own secrets: fresh dice from `seed`."""
    s = v.copy()
    s.viewer = -1
    s.rng = rng.seed_state(seed)
    return s


def sampled(s, given, choices):
    """A hidden value of a full state made from a view (`full_state`): `given`, or else one of `choices(s)`
    drawn with the state's fresh dice."""
    if given is None:
        options = choices(s)
        s.rng, i = rng.below(s.rng, len(options))
        given = options[i]
    return given


_ENCODER = msgspec.msgpack.Encoder()


@functools.cache
def _fields_of(state_class) -> operator.attrgetter:
    return operator.attrgetter(*state_class.FIELDS)


def observed(view) -> bytes:
    """A view's every field, encoded: the identity of what its seat sees (each engine's `observation_key`)."""
    return _ENCODER.encode(_fields_of(type(view))(view))


@functools.lru_cache(maxsize=64)
def unseeded(options):
    """A view's options: the seed (and so the dice to come) left out."""
    return msgspec.structs.replace(options, seed=0)


def returns(state, seat_sides) -> list[float]:
    """1.0 for each seat whose side is among the winners, else 0.0 (all 0.0 while playing)."""
    if state.result is None:
        return [0.0] * state.n
    won = set(state.result.winners)
    return [1.0 if side in won else 0.0 for side in seat_sides]
