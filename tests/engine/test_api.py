"""The engine's surface (docs/ENGINE.md): errors leave the state alone, views hide what they must,
determinize fills them in consistently, and a game replays from its seed and decisions."""

import random

import pytest

from dune_tui.games.dune import (
    HIDDEN,
    SEALED,
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
    view,
)
from dune_tui.games.dune.data import ARRAKEEN, ATREIDES, BENE_GESSERIT, CORRINO, FREMEN, HARKONNEN
from dune_tui.games.dune.describe import PROMPTS, action_text, prompt
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


def test_after_the_end_every_action_raises_game_over():
    state = position((ATREIDES, HARKONNEN), troops={ARRAKEEN: {ATREIDES: 4}}, round=6, active=HARKONNEN)
    roll(state)
    start_at(state, "storm")
    assert state.over and legal_actions(state, 0) == [] and state.to_move == ()
    with pytest.raises(GameOver):
        apply(state, 0, ("keep", 1))


def test_a_view_has_no_generator_no_seed_and_cannot_be_played_on():
    state = new_game(Options(players=4, seed=99))
    seat = state.to_move[0]
    v = view(state, seat)
    assert v.rng is None and v.options.seed == 0 and v.viewer == seat
    assert state.options.seed == 99 and state.rng is not None  # the game itself is untouched
    assert legal_actions(v, seat) == legal_actions(state, seat)
    with pytest.raises(HiddenInformation):
        apply(v, seat, legal_actions(v, seat)[0])


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


def test_the_same_seed_and_decisions_replay_the_same_events_and_state():
    options = Options(players=6, seed=2024, face_dancers="spice")
    state, log = random_game(options, random.Random(8))
    first = opening_events(new_game(options))
    again = new_game(options)
    events = opening_events(again)
    assert [e.text for e in events] == [e.text for e in first]
    original = new_game(options)
    opening_events(original)
    for seat, action in log:
        assert apply(original, seat, action) == apply(again, seat, action)
    assert snapshot(again) == snapshot(state) == snapshot(original)
    assert again.result == state.result


def test_opening_events_are_given_once():
    state = new_game(Options(players=3, seed=1))
    texts = [e.text for e in opening_events(state)]
    assert texts[0].startswith("The storm starts in zone ") and any("plays the" in t for t in texts)
    assert opening_events(state) == []


def test_every_prompt_action_and_event_reads_as_english():
    rng = random.Random(1)
    for game in range(25):
        state = new_game(Options(players=2 + game % 7, seed=game, face_dancers=("dice", "spice")[game % 2]))
        texts = [e.text for e in opening_events(state)]
        while not state.over:
            seat = rng.choice(state.to_move)
            assert state.phase in PROMPTS and prompt(state, seat)
            acts = legal_actions(state, seat)
            for a in acts:
                text = action_text(state, a)
                assert text and "{" not in text and not text.startswith("("), (state.phase, a, text)
            texts += [e.text for e in apply(state, seat, rng.choice(acts))]
        assert all(t and "{" not in t and " a A" not in t and " a E" not in t for t in texts)
