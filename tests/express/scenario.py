"""Positions for Dune Express scenario tests: a board, tokens and dice at the start of any step of a turn.

    state = position((FREMEN, ATREIDES), troops={ARRAKEEN: {FREMEN: 3, ATREIDES: 2}})
    set_dice(state, houses=(FREMEN, CORRINO, CORRINO, ATREIDES), spice=3, territory=ARRAKEEN, traitor=SHIELD_FACE)
    start_at(state, "deploy")                      # the turn from that step on (flow.STEPS)
    act(state, FREMEN, ("land", FREMEN))

Seats follow `houses` (seat 0 first and active unless `active` says); reserves are the box's 18 troops minus the
board's (X1: troops are unlimited).  `rigged(...)` fixes the faces the next rolls show.
"""

from __future__ import annotations

import contextlib
from unittest import mock

from dune_tui.games import rng, verbs
from dune_tui.games.express import Options, apply, flow, legal_actions
from dune_tui.games.express.data import (
    CORRINO,
    HOUSE_KEYS,
    SARDAUKAR,
    SARDAUKAR_TROOPS,
    TROOPS,
    UNIT_OWNER,
    UNITS,
)
from dune_tui.games.express.options import supply_counts
from dune_tui.games.express.rules import dice, setup, victory
from dune_tui.games.express.state import NU, State


def position(houses, *, active=None, troops=None, tokens=None, supply=None, store=0, round=1, prediction=-1,
             seed=0, fortress=None, storm=-1, **options) -> State:
    """A game between `houses` (ids, in seat order) at the start of `active`'s turn, before the roll."""
    o = Options(players=len(houses), seed=seed, houses=tuple(HOUSE_KEYS[h] for h in houses), **options)
    state = State(o)
    state.rng = rng.seed_state(seed)
    state.events = []
    for seat, h in enumerate(houses):
        state.seat_house[seat], state.house_seat[h] = h, seat
    for loc, units in (troops or {}).items():
        for unit, n in units.items():
            state.board[loc * NU + unit] = n
    for u in UNITS:
        if state.in_play(UNIT_OWNER[u]) and (u != SARDAUKAR or state.ability(CORRINO)):
            total = SARDAUKAR_TROOPS if u == SARDAUKAR else TROOPS
            state.reserve[u] = max(0, total - sum(state.board[u::NU]))  # X1: the box's tokens off the board
    state.supply = list(supply) if supply else list(supply_counts(o))
    for h, held in (tokens or {}).items():
        for t in held:
            state.tokens[state.house_seat[h] * 4 + t] += 1
            state.supply[t] -= 1
    state.store, state.round, state.prediction = store, round, prediction
    for loc, owner in (fortress or {}).items():
        state.fortress[loc] = owner
    state.storm = storm
    state.limit = victory.round_limit(state)
    state.turn = 1
    state.active = state.house_seat[houses[0] if active is None else active]
    state.first = 0
    return state


def set_dice(state, *, houses=(0, 0, 0, 0), spice=1, territory=0, traitor=3, tactical=None) -> None:
    """The dice as they lie after the roll: house faces, spice 1-5 (or WORM_SPICE), a location, a traitor face;
    with the fortress modification the tactical die's face (None: -1, a die not rolled, which does nothing)."""
    state.dice[:7] = [*houses, 5 if spice == WORM_SPICE else spice - 1, territory, traitor]
    if state.options.fortresses:
        state.dice[7] = -1 if tactical is None else tactical


WORM_SPICE = "worm"


def start_at(state, step: str) -> None:
    """Run the turn from `step` (a name in flow.STEPS, or "roll" for the whole turn) as the engine would."""
    state._legal = None
    if step == "roll":
        flow.start_turn(state)
        state.turn -= 1
    else:
        names = [name for name, _ in flow.STEPS]
        before = "roll" if names.index(step) == 0 else names[names.index(step) - 1]
        flow.step_done(state, before)
    verbs.settle(state, flow)


def act(state, house: int, action) -> list[str]:
    """`house` takes `action`; the texts of the events."""
    return [e.text for e in apply(state, state.house_seat[house], action)]


def deciding(state) -> tuple[int, ...]:
    return tuple(state.seat_house[s] for s in state.awaiting)


def options_of(state, house: int) -> list:
    return legal_actions(state, state.house_seat[house])


def units(state, loc: int, unit: int) -> int:
    return state.board[loc * NU + unit]


@contextlib.contextmanager
def rigged(*faces: int):
    """The next rolls show these faces (die faces 0-5), in order; then the seeded dice again."""
    queue = list(faces)
    real = dice.roll_face

    def roll_face(state):
        return queue.pop(0) if queue else real(state)

    with contextlib.ExitStack() as stack:
        for module in (dice, setup, victory):
            stack.enter_context(mock.patch.object(module, "roll_face", roll_face))
        yield queue


def check_invariants(state) -> None:
    """The box's troops counted, no count below zero (spice neither), no seat over a token limit, the store
    within 0-5."""
    b, reserve, tokens, supply = state.board, state.reserve, state.tokens, state.supply
    assert min(b) >= 0 and min(reserve) >= 0 and min(tokens) >= 0 and min(supply) >= 0
    assert state.spice >= 0, f"spice {state.spice}"
    for u in UNITS:
        if u == SARDAUKAR:
            total = SARDAUKAR_TROOPS if state.ability(CORRINO) else 0
        else:
            total = TROOPS if state.house_seat[UNIT_OWNER[u]] >= 0 else 0
        on_board = sum(b[u::NU])  # X1: troops are unlimited; the reserve counts the box's tokens off the board
        assert reserve[u] == max(0, total - on_board), f"unit {u}: {on_board} on the board, {reserve[u]} in reserve"
        assert total or not on_board
    for t in range(4):
        assert sum(tokens[t::4]) + supply[t] == _supply_total(state, t)
        assert max(tokens[t::4]) <= (2 if t == 3 else 1)
    assert 0 <= state.store <= 5
    # the fortress modification: a fortress a territory at most, owned by a house in play; the storm on a territory
    assert state.fortress[5] == -1 and all(f == -1 or state.house_seat[f] >= 0 for f in state.fortress)
    assert -1 <= state.storm < 5 and (state.options.fortresses or (state.storm == -1 and max(state.fortress) == -1))


def _supply_total(state, token: int) -> int:
    o = state.options
    each = {"full": o.players, "limited": 1, "none": 0}[o.defence]
    base = (each, each, 0 if o.thumper else each, each if o.thumper else 0)[token]  # X17
    return base if o.tokens[token] < 0 else o.tokens[token]  # X28
