"""Dune Express behind the first game's verbs: `new_game`, `legal_actions`, `apply`, `view`, `returns`; the rest
are the contract's defaults (`games.base`: one seat at a time, no note beside the board, no side winning by default).

    state = new_game(Options(players=4, seed=7, abilities=True))
    while not state.over:
        seat = state.to_move[0]
        for event in apply(state, seat, random.choice(legal_actions(state, seat))):
            print(event.text)
"""

from __future__ import annotations

from .. import verbs
from . import flow
from .data import BENE_GESSERIT
from .events import Event
from .options import Options
from .rules import victory
from .rules.setup import prediction_choices
from .state import State

HIDDEN = -2  # a view's stand-in for the Bene Gesserit's round
AGREE_END = ("agree_end",)  # X36: the players agree this round is the last; never among `legal_actions`


def new_game(options: Options) -> State:
    """A new game, set up as far as the first decision."""
    return verbs.new_game(State, options, flow)


def legal_actions(state: State, seat: int) -> list:
    """The actions `seat` may take now (cached until the state changes: do not modify the list)."""
    return verbs.legal(state, seat, flow)


def apply(state: State, seat: int, action, *, check: bool = True) -> list[Event]:
    """Let `seat` take `action` and play every forced step after it; the events (all seats').
    AGREE_END (when `end_offered`) is taken too: the players' agreement, which the table gathers."""
    if verbs.as_action(action) == AGREE_END:
        if state.viewer >= 0 or not victory.agreeable(state, seat):
            verbs.refuse(state, seat, AGREE_END, flow)  # says why (it is never a legal game action)
        recording = state.events is not None
        state.events = [] if recording else None
        victory.agree(state)
        state._legal = None
        return state.events if recording else []
    return verbs.play(state, seat, action, flow, check)


def end_offered(state: State, seat: int) -> bool:
    """X36: whether `seat` may propose to end the game now (AGREE_END): a game that cannot end otherwise.
    (A seat's view answers as its state does: the screen asks it of the request's view.)"""
    return victory.agreeable(state, seat)


def end_refused(state: State, seat: int) -> str:
    """X36: why `seat` may not propose to end the game now, in a sentence ("" when it may)."""
    return victory.agreement_refused(state, seat)


def view(state: State, seat: int) -> State:
    """What `seat` may see: no dice generator nor seed, and the Bene Gesserit's round only for them.
    (Dice, tokens, troops and the Corrino store are on the table for everyone.)"""
    v = verbs.seat_view(state, seat)
    if state.prediction >= 0 and state.house_seat[BENE_GESSERIT] != seat:
        v.prediction = HIDDEN
    return v


def final_view(state: State, seat: int) -> State:
    """What `seat` sees once the game is over: its view, and the Bene Gesserit's round, shown at the end."""
    v = view(state, seat)
    v.prediction = state.prediction
    return v


def determinize(v: State, seed: int, prediction: int | None = None) -> State:
    """A full state consistent with a view: fresh dice from `seed`, the hidden round sampled (or given)."""
    s = verbs.full_state(v, seed)
    if s.prediction == HIDDEN:
        s.prediction = verbs.sampled(s, prediction, prediction_choices)
    return s


def returns(state: State) -> list[float]:
    """1.0 for each seat among the winners, else 0.0."""
    return verbs.returns(state, state.seat_house)
