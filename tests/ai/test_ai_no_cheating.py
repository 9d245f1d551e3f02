"""No cheating: what a seat may not see never changes its bot's decision (same bot seed)."""

from __future__ import annotations

import pytest
from ai_positions import find, request

from ai import make_agent
from dune_tui.engine import apply, legal_actions
from dune_tui.engine.data import BENE_GESSERIT, GUILD

SPECS = ("heuristic", "mcts:iters=40")


def _decisions(states, seat, spec):
    return [make_agent(spec, 11).decide(request(s, seat)) for s in states]


@pytest.mark.parametrize("spec", SPECS)
def test_the_bene_gesserit_prediction_and_the_dice_to_come_do_not_change_a_decision(spec):
    s = find(5, "roll")
    seat = s.awaiting[0]
    assert s.seat_faction[seat] != BENE_GESSERIT and s.prediction >= 0
    other = s.copy()
    other.prediction = GUILD if s.prediction != GUILD else s.seat_faction[seat]
    other.rng = s.rng ^ 0x5DEECE66D  # another future for the dice
    a, b = _decisions([s, other], seat, spec)
    assert a == b


@pytest.mark.parametrize("spec", SPECS)
def test_the_other_sides_sealed_commit_does_not_change_a_decision(spec):
    s = find(4, "commit")
    first, second = s.awaiting
    commits = legal_actions(s, first)
    assert len(commits) > 1
    states = []
    for commit in (commits[0], commits[-1]):
        t = s.copy()
        apply(t, first, commit, check=False)
        assert t.phase == "commit" and t.awaiting == (second,)
        states.append(t)
    a, b = _decisions(states, second, spec)
    assert a == b


def test_a_view_hides_what_the_bot_must_not_see():
    s = find(5, "roll")
    seat = s.awaiting[0]
    v = request(s, seat).view
    assert v.rng is None and v.prediction < 0 and v.options.seed == 0
