"""The advisor (ai.advice): the search's top options for one decision, from the seat's view only."""

from __future__ import annotations

import dataclasses

from ai_positions import find, request

from ai import make_agent
from ai.advice import ADVICE_CONFIG, analyse
from ai.mcts import MctsAgent
from dune_tui.games.dune import apply, legal_actions
from dune_tui.games.dune.data import GUILD

TINY = dataclasses.replace(ADVICE_CONFIG, iters=50)


def _advise(state, seat):
    return analyse(request(state, seat), agent=MctsAgent(3, TINY))


def test_the_advice_is_a_few_legal_options_best_first_with_a_chance_of_winning():
    s = find(4, "move")
    seat = s.awaiting[0]
    advice = _advise(s, seat)
    legal = legal_actions(s, seat)
    assert 1 <= len(advice) <= 4
    assert all(a.action in legal for a in advice)
    assert [a.visits for a in advice] == sorted((a.visits for a in advice), reverse=True)
    assert 0 < sum(a.share for a in advice) <= 1.0001
    assert all(a.value is None or 0 <= a.value <= 1 for a in advice)
    assert advice[0].value is not None


def test_asking_for_advice_does_not_change_what_the_bot_decides():
    s = find(4, "move")
    seat = s.awaiting[0]
    plain = make_agent("mcts:iters=50", 11).decide(request(s, seat))
    advised = make_agent("mcts:iters=50", 11)
    analyse(request(s, seat), agent=advised)
    assert advised.decide(request(s, seat)) == plain


def test_the_other_sides_sealed_commit_does_not_change_the_advice():
    s = find(4, "commit")
    first, second = s.awaiting
    commits = legal_actions(s, first)
    answers = []
    for commit in (commits[0], commits[-1]):
        t = s.copy()
        apply(t, first, commit, check=False)
        req = request(t, second)
        assert req.view.phase == "commit"
        answers.append(analyse(req, agent=MctsAgent(3, TINY)))
    assert answers[0] == answers[1]
    assert answers[0]


def test_the_prediction_and_the_dice_to_come_do_not_change_the_advice():
    s = find(5, "roll")
    seat = s.awaiting[0]
    other = s.copy()
    other.prediction = GUILD if s.prediction != GUILD else s.seat_faction[seat]
    other.rng = s.rng ^ 0x5DEECE66D
    assert _advise(s, seat) == _advise(other, seat)


def test_a_cancelled_analysis_answers_at_once_with_what_it_has():
    class Set:
        def is_set(self):
            return True

    s = find(4, "move")
    seat = s.awaiting[0]
    advice = analyse(request(s, seat), agent=MctsAgent(3, TINY), cancel=Set())
    assert all(a.visits == 0 for a in advice)
