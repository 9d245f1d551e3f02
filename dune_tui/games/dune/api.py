"""The engine's whole surface: create, ask, act, view.  See docs/ENGINE.md.

    state = new_game(Options(players=4, seed=7))
    while not state.over:
        seat = state.to_move[0]
        action = random.choice(legal_actions(state, seat))
        for event in apply(state, seat, action):
            print(event.text)
"""

from __future__ import annotations

from .. import verbs
from ..errors import GameOver, HiddenInformation, IllegalAction, NotYourTurn
from . import flow
from .data import BENE_GESSERIT, FACTION_NAMES, GUILD
from .events import Event
from .options import Options
from .rules.setup import prediction_choices
from .state import SEALED, State

HIDDEN = -2  # a view's stand-in for the Bene Gesserit prediction
DEFAULT_WINNER = GUILD  # the side that wins when nobody has by the last round (R11: the Spacing Guild; None: none)


def new_game(options: Options) -> State:
    """A new game, set up as far as the first decision (faction choice, setups or the first roll)."""
    return verbs.new_game(State, options, flow)


def legal_actions(state: State, seat: int) -> list:
    """The actions `seat` may take now; empty when it has nothing to decide.

    The list is cached until the state changes: do not modify it."""
    return verbs.legal(state, seat, flow)


def apply(state: State, seat: int, action, *, check: bool = True) -> list[Event]:
    """Let `seat` take `action`, then play every forced step after it.

    Returns the events (all of them: use `Event.visible_to` to filter per seat).
    Raises IllegalAction (or NotYourTurn, GameOver, HiddenInformation) and
    leaves the state unchanged when the action is not legal now: an action is
    legal only if it equals one of `legal_actions` with the same types (ints,
    not floats or bools; strs; tuples, or the JSON lists `as_action` turns into tuples).
    `check=False` skips the checks for callers that took the action from
    `legal_actions` (a tree search)."""
    return verbs.play(state, seat, action, flow, check)


# ----------------------------------------------------------------- views


def view(state: State, seat: int) -> State:
    """What `seat` may see: no dice generator (nor the seed: `options.seed` is 0),
    no other seat's sealed commit, and the Bene Gesserit prediction only for the Bene Gesserit."""
    v = verbs.seat_view(state, seat)
    if state.prediction >= 0 and state.faction_seat[BENE_GESSERIT] != seat:
        v.prediction = HIDDEN
    if state.phase == "commit":
        sides = (state.active, state.faction_seat[state.b_def])
        v.b_commits = tuple(c if (c is None or sides[i] == seat) else SEALED for i, c in enumerate(state.b_commits))
    return v


def final_view(state: State, seat: int) -> State:
    """What `seat` sees once the game is over: its view, and the Bene Gesserit prediction, shown at the end."""
    v = view(state, seat)
    v.prediction = state.prediction
    return v


def is_simultaneous(state: State) -> bool:
    """Whether the seats awaited choose together, none seeing another's choice: the battle commit (R10)."""
    return state.phase == "commit"


def public_note(state: State) -> tuple[int, str] | None:
    """What every seat is told beside the board now, as (the seat it is about, the words); None: nothing.
    R10: one side of the battle has sealed its commit and the other has not."""
    if state.phase != "commit":
        return None
    done = [s for s in (state.active, state.faction_seat[state.b_def]) if s not in state.awaiting]
    if len(done) != 1:
        return None
    return done[0], f"The {FACTION_NAMES[state.seat_faction[done[0]]]} have sealed theirs."


def allies(state: State, seat: int) -> tuple[int, ...]:
    """The seats allied to `seat` now: the active player and the ally it has this turn, each the other's."""
    if state.ally < 0 or state.turn == 0:
        return ()
    pair = (state.active, state.faction_seat[state.ally])
    return tuple(s for s in pair if s != seat) if seat in pair else ()


def determinize(v: State, seed: int, prediction: int | None = None) -> State:
    """A full state consistent with a view: fresh dice from `seed`, the hidden
    prediction sampled (or given), another seat's sealed commit taken back so
    that both sides choose again (a simultaneous move)."""
    s = verbs.full_state(v, seed)
    if s.prediction == HIDDEN:
        s.prediction = verbs.sampled(s, prediction, prediction_choices)
    if SEALED in s.b_commits:
        s.b_commits = tuple(None if c == SEALED else c for c in s.b_commits)
        seats = (s.active, s.faction_seat[s.b_def])
        s.awaiting = tuple(st for st, c in zip(seats, s.b_commits) if c is None)
    return s


# --------------------------------------------------------------- results


def returns(state: State) -> list[float]:
    """1.0 for each seat among the winners, else 0.0 (all 0.0 while playing)."""
    return verbs.returns(state, state.seat_faction)


__all__ = [
    "HIDDEN", "GameOver", "HiddenInformation", "IllegalAction", "NotYourTurn", "Options", "State",
    "apply", "determinize", "final_view", "is_simultaneous", "legal_actions", "new_game", "public_note", "returns",
    "view",
]
