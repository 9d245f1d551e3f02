"""What only Dune Express's surface shows: its houses dealt from the seed, its refusals of a landing, and a view
hiding the Bene Gesserit's round that determinize fills in (sampled or given).  What every game does alike is
checked over every registered game in tests/test_engine_contract.py."""

import random

import pytest

from dune_tui.games.express import (
    HIDDEN,
    GameOver,
    HiddenInformation,
    IllegalAction,
    NotYourTurn,
    Options,
    apply,
    determinize,
    legal_actions,
    new_game,
    opening_events,
    returns,
    view,
)
from dune_tui.games.express.data import ARRAKEEN, ATREIDES, FREMEN

from .scenario import position, set_dice, start_at


def _play(options, decisions=None, seed=0):
    state, r, log = new_game(options), random.Random(seed), []
    for seat, action in decisions or ():
        apply(state, seat, action)
    while decisions is None and not state.over:
        seat = state.to_move[0]
        action = r.choice(legal_actions(state, seat))
        log.append((seat, action))
        apply(state, seat, action)
    return state, log


def test_the_first_events_and_the_houses_are_dealt_from_the_seed():
    state = new_game(Options(players=5, seed=4))
    kinds = [e.kind for e in opening_events(state)]
    assert kinds[:5] == ["house_dealt"] * 5 and "first_player" in kinds and "turn_start" in kinds
    assert opening_events(state) == []
    assert new_game(Options(players=5, seed=4)).seat_house == state.seat_house


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = position((FREMEN, ATREIDES))
    set_dice(state, houses=(FREMEN,) * 4, spice=3, territory=ARRAKEEN)
    start_at(state, "deploy")
    before = (state.board[:], state.reserve[:], state.spice, state.phase)
    for bad in (("land", ATREIDES), ("land", True), ("land", 1.0), ["land"], "done", ("done", 0)):
        with pytest.raises(IllegalAction):
            apply(state, 0, bad)
    with pytest.raises(NotYourTurn):
        apply(state, 1, ("done",))
    assert (state.board, state.reserve, state.spice, state.phase) == before
    apply(state, 0, ["land", FREMEN])  # a JSON list is an action too


def test_a_view_has_no_dice_generator_nor_seed_and_cannot_be_played():
    state = new_game(Options(players=3, seed=9, houses=("bg", "fremen", "corrino"), abilities=True))
    apply(state, 0, ("predict", 3))
    v = view(state, 1)
    assert v.rng is None and v.options.seed == 0 and v.prediction == HIDDEN and view(state, 0).prediction == 3
    assert legal_actions(v, state.to_move[0]) == legal_actions(state, state.to_move[0])
    with pytest.raises(HiddenInformation):
        apply(v, state.to_move[0], legal_actions(v, state.to_move[0])[0])
    d = determinize(v, 5)
    assert 1 <= d.prediction <= 20 and d.rng is not None and determinize(v, 5, prediction=7).prediction == 7
    apply(d, d.to_move[0], legal_actions(d, d.to_move[0])[0])


def test_returns_one_for_each_winner_and_no_action_after_the_end():
    state, _ = _play(Options(players=2, seed=1, round_limit=3, ending="tiebreak"))
    assert state.over and sum(returns(state)) == len(state.result.winners) == 1
    assert returns(new_game(Options(players=3))) == [0.0] * 3
    with pytest.raises(GameOver):
        apply(state, 0, ("done",))
