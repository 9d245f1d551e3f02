"""Property tests: over a thousand random games, every player count 2-8 and many faction sets,
the invariants of scenario.check_invariants hold after every decision, no battle is left
unresolved when the battle step ends, and every game ends by round 6; copies and views behave."""

import random
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dune_tui.games.dune import HIDDEN, SEALED, Options, apply, determinize, flow, legal_actions, new_game, view
from dune_tui.games.dune.data import FACTION_KEYS
from dune_tui.games.dune.options import available_factions
from tests.profiles import cases

from .scenario import battles_pending, check_invariants

GAMES = settings(max_examples=cases(1000), deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


@st.composite
def game_options(draw) -> Options:
    players = draw(st.sampled_from(range(2, 9)))
    seed = draw(st.integers(0, 2**31))
    face_dancers = draw(st.sampled_from(("dice", "spice")))
    how = draw(st.sampled_from(("fixed", "fixed", "random", "choose")))
    if how != "fixed":
        return Options(players=players, seed=seed, faction_choice=how, face_dancers=face_dancers)
    factions = draw(st.permutations(available_factions(players)))[:players]
    return Options(players=players, seed=seed, factions=tuple(FACTION_KEYS[f] for f in factions),
                   face_dancers=face_dancers)


def _checked(enter):
    def construction_enter(state):
        assert not battles_pending(state), f"battle left in {battles_pending(state)}"
        return enter(state)
    return construction_enter


CHECKED_STEPS = tuple((name, _checked(enter) if name == "construction" else enter) for name, enter in flow.TURN_STEPS)


@GAMES
@given(game_options())
def test_random_games_keep_every_invariant_and_end_by_round_6(options):
    state = new_game(options)
    state.events = None
    rng = random.Random(options.seed)
    with mock.patch.object(flow.FLOW, "steps", CHECKED_STEPS):
        while not state.over:
            check_invariants(state)
            seat = rng.choice(state.to_move)
            actions = legal_actions(state, seat)
            assert actions, f"seat {seat} must decide {state.phase} but has no legal action"
            apply(state, seat, rng.choice(actions), check=False)
    check_invariants(state)
    assert state.result.round <= 6 and state.turn <= 6 * options.players
    assert set(state.result.winners) <= set(state.seat_faction)


@settings(max_examples=cases(60), deadline=None, derandomize=True, database=None)
@given(game_options())
def test_copies_are_independent_and_play_the_same_game(options):
    """A copy taken anywhere, played on with the same decisions, ends as the game did; playing
    the copy never touches the game (the copies are played after the game ended)."""
    state = new_game(options)
    state.events = None
    rng, when = random.Random(options.seed), random.Random(-options.seed)
    copies = []
    while not state.over:
        if when.random() < 0.01:
            copies.append((state.copy(), rng.getstate()))
        seat = rng.choice(state.to_move)
        apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)
    for copy, rng_state in copies:
        rng.setstate(rng_state)
        while not copy.over:
            seat = rng.choice(copy.to_move)
            apply(copy, seat, rng.choice(legal_actions(copy, seat)), check=False)
        assert copy.result == state.result and copy.board == state.board


@settings(max_examples=cases(100), deadline=None, derandomize=True, database=None)
@given(game_options())
def test_views_never_show_the_dice_to_come_a_sealed_commit_or_the_prediction(options):
    state = new_game(options)
    state.events = None
    rng = random.Random(options.seed)
    bg = FACTION_KEYS.index("bg")
    while not state.over:
        for seat in state.to_move:
            v = view(state, seat)
            assert v.rng is None and v.options.seed == 0 and v.events is None
            if state.prediction >= 0:
                assert v.prediction == (state.prediction if state.seat_faction[seat] == bg else HIDDEN)
            if state.phase == "commit":
                own = 0 if seat == state.active else 1
                assert v.b_commits[own] == state.b_commits[own]
                assert v.b_commits[1 - own] in (None, SEALED)
            d = determinize(v, seed=options.seed)
            assert legal_actions(d, seat) == legal_actions(state, seat)
        seat = rng.choice(state.to_move)
        apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)
