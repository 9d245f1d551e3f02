"""The search bot (mcts) on Dune Express: whole games, legal answers from the seat's view, no cheating, cancel."""

from __future__ import annotations

import json
import random
import threading
import time
from hashlib import blake2b

import msgspec
import pytest

from dune_tui.ai import make_agent
from dune_tui.ai.mcts import uncapped
from dune_tui.cli import main
from dune_tui.controller import Controller, DecisionRequest
from dune_tui.games import express, rng
from dune_tui.games.express import HIDDEN
from dune_tui.games.express.describe import prompt
from dune_tui.table.bots import bot_seed

SEED = bot_seed(0xE4B5, 2)


class _Checked:
    """Wraps a bot: every answer is legal and every view is the seat's own."""

    def __init__(self, bot):
        self.bot, self.asked = bot, 0

    def decide(self, request, cancel=None):
        assert request.view.viewer == request.seat and request.view.rng is None
        action = self.bot.decide(request, cancel)
        assert action in request.legal
        self.asked += 1
        return action


def request(state, seat: int) -> DecisionRequest:
    return DecisionRequest(id=1, seat=seat, phase=state.phase, prompt=prompt(state, seat),
                           view=express.view(state, seat), legal=tuple(express.legal_actions(state, seat)))


@pytest.mark.slow
@pytest.mark.parametrize("players, variant", [
    (2, "shorter:8"),
    (2, "houses,thumper,defence:limited,shorter:8"),
    (6, "houses,shorter:3,thumper"),
    (6, "defence:none,shorter:3"),
])
def test_mcts_plays_whole_express_games(players, variant):
    options = express.with_variants(variant, players=players, seed=players * 11 + len(variant))
    bots = [_Checked(make_agent("mcts:iters=12" if s % 2 == 0 else "heuristic", seed=s)) for s in range(players)]
    state = Controller(options).run(bots)
    assert state.over and bots[0].asked
    assert sum(express.returns(state)) >= 0  # a finished game: winners, or nobody at the round limit


@pytest.mark.slow
def test_sim_plays_express_with_the_search(capsys):
    assert main(["sim", "--rules", "express", "--agents", "mcts:iters=10,heuristic", "--players", "2",
                 "--variant", "shorter:6", "--games", "2", "--rotate", "--bot-secret", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["errors"] == 0 and set(out["wins_by_agent"]) == {"mcts:iters=10", "heuristic"}
    assert out["head_to_head"]["games"] == 2


def test_every_bot_may_sit_at_an_express_table():
    from dune_tui.game_spec import GameSpec, new_game

    for spec in ("random", "heuristic", "mcts", "mcts:hard", "mcts:iters=5"):
        session = new_game(GameSpec(rules="express", players=2, seats=["human", spec], seed=1))
        assert session.seats[1].agent == spec


# ------------------------------------------------------------------ no cheating

def bene_gesserit_game():
    """A four-player game with the houses' abilities where the Bene Gesserit have made their secret prediction,
    at a roll of a seat that is not the Bene Gesserit's."""
    for seed in range(200):
        s = express.new_game(express.with_variants("houses", players=4, seed=seed))
        bg = s.house_seat[express.data.BENE_GESSERIT]
        r = random.Random(seed)
        for _ in range(400):
            if s.over:
                break
            seat = s.awaiting[0]
            if s.phase == "roll" and seat != bg and s.prediction > 0 and s.kept == 0 and s.turn > 2:
                return s, seat
            express.apply(s, seat, r.choice(express.legal_actions(s, seat)))
    raise AssertionError("no such game")


def hidden_variants(s, seat: int) -> list:
    """`s`, and games that the seat sees alike but whose dice to come and Bene Gesserit round differ."""
    games = [s]
    others = [p for p in range(1, 21) if p != s.prediction]
    for key, position, prediction in ((2, 0, None), (3, 5, others[0]), (1 << 90, 17, None), (7, 1, others[1])):
        t = express.determinize(express.view(s, seat), key, s.prediction if prediction is None else prediction)
        t.options = msgspec.structs.replace(s.options, seed=key)
        for _ in range(position):
            t.rng, _ = rng.next_u64(t.rng)
        games.append(t)
    return games


class Peeker:
    """A cheat: finds the game behind its request on the caller's stack and picks by the next die to come."""

    name = "peeker"

    def decide(self, request, cancel=None):
        import sys

        frame = sys._getframe(1)
        while frame is not None:
            for value in frame.f_locals.values():
                if isinstance(value, express.State) and value.rng is not None:
                    _, die = rng.below(value.rng, 6)
                    digest = blake2b(repr((die, value.prediction)).encode(), digest_size=2).digest()
                    return request.legal[digest[0] % len(request.legal)]
            frame = frame.f_back
        return request.legal[0]


def answers(make, games, seat: int) -> set[str]:
    assert len({express.observation_key(g, seat) for g in games}) == 1, "the games must look the same to the seat"
    return {repr(make().decide(request(g, seat))) for g in games}


def test_the_games_differ_in_what_is_hidden():
    s, seat = bene_gesserit_game()
    games = hidden_variants(s, seat)
    assert len({(g.rng, g.options.seed, g.prediction) for g in games}) == len(games)
    assert express.view(s, seat).prediction == HIDDEN


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:iters=40"])
def test_what_a_seat_cannot_see_does_not_change_the_express_bots_decision(spec):
    s, seat = bene_gesserit_game()
    assert len(answers(lambda: by_count(make_agent(spec, SEED)), hidden_variants(s, seat), seat)) == 1


def by_count(agent):
    """A search bot whose iterations decide, however busy the machine (its wall-clock cap out of reach)."""
    if hasattr(agent, "config"):
        agent.config = uncapped(agent.config)
    return agent


def test_the_test_catches_a_bot_that_reads_the_game_behind_its_request():
    s, seat = bene_gesserit_game()
    assert len(answers(Peeker, hidden_variants(s, seat), seat)) > 1


# ------------------------------------------------------------------ cancel

def test_a_cancelled_express_search_answers_at_once_and_legally():
    s, seat = bene_gesserit_game()
    req = request(s, seat)
    done = threading.Event()
    done.set()
    bot = make_agent("mcts:time=600", 1)
    start = time.thread_time()  # the search's own CPU: a loaded machine's waits are not the search's
    assert bot.decide(req, cancel=done) in req.legal
    assert time.thread_time() - start < 2.0


def test_cancelling_mid_search_stops_it():
    s, seat = bene_gesserit_game()
    req = request(s, seat)
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    bot = make_agent("mcts:time=600", 1)
    start = time.thread_time()  # the search's own CPU (it runs in this thread): 0.3 s of wall at most, then stops
    assert bot.decide(req, cancel=cancel) in req.legal
    assert time.thread_time() - start < 5.0 and bot.last_iterations > 0
