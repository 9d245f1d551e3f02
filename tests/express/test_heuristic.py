"""The first Dune Express heuristic: legal answers from the seat's view, and it beats the random bot."""

from __future__ import annotations

import pytest

from dune_tui.ai import make_agent
from dune_tui.ai.random_agent import RandomAgent
from dune_tui.controller import Controller
from dune_tui.games import express


class _Checked:
    """Wraps a bot: every answer is legal and every view is the seat's own."""

    def __init__(self, bot):
        self.bot, self.asked = bot, 0

    def decide(self, request, cancel=None):
        assert request.view.viewer == request.seat and request.view.rng is None
        action = self.bot.decide(request)
        assert action in request.legal
        self.asked += 1
        return action


@pytest.mark.slow
def test_the_heuristic_spec_plays_dune_express_and_beats_random():
    wins = 0
    for g in range(6):
        players = 2 + g % 2
        options = express.with_variants("houses,shorter:15,thumper" if g % 3 else "", players=players, seed=50 + g)
        me = g % players
        bots = [_Checked(make_agent("heuristic", seed=g) if s == me else RandomAgent(g * 7 + s))
                for s in range(players)]
        state = Controller(options).run(bots)
        assert bots[me].asked
        wins += express.returns(state)[me]
    assert wins >= 5  # random seats' fair share would be 2.5 of 6
