"""Dune Express offers every name the product takes from the first game's engine, with the same behaviour:
the controller, given Dune Express's options, takes its verbs (dune_tui.games) and plays a game to the end."""

import pytest

import dune_tui.games.dune as engine
import dune_tui.games.express as express
from dune_tui import controller
from dune_tui.ai.random_agent import RandomAgent
from dune_tui.games.express import describe
from dune_tui.games.express.data import BENE_GESSERIT

# what dune_tui.controller, session, table, saves and the bots import from dune_tui.games.dune
VERBS = ("Event", "Options", "State", "apply", "as_action", "legal_actions", "new_game", "opening_events", "view",
         "determinize", "returns", "observation_key", "DuneError", "IllegalAction", "OptionsError", "HIDDEN")


@pytest.mark.parametrize("name", VERBS)
def test_express_has_the_engine_s_names(name):
    assert hasattr(express, name)
    assert hasattr(engine, name) or hasattr(engine.queries, name)


class _Watching(RandomAgent):
    """A random bot that notes the Bene Gesserit round its requests' views show."""

    def __init__(self, seed):
        super().__init__(seed)
        self.rounds = set()

    def decide(self, request, cancel=None):
        assert request.view.viewer == request.seat and request.view.rng is None
        self.rounds.add(request.view.prediction)
        return super().decide(request)


def test_the_controller_plays_dune_express_unchanged_given_its_verbs():
    c = controller.Controller(express.Options(players=5, seed=8, abilities=True, round_limit=10, thumper=True))
    assert c.rules is express and c.game.describe is describe
    bots = [_Watching(s) for s in range(5)]
    state = c.run(bots)
    again, _ = controller.replay(c.options, c.log)
    assert state.over and again.state.result == state.result and again.state.board == state.board
    bg = state.house_seat[BENE_GESSERIT]
    assert bots[bg].rounds - {-1} == {state.prediction}
    assert all(bots[s].rounds <= {-1, express.HIDDEN} for s in range(5) if s != bg)


def test_observation_keys_ignore_what_the_seat_cannot_see():
    state = express.new_game(express.Options(players=3, seed=2, houses=("bg", "fremen", "guild"), abilities=True))
    express.apply(state, 0, ("predict", 5))
    other = express.determinize(express.view(state, 1), 99, prediction=9)
    assert express.observation_key(state, 1) == express.observation_key(other, 1)
    assert express.observation_key(state, 0) != express.observation_key(other, 0)
