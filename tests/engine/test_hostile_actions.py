"""Actions from outside (a file, a peer, a wire) are judged strictly: `apply` takes an action only if it equals a
legal action with the same types (JSON lists stand for tuples); anything else raises IllegalAction, quoted
briefly, and leaves every field of the state as it was, in every decision phase."""

import math
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from dune_tui.controller import Controller, Decision
from dune_tui.games.dune import GameOver, IllegalAction, NotYourTurn, Options, apply, legal_actions, new_game
from dune_tui.games.dune.describe import PROMPTS
from tests.profiles import cases

from .scenario import snapshot

PER_PHASE = 3  # states kept per decision phase (at most: a Shai-Hulud choice is rare)


def _states_by_phase() -> dict[str, list]:
    """A few states in each decision phase, from seeded random games (and one finished game, as "over")."""
    found: dict[str, list] = {}
    for seed in range(60):
        rng = random.Random(seed)
        options = Options(players=2 + seed % 7, seed=seed, faction_choice=("choose" if seed % 3 == 0 else "random"))
        state = new_game(options)
        state.events = None
        while not state.over:
            kept = found.setdefault(state.phase, [])
            if not kept or (len(kept) < PER_PHASE and rng.random() < 0.3):
                kept.append(state.copy())
            seat = rng.choice(state.to_move)
            apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)
        found.setdefault("over", [state])
        if all(len(found.get(phase, ())) == PER_PHASE for phase in PROMPTS):
            break
    return found


STATES = _states_by_phase()
CASES = [(phase, i) for phase, states in sorted(STATES.items()) for i in range(len(states))]


def fingerprint(state) -> str:
    """Every field, type-strictly (7.0 and 7, True and 1 differ)."""
    return repr(snapshot(state))


def same(legal, value) -> bool:
    """`value` spells the legal action `legal`: equal, with the same types (a list may stand for a tuple)."""
    if type(legal) is tuple:
        return type(value) in (tuple, list) and len(value) == len(legal) and all(map(same, legal, value))
    return type(value) is type(legal) and value == legal


def test_every_decision_phase_is_reached():
    assert set(STATES) - {"over"} == set(PROMPTS)


# ------------------------------------------------------------------ hypothesis

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.sampled_from([2**64 + 1, -(2**64)]) | st.builds(pow, st.just(10), st.integers(4300, 5000))
           | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=12))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)


@st.composite
def respelled(draw, legal: list):
    """A legal action as it may come over a wire: tuples or lists, and at most one leaf spelled otherwise
    (an int as a float, bool, str or another int; a str changed or None)."""
    action = draw(st.sampled_from(legal))
    leaves = []

    def count(a):
        if type(a) is tuple:
            return sum(map(count, a))
        return 1
    changed = draw(st.none() | st.integers(0, count(action) - 1), label="changed leaf")

    def spell(a):
        if type(a) is tuple:
            parts = [spell(x) for x in a]
            return parts if draw(st.booleans(), label="as a list?") else tuple(parts)
        leaves.append(a)
        if len(leaves) - 1 != changed:
            return a
        if type(a) is int:
            return draw(st.sampled_from([float(a), bool(a), str(a), a + 1, a - 1, a + 2**64]))
        return draw(st.sampled_from([a.upper(), a + " ", None, [a]]))
    return spell(action)


@settings(max_examples=cases(400), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_any_json_value_is_a_legal_action_or_refused_with_the_state_unchanged(data):
    phase, i = data.draw(st.sampled_from(CASES), label="case")
    state = STATES[phase][i].copy()
    state.events = []
    seats = st.sampled_from(state.to_move or (0,))
    odd_seats = st.integers(-1, 8) | seats.map(float) | seats.map(bool) | JSON
    odd = data.draw(st.sampled_from([False] * 9 + [True]), label="odd seat?")  # one time in ten
    seat = data.draw(odd_seats if odd else seats, label="seat")
    legal = legal_actions(state, seat) if type(seat) is int and seat in state.to_move else []
    value = data.draw(JSON | respelled(legal) if legal else JSON, label="action")
    before = fingerprint(state)
    if legal and any(same(a, value) for a in legal):
        event("taken")
        apply(state, seat, value)  # legal: taken
        return
    error = NotYourTurn if type(seat) is not int or seat not in state.to_move else IllegalAction
    error = GameOver if state.over else error
    with pytest.raises(error) as caught:
        apply(state, seat, value)
    assert fingerprint(state) == before
    assert len(str(caught.value)) <= 200


# ------------------------------------------------------------------ scenarios


def test_a_float_spelling_of_a_setup_region_is_refused_before_anything_moves():
    state = new_game(Options(players=2, seed=777, factions=("atreides", "guild")))
    assert ("setup", 7) in legal_actions(state, 0)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=r"^\('setup', 7\.0\) is not a legal setup atreides decision now$"):
        apply(state, 0, ("setup", 7.0))
    assert fingerprint(state) == before
    apply(state, 0, ["setup", 7])  # the int spelling, from JSON, is taken
    assert fingerprint(state) != before


def _target_state():
    """A game waiting for a movement target where region 1 is one of the choices."""
    for seed in range(100):
        rng = random.Random(seed)
        state = new_game(Options(players=3, seed=seed))
        while not state.over:
            seat = state.to_move[0]
            acts = legal_actions(state, seat)
            if state.phase == "target" and ("target", 1) in acts:
                return state, seat
            apply(state, seat, rng.choice(acts))
    raise AssertionError("no game targets region 1")


def test_a_bool_spelling_of_a_target_is_refused_and_never_stored():
    state, seat = _target_state()
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=r"^\('target', True\) is not a legal target decision now$"):
        apply(state, seat, ("target", True))
    assert fingerprint(state) == before and state.target == -1
    apply(state, seat, ("target", 1))
    assert type(state.target) is int and state.target == 1


def test_the_controller_refuses_a_float_answer_and_keeps_the_request_open():
    c = Controller(Options(players=2, seed=777, factions=("atreides", "guild")))
    [request] = c.pending()
    before = fingerprint(c.state)
    with pytest.raises(IllegalAction):
        c.submit(Decision(request.id, request.seat, ["setup", 7.0]))
    assert fingerprint(c.state) == before and c.log == [] and c.pending() == [request]
    c.submit(Decision(request.id, request.seat, ["setup", 7]))
    assert c.log[0].action == ("setup", 7)


@pytest.mark.parametrize("action", [
    ["keep"] + [1] * 500_000,
    ("keep", 10**5000),  # too long for int's repr: the message must not even try
    ("keep", "x" * 100_000),
    [[[[[[[[[[[["keep", 1]]]]]]]]]]]],
    ("keep", {"a": [None, math.nan, -math.inf]}),
])
def test_an_error_message_quotes_at_most_about_a_hundred_characters_of_the_action(action):
    state = new_game(Options(players=2, seed=3, factions=("fremen", "corrino")))
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, 0, action)
    message = str(caught.value)
    assert len(message) <= 140 and message.endswith(" is not a legal roll decision now")
    assert message.startswith(("('keep'", "(((")) and fingerprint(state) == before


def test_a_seat_is_an_int():
    state = new_game(Options(players=2, seed=3, factions=("fremen", "corrino")))
    before = fingerprint(state)
    for seat in (0.0, False, "0", None, [0], 10**5000):
        with pytest.raises(NotYourTurn):
            apply(state, seat, ("keep", 1))
    assert fingerprint(state) == before
