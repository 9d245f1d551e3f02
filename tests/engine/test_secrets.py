"""What only the first game's surface shows (docs/ENGINE.md): its refusals in its own words, a view hiding the
Bene Gesserit's prediction and the other side's sealed commit, and determinize filling both in consistently.
What every game does alike is checked over every registered game in tests/test_engine_contract.py."""

import random

import pytest

from dune_tui.games.dune import (
    HIDDEN,
    SEALED,
    IllegalAction,
    NotYourTurn,
    Options,
    apply,
    determinize,
    legal_actions,
    new_game,
    opening_events,
    view,
)
from dune_tui.games.dune.data import ARRAKEEN, ATREIDES, BENE_GESSERIT, CORRINO, FREMEN, HARKONNEN
from dune_tui.games.dune.rules.setup import prediction_choices
from dune_tui.games.dune.state import _LISTS

from .scenario import act, position, roll, snapshot, start_at

PUBLIC_LISTS = [name for name in _LISTS if name != "dice"] + ["dice"]


def random_game(options, rng, stop=None):
    """Play `options` with random decisions; returns (state, log).  `stop(state)` may end it early."""
    state = new_game(options)
    log = []
    while not state.over and not (stop and stop(state)):
        seat = rng.choice(state.to_move)
        action = rng.choice(legal_actions(state, seat))
        apply(state, seat, action)
        log.append((seat, action))
    return state, log


def test_an_illegal_action_raises_and_leaves_the_state_unchanged():
    state = new_game(Options(players=3, seed=11, factions=("fremen", "corrino", "guild")))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"\('land', 2, 6\) is not a legal roll decision now"):
        apply(state, 0, ("land", FREMEN, ARRAKEEN))
    with pytest.raises(IllegalAction):
        apply(state, 0, "keep everything")  # not even an action
    with pytest.raises(IllegalAction):
        apply(state, 0, ("keep", 0))  # keep at least one die
    with pytest.raises(NotYourTurn, match=r"it is not seat 2's decision now \(waiting for seat 1\)"):
        apply(state, 1, ("keep", 1))
    with pytest.raises(NotYourTurn):
        apply(state, 7, ("keep", 1))
    assert snapshot(state) == before


def test_json_lists_are_accepted_as_actions():
    state = new_game(Options(players=2, seed=3, factions=("fremen", "corrino")))
    events = apply(state, 0, ["keep", 127])
    assert events[0].text.startswith("Fremen keeps ") and state.kept == 127


def test_a_view_hides_the_prediction_from_all_but_the_bene_gesserit():
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT), prediction=CORRINO)
    for seat in range(4):
        assert view(state, seat).prediction == HIDDEN
    assert view(state, 4).prediction == CORRINO


def test_a_view_hides_the_other_sides_sealed_commit():
    state = position((ATREIDES, HARKONNEN), troops={ARRAKEEN: {ATREIDES: 2, HARKONNEN: 2}})
    roll(state)
    start_at(state, "battle")
    assert state.phase == "commit" and view(state, 1).b_commits == (None, None)
    act(state, ATREIDES, ("commit", ((ATREIDES, 2),), ()))
    assert view(state, 1).b_commits == (SEALED, None)
    assert view(state, 0).b_commits == (("commit", ((ATREIDES, 2),), ()), None)
    # Determinized, the hidden commit is taken back: both sides choose again.
    d = determinize(view(state, 1), seed=5)
    assert d.b_commits == (None, None) and set(d.awaiting) == {0, 1}
    d = determinize(view(state, 0), seed=5)
    assert d.b_commits == state.b_commits and d.awaiting == (1,)


def test_determinize_gives_a_playable_state_consistent_with_the_view():
    rng = random.Random(4)
    for game in range(12):
        players = 5 + game % 4
        state, _ = random_game(Options(players=players, seed=game), rng, stop=lambda s: rng.random() < 0.01)
        if state.over:
            continue
        for seat in range(players):
            v = view(state, seat)
            d = determinize(v, seed=game, prediction=None)
            assert d.viewer == -1 and d.rng is not None
            for name in PUBLIC_LISTS:
                assert getattr(d, name) == getattr(state, name), name
            assert (d.phase, d.round, d.active, d.storm, d.ally, d.target) == (
                state.phase, state.round, state.active, state.storm, state.ally, state.target)
            if state.prediction >= 0 and state.seat_faction[seat] != BENE_GESSERIT:
                assert d.prediction in prediction_choices(state)
            else:
                assert d.prediction == state.prediction
            if seat in state.awaiting:
                assert legal_actions(d, seat) == legal_actions(state, seat)
                apply(d, seat, legal_actions(d, seat)[0])  # it plays on


def test_opening_events_are_given_once():
    state = new_game(Options(players=3, seed=1))
    texts = [e.text for e in opening_events(state)]
    assert texts[0].startswith("The storm starts in zone ") and any("plays the" in t for t in texts)
    assert opening_events(state) == []
