"""Toy Dice's options, state, events and rules: roll (a 1 loses the pot, another face adds to it) or hold (bank it);
the first to TARGET wins."""

from __future__ import annotations

from typing import Literal

import msgspec

from dune_tui.games import events, rng
from dune_tui.games.errors import OptionsError
from dune_tui.games.state import GameState

from .data import LAST_ROUND, SIDE_KEYS, TARGET

ROLL, HOLD = ("roll",), ("hold",)


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    rules: Literal["toy"] = "toy"
    players: int = 2
    seed: int = 0
    sides: tuple[str, ...] | None = None  # each seat's colour key, None: red first
    dice: Literal["keyed", "splitmix"] = "keyed"

    def __post_init__(self) -> None:
        if self.players != 2:
            raise OptionsError(f"Toy Dice is for 2 players, not {self.players}")
        if self.sides is not None and sorted(self.sides) != sorted(SIDE_KEYS):
            raise OptionsError(f"the colours are {' and '.join(SIDE_KEYS)}, one a seat")


class Result(msgspec.Struct, frozen=True, kw_only=True):
    winners: tuple[int, ...]
    reason: str  # "target" | "nobody"
    round: int
    text: str


class Payload(events.Payload, frozen=True, kw_only=True):
    seat: int


class Rolled(Payload, frozen=True, kw_only=True, tag="roll"):
    face: int
    pot: int


class Held(Payload, frozen=True, kw_only=True, tag="hold"):
    score: int


class GameOver(events.Payload, frozen=True, kw_only=True, tag="game_over"):
    text: str
    winners: tuple[int, ...]
    reason: str


class Event(events.Event[Rolled | Held | GameOver], frozen=True, array_like=True):  # type: ignore[valid-type]
    """kind, text, to, data."""


def emit(state, payload, template: str, /, **words) -> None:
    if state.events is not None:
        events.record(state.events, Event, payload, template, None, words)


TYPES: dict[str, object] = {  # the state's one description: its fields, typed, in its save's order
    "seat_side": list[int], "score": list[int], "options": Options, "n": int, "rng": int | None, "phase": str,
    "awaiting": tuple[int, ...], "round": int, "turn": int, "active": int, "pot": int, "result": Result | None,
    "viewer": int,
}


class State(GameState):
    __slots__ = tuple(TYPES)
    TYPES = TYPES

    def __init__(self, options: Options) -> None:
        self.options, self.n, self.rng = options, options.players, 0
        self.seat_side = [SIDE_KEYS.index(k) for k in options.sides] if options.sides else [0, 1]
        self.score = [0, 0]
        self.phase, self.awaiting, self.round, self.turn, self.active, self.pot = "turn", (), 1, 0, 0, 0
        self.result, self.viewer, self.events, self._legal = None, -1, [], None


# The flow the verbs play (games.verbs): start_game, legal, apply.
def start_game(state: State) -> None:
    state.rng = rng.seed_state(state.options.seed, state.options.dice)
    state.awaiting = (state.active,)


def legal(state: State, seat: int) -> list:
    return [ROLL, HOLD] if state.pot else [ROLL]


def apply(state: State, seat: int, action) -> None:
    if action == ROLL:
        state.rng, face = rng.below(state.rng, 6)
        face += 1
        state.pot = 0 if face == 1 else state.pot + face
        emit(state, Rolled, "Seat {n} rolls a {face}: the pot is {pot}.", n=seat + 1, seat=seat, face=face,
             pot=state.pot)
        if face != 1:
            return
    else:
        state.score[seat] += state.pot
        state.pot = 0
        emit(state, Held, "Seat {n} holds: {score} points.", n=seat + 1, seat=seat, score=state.score[seat])
    end_turn(state)


def end_turn(state: State) -> None:
    best = max(state.score)
    state.turn += 1
    state.round = state.turn // state.n + 1
    if best >= TARGET or state.round > LAST_ROUND:
        winners = tuple(state.seat_side[s] for s in range(state.n) if state.score[s] == best) \
            if best >= TARGET else ()
        text = f"{'Nobody' if not winners else 'Seat ' + str(state.score.index(best) + 1)} wins."
        state.result = Result(winners=winners, reason="target" if winners else "nobody", round=state.round - 1,
                              text=text)
        state.phase, state.awaiting = "over", ()
        emit(state, GameOver, "{text}", text=text, winners=winners, reason=state.result.reason)
        return
    state.active = 1 - state.active
    state.awaiting = (state.active,)
