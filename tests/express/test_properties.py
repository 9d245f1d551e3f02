"""Random games of 2-6 players with every combination of the modifications: no exception, the invariants
hold after every decision (troops and tokens conserved), a winner only by the victory rules, and views carry
no secret: 360 games, two of every combination of 2-6 players and the modifications (houses, Shorter Game 5 or
20 or none, Thumper, defence full/limited/none), about 12 seconds of one core (`-m "not slow"` leaves them out),
and hypothesis's own draws (there were six of each, 1,080 games: three times the time for the same checks)."""

import itertools
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dune_tui.games.express import HIDDEN, Event, Options, apply, determinize, legal_actions, new_game, view
from dune_tui.games.express.data import BENE_GESSERIT, STOP_ROUND
from dune_tui.games.express.describe import action_text, prompt
from dune_tui.games.express.rules.victory import to_win
from tests.profiles import cases

from .scenario import check_invariants

EVENTS = msgspec.msgpack.Decoder(list[Event])  # as a save or the network reads them


@st.composite
def game_options(draw) -> Options:
    thumper, defence = draw(st.booleans()), draw(st.sampled_from(("full", "limited", "none")))
    return Options(players=draw(st.integers(2, 6)), seed=draw(st.integers(0, 2**64)),
                   abilities=draw(st.booleans()), round_limit=draw(st.sampled_from((0, 0, 5, 20))),
                   ending=draw(st.sampled_from(("nobody", "tiebreak"))), thumper=thumper, defence=defence,
                   tokens=draw(token_counts(thumper, defence)), fortresses=draw(st.booleans()))


def token_counts(thumper: bool, defence: str):
    """X28: -1 (as `defence` says) or 0-6 for the kinds the traitor die gives; none with defence:none."""
    if defence == "none":
        return st.just((-1, -1, -1, -1))
    count = st.integers(-1, 6)
    return st.tuples(count, count, st.just(-1) if thumper else count, count if thumper else st.just(-1))


def play_and_check(options: Options) -> None:
    state = new_game(options)
    r = random.Random(options.seed)
    decisions = 0
    while not state.over:
        check_invariants(state)
        seat = r.choice(state.to_move)
        actions = legal_actions(state, seat)
        assert actions, f"seat {seat} must decide {state.phase} but has no legal action"
        if decisions % 97 == 0:
            _check_view(state, seat, actions)
        events = apply(state, seat, r.choice(actions), check=False)
        for e in events:
            assert e.kind != "prediction" or e.to == (state.house_seat[BENE_GESSERIT],)
        assert EVENTS.decode(msgspec.msgpack.encode(events)) == events  # payloads of their declared types
        decisions += 1
        if decisions == 50:
            state.events = None  # the words are tested elsewhere; the long games that follow run faster
        assert decisions < 200_000, "a random game that does not end"
    check_invariants(state)
    _check_result(state)


def _check_view(state, seat, actions) -> None:
    v = view(state, seat)
    assert v.rng is None and v.options.seed == 0
    if state.prediction >= 0 and state.seat_house[seat] != BENE_GESSERIT:
        assert v.prediction == HIDDEN
    assert legal_actions(v, seat) == actions
    assert prompt(state, seat) and all(action_text(state, a) for a in actions)
    d = determinize(v, 1)
    assert d.prediction >= 0 or state.prediction < 0


def _check_result(state) -> None:
    res, o = state.result, state.options
    assert set(res.winners) <= set(state.seat_house)
    if res.reason == "territories":
        assert state.held(res.winners[0]) >= to_win(state.n) and state.active_house == res.winners[0]
    elif res.reason == "manipulation":
        assert res.winners == (BENE_GESSERIT,) and o.abilities and state.prediction == res.round
        assert state.held(state.active_house) >= to_win(state.n)
    elif res.reason == "round_limit":
        assert o.ending == "tiebreak" and res.round == state.limit and len(res.winners) == 1
    elif res.reason == "stopped":  # X27
        assert not state.limit and res.winners == () and res.round == STOP_ROUND
    else:
        assert res.reason == "nobody" and o.ending == "nobody" and res.winners == () and res.round == state.limit


@settings(max_examples=cases(25), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(game_options())
def test_random_games_keep_every_invariant(options):
    play_and_check(options)


# Every combination of the player count and the modifications: 5 x 2 x 3 x 2 x 3 = 180, two games each; the
# modifications of issue 36 (the ending, token counts, fortresses) are sampled from the game's number, so the
# count of games stays the same.
DEFENCES = ("full", "limited", "none")
COMBINATIONS = list(itertools.product(range(2, 7), (False, True), (0, 5, 20), (False, True), DEFENCES))
GAMES_EACH = 2


def test_the_random_games_cover_every_combination():
    assert len(COMBINATIONS) * GAMES_EACH >= 360 and len(set(COMBINATIONS)) == 180


@pytest.mark.slow
@pytest.mark.parametrize("players, abilities, round_limit, thumper, defence", COMBINATIONS)
def test_random_games_of_every_combination_keep_every_invariant(players, abilities, round_limit, thumper, defence):
    for k in range(GAMES_EACH):
        seed = 1000 * k + COMBINATIONS.index((players, abilities, round_limit, thumper, defence))
        counts = (-1, -1, -1, -1) if defence == "none" or k % 3 else (k % 7, 0, -1, 2) if thumper else (k % 7, 0, 2, -1)
        play_and_check(Options(players=players, seed=seed, abilities=abilities, round_limit=round_limit,
                               thumper=thumper, defence=defence, ending=("nobody", "tiebreak")[k % 2],
                               tokens=counts, fortresses=k % 2 == seed % 2))
