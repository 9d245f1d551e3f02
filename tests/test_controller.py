"""The controller: who is asked, what each seat sees, sealed commits, replays."""

from __future__ import annotations

import random

import pytest

from dune_tui.controller import Controller, Decision, StaleDecision, replay
from dune_tui.games.dune import SEALED, IllegalAction, Options
from dune_tui.games.dune.data import BENE_GESSERIT


class Random:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def decide(self, request, cancel=None):
        return self.r.choice(request.legal)


def play_until(controller: Controller, phase: str, seed: int = 0, limit: int = 5000) -> bool:
    """Answer requests at random until `phase` is open; False if the game ended first."""
    r = random.Random(seed)
    for _ in range(limit):
        if controller.over:
            return False
        reqs = controller.pending()
        if reqs[0].phase == phase:
            return True
        controller.submit(Decision(reqs[0].id, reqs[0].seat, r.choice(reqs[0].legal)))
    return False


def controller_at_commit() -> Controller:
    for seed in range(200):
        c = Controller(Options(players=4, seed=seed))
        if play_until(c, "commit", seed):
            return c
    raise AssertionError("no battle in 200 random games")


def test_only_the_seat_that_decides_is_asked_and_sees_its_own_view():
    c = Controller(Options(players=4, seed=3, factions=("atreides", "harkonnen", "fremen", "guild")))
    (req,) = c.pending()
    assert req.seat == 0 and req.phase == "setup_atreides"
    assert req.view.viewer == 0 and req.view.rng is None
    assert req.legal == tuple(("setup", r) for r in (0, 2, 4, 7))
    assert req.prompt.startswith("Atreides setup")


def test_a_sealed_commit_is_asked_of_both_seats_before_either_answer_is_seen():
    c = controller_at_commit()
    reqs = c.pending()
    assert len(reqs) == 2 and all(r.sealed for r in reqs)
    attacker, defender = reqs
    c.submit(Decision(attacker.id, attacker.seat, attacker.legal[-1]))
    # The defender's request was issued before the attacker answered, and stays the same.
    (still,) = c.pending()
    assert still.id == defender.id
    assert defender.view.b_commits == (None, None)
    # A fresh view for the defender shows the attacker's commit only as sealed.
    from dune_tui.games.dune import view

    fresh = view(c.state, defender.seat)
    assert SEALED in fresh.b_commits
    assert attacker.legal[-1] not in fresh.b_commits
    batches = c.submit(Decision(defender.id, defender.seat, defender.legal[0]))
    texts = [e.text for e in batches[defender.seat].events]
    assert any(t.startswith("Reveal in") for t in texts)


def test_a_stale_or_illegal_answer_is_refused_and_changes_nothing():
    c = Controller(Options(players=2, seed=1, factions=("atreides", "harkonnen")))
    (req,) = c.pending()
    with pytest.raises(IllegalAction):
        c.submit(Decision(req.id, req.seat, ("setup", 5)))  # Carthag is strategic
    assert c.log == [] and c.state.phase == "setup_atreides"
    with pytest.raises(StaleDecision):
        c.submit(Decision(req.id + 1, req.seat, req.legal[0]))
    c.submit(Decision(req.id, req.seat, req.legal[0]))
    with pytest.raises(StaleDecision):
        c.submit(Decision(req.id, req.seat, req.legal[0]))


def test_the_bene_gesserit_prediction_reaches_the_bene_gesserit_alone():
    c = Controller(Options(players=5, seed=2, factions=("atreides", "harkonnen", "fremen", "guild", "bg")))
    bg_seat = c.state.faction_seat[BENE_GESSERIT]
    while c.state.phase != "setup_prediction":
        (req,) = c.pending()
        c.submit(Decision(req.id, req.seat, req.legal[0]))
    (req,) = c.pending()
    assert req.seat == bg_seat
    batches = c.submit(Decision(req.id, req.seat, ("predict", 1)))
    for b in batches:
        secret = [e for e in b.events if e.kind == "prediction"]
        assert bool(secret) == (b.seat == bg_seat)
        assert any(e.kind == "prediction_made" for e in b.events)
    for seat in range(5):
        v = c.pending()[0].view if c.pending()[0].seat == seat else None
        if v is not None:
            assert (v.prediction == 1) == (seat == bg_seat)


def test_a_game_replays_exactly_from_its_options_and_log():
    opts = Options(players=5, seed=11)
    c = Controller(opts)
    events = list(c.opening)
    agents = [Random(s) for s in range(5)]
    while not c.over:
        for req in c.pending():
            for b in c.submit(Decision(req.id, req.seat, agents[req.seat].decide(req))):
                if b.seat == 0:
                    events += b.events
    again, all_events = replay(opts, c.log)
    assert again.state.result == c.state.result
    assert again.state.board == c.state.board and again.state.turn == c.state.turn
    public = [e.text for e in all_events if e.visible_to(0)]
    assert public == [e.text for e in events]


def test_replay_names_the_first_illegal_entry():
    opts = Options(players=2, seed=1, factions=("atreides", "harkonnen"))
    with pytest.raises(IllegalAction) as err:
        replay(opts, [(0, ("setup", 0)), (1, ("setup", 5))])
    assert "at decision 2 of 2" in str(err.value.__notes__)


def test_run_plays_a_whole_game_with_agents():
    c = Controller(Options(players=3, seed=4))
    state = c.run([Random(s) for s in range(3)])
    assert state.over and state.result.round <= 6
