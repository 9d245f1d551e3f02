"""The engine's whole surface: create, ask, act, view.  See docs/ENGINE.md.

    state = new_game(Options(players=4, seed=7))
    while not state.over:
        seat = state.to_move[0]
        action = random.choice(legal_actions(state, seat))
        for event in apply(state, seat, action):
            print(event.text)
"""

from __future__ import annotations

import functools

import msgspec

from . import flow, rng
from .data import BENE_GESSERIT, FACTION_NAMES
from .errors import GameOver, HiddenInformation, IllegalAction, NotYourTurn, quoted
from .events import Event
from .options import Options
from .rules.setup import prediction_choices
from .state import SEALED, State

HIDDEN = -2  # a view's stand-in for the Bene Gesserit prediction


def new_game(options: Options) -> State:
    """A new game, set up as far as the first decision (faction choice, setups or the first roll)."""
    state = State(options)
    state.rng = rng.seed_state(options.seed, options.dice)
    state.events = []
    flow.start_game(state)
    _settle(state)
    return state


def opening_events(state: State) -> list[Event]:
    """The events of setting up a game made by `new_game` (then cleared)."""
    out, state.events = state.events or [], []
    return out


def legal_actions(state: State, seat: int) -> list:
    """The actions `seat` may take now; empty when it has nothing to decide.

    The list is cached until the state changes: do not modify it."""
    if seat not in state.awaiting:
        return []
    cache = state._legal
    if cache is None:
        cache = state._legal = {}
    acts = cache.get(seat)
    if acts is None:
        acts = cache[seat] = flow.legal(state, seat)
    return acts


MAX_DEPTH = 8  # deeper than any action nests (a commit: 3); what lies deeper is not an action


def as_action(action, _depth: int = 0) -> tuple:
    """An action as the engine spells it: nested tuples (JSON gives lists).
    Anything else is returned as is, for `apply` to refuse."""
    if isinstance(action, (list, tuple)) and _depth < MAX_DEPTH:
        return tuple(as_action(a, _depth + 1) for a in action)
    return action


def _plain(action, depth: int = 0) -> bool:
    """Made only of ints (not bools), strs and tuples, as every legal action is: then `==` is type-strict
    (`7.0 == 7` and `True == 1` are equal but no float or bool gets this far)."""
    kind = type(action)
    if kind is tuple:
        return depth < MAX_DEPTH and all(_plain(a, depth + 1) for a in action)
    return kind is int or kind is str


def apply(state: State, seat: int, action, *, check: bool = True) -> list[Event]:
    """Let `seat` take `action`, then play every forced step after it.

    Returns the events (all of them: use `Event.visible_to` to filter per seat).
    Raises IllegalAction (or NotYourTurn, GameOver, HiddenInformation) and
    leaves the state unchanged when the action is not legal now: an action is
    legal only if it equals one of `legal_actions` with the same types (ints,
    not floats or bools; strs; tuples, or the JSON lists `as_action` turns into tuples).
    `check=False` skips the checks for callers that took the action from
    `legal_actions` (a tree search)."""
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


# ----------------------------------------------------------------- views


def view(state: State, seat: int) -> State:
    """What `seat` may see: no dice generator (nor the seed: `options.seed` is 0),
    no other seat's sealed commit, and the Bene Gesserit prediction only for the Bene Gesserit."""
    v = state.copy()
    v.viewer = seat
    v.rng = None
    v.options = _unseeded(state.options)  # the seed and the draws so far would give the dice to come
    if state.prediction >= 0 and state.faction_seat[BENE_GESSERIT] != seat:
        v.prediction = HIDDEN
    if state.phase == "commit":
        sides = (state.active, state.faction_seat[state.b_def])
        v.b_commits = tuple(c if (c is None or sides[i] == seat) else SEALED for i, c in enumerate(state.b_commits))
    return v


@functools.lru_cache(maxsize=64)
def _unseeded(options: Options) -> Options:
    return msgspec.structs.replace(options, seed=0)


def determinize(v: State, seed: int, prediction: int | None = None) -> State:
    """A full state consistent with a view: fresh dice from `seed`, the hidden
    prediction sampled (or given), another seat's sealed commit taken back so
    that both sides choose again (a simultaneous move)."""
    s = v.copy()
    s.viewer = -1
    s.rng = rng.seed_state(seed)
    if s.prediction == HIDDEN:
        if prediction is None:
            choices = prediction_choices(s)
            s.rng, i = rng.below(s.rng, len(choices))
            prediction = choices[i]
        s.prediction = prediction
    if SEALED in s.b_commits:
        s.b_commits = tuple(None if c == SEALED else c for c in s.b_commits)
        seats = (s.active, s.faction_seat[s.b_def])
        s.awaiting = tuple(st for st, c in zip(seats, s.b_commits) if c is None)
    return s


# --------------------------------------------------------------- results


def returns(state: State) -> list[float]:
    """1.0 for each seat among the winners, else 0.0 (all 0.0 while playing)."""
    if state.result is None:
        return [0.0] * state.n
    won = set(state.result.winners)
    return [1.0 if f in won else 0.0 for f in state.seat_faction]


def faction_name(faction: int) -> str:
    return FACTION_NAMES[faction]


__all__ = [
    "HIDDEN", "GameOver", "HiddenInformation", "IllegalAction", "NotYourTurn", "Options", "State",
    "apply", "as_action", "determinize", "legal_actions", "new_game", "opening_events", "returns", "view",
]
