"""The advisor (ai.advice): the search's top options for one decision, from the seat's view only."""

from __future__ import annotations

import dataclasses
import random

import msgspec
from ai_positions import find, request

from dune_tui.ai import make_agent
from dune_tui.ai.advice import ADVICE_CONFIG, analyse
from dune_tui.ai.games.express import heuristic as express_heuristic
from dune_tui.ai.mcts import MctsAgent
from dune_tui.controller import Controller, Decision
from dune_tui.games import express
from dune_tui.games.dune import apply, legal_actions
from dune_tui.games.dune.data import GUILD

TINY = dataclasses.replace(ADVICE_CONFIG, iters=50, seconds=120)  # by count: a loaded machine must not cut it short


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


def _express_requests(seed: int):
    """Each open request of a game of Dune Express (every house's ability, the Bene Gesserit's secret round among
    them) played by random moves."""
    c = Controller(express.options_from(3, seed, ("bg", "fremen", "harkonnen"), variant="houses"))
    r = random.Random(seed)
    while not c.over:
        requests = c.pending()
        yield from requests
        req = r.choice(requests)
        c.submit(Decision(req.id, req.seat, r.choice(req.legal)))


def test_the_advice_on_dune_express_answers_its_heuristics_phases_and_single_choices_by_its_own_heuristic():
    """The advisor asks the game's search rules, as the bots do: Express's secret prediction is its heuristic's
    ranking, unsearched, and a lone legal action is itself (the first game's heuristic is never asked)."""
    requests = list(_express_requests(4))
    predict = next(r for r in requests if r.phase == "predict" and len(r.legal) > 1)
    other = next(r for r in requests if r.phase != "predict" and len(r.legal) > 1)
    single = msgspec.structs.replace(other, legal=other.legal[:1])
    advice = analyse(single, agent=MctsAgent(3, TINY))
    assert [(a.action, a.visits, a.share, a.value) for a in advice] == [(tuple(single.legal[0]), 0, 1.0, None)]
    advice = analyse(predict, agent=MctsAgent(3, TINY))
    ranked = express_heuristic.ranked(predict.view, predict.seat, list(predict.legal), random.Random(3))
    assert [a.action for a in advice] == [tuple(a) for a in ranked[:4]]
    assert all(a.visits == 0 for a in advice) and [a.share for a in advice][:1] == [1.0]
