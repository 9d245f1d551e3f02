"""Every bot answers every kind of decision with a legal action, from its view alone."""

from __future__ import annotations

import itertools
import pickle
import random
import threading

import pytest
from ai_positions import FACTIONS_BY_COUNT, play, request

from dune_tui.ai import Agent, AgentSpecError, agent_names, make_agent, parse_spec
from dune_tui.ai.mcts import MctsAgent, Node, SearchConfig, prior
from dune_tui.games.dune import Options, apply, new_game


@pytest.mark.parametrize("players", range(2, 9))
def test_heuristic_and_random_play_whole_games_legally(players):
    """Whole games, every seat a bot: each answer is one of the offered actions (all factions, all phases)."""
    for spec in ("heuristic", "random"):
        for seed in range(6):
            s = new_game(Options(players=players, seed=seed, factions=FACTIONS_BY_COUNT[players]))
            bots = [make_agent(spec, seed * 10 + k) for k in range(players)]
            while not s.over:
                seat = s.awaiting[0]
                req = request(s, seat)
                action = bots[seat].decide(req)
                assert action in req.legal, (spec, s.phase, action)
                apply(s, seat, action)


def test_mcts_answers_legally_in_random_positions_of_every_player_count():
    """A small search in random positions of 2-8 player games returns a legal action."""
    phases = set()
    for players in range(2, 9):
        rng = random.Random(players)
        s = new_game(Options(players=players, seed=players, factions=FACTIONS_BY_COUNT[players]))
        bot = make_agent("mcts:iters=12", players)
        for _ in range(5):
            play(s, rng, rng.randrange(5, 40))
            if s.over:
                break
            for seat in s.awaiting:
                req = request(s, seat)
                action = bot.decide(req)
                assert action in req.legal
                phases.add(req.phase)
    assert len(phases) >= 5


@pytest.mark.parametrize("phase", ["roll", "land", "target", "move", "commit", "alliance", "kanly"])
def test_mcts_answers_legally_in_each_main_phase(phase):
    from ai_positions import find

    s = find(4, phase)
    for seat in s.awaiting:
        req = request(s, seat)
        assert make_agent("mcts:iters=20", 3).decide(req) in req.legal


def test_the_search_keeps_its_iteration_budget():
    s = new_game(Options(players=2, seed=4, factions=FACTIONS_BY_COUNT[2]))
    bot = make_agent("mcts:iters=25", 1)
    req = request(s, s.awaiting[0])
    bot.decide(req)
    assert 1 <= bot.last_iterations <= 25


def test_a_set_cancel_event_stops_the_search_at_once():
    """Cancelled before it starts, a search with a huge budget still answers (legally, with no iterations)."""
    s = new_game(Options(players=4, seed=2, factions=FACTIONS_BY_COUNT[4]))
    req = request(s, s.awaiting[0])
    bot = make_agent("mcts:time=600", 1)
    cancel = threading.Event()
    cancel.set()
    assert bot.decide(req, cancel) in req.legal
    assert bot.last_iterations == 0


def test_cancelling_a_running_search_returns_its_best_action_so_far():
    s = new_game(Options(players=4, seed=2, factions=FACTIONS_BY_COUNT[4]))
    req = request(s, s.awaiting[0])
    bot = make_agent("mcts:time=600", 1)
    cancel = threading.Event()
    result = []
    worker = threading.Thread(target=lambda: result.append(bot.decide(req, cancel)))
    worker.start()
    threading.Timer(0.3, cancel.set).start()
    worker.join(timeout=30)  # a generous sanity bound, not a timing measurement
    assert not worker.is_alive()
    assert result[0] in req.legal
    assert bot.last_iterations >= 1


def test_same_seed_same_decisions():
    s = new_game(Options(players=4, seed=9, factions=FACTIONS_BY_COUNT[4]))
    req = request(s, s.awaiting[0])
    a = [make_agent("mcts:iters=40", 7).decide(req) for _ in range(2)]
    assert a[0] == a[1]


def test_agents_and_requests_pickle():
    """The game may run a bot in a worker process: bots (with a kept tree) and requests must pickle."""
    s = new_game(Options(players=3, seed=1, factions=FACTIONS_BY_COUNT[3]))
    req = request(s, s.awaiting[0])
    for spec in ("random", "heuristic", "mcts:easy", "mcts:iters=10"):
        bot = make_agent(spec, 3)
        bot.decide(req)
        clone = pickle.loads(pickle.dumps(bot))
        assert clone.decide(pickle.loads(pickle.dumps(req))) in req.legal


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts", "mcts:easy", "mcts:normal", "mcts:hard",
                                  "mcts:iters=50", "mcts:time=0.5", "MCTS:Hard"])
def test_good_specs_build(spec):
    assert hasattr(make_agent(spec, 1), "decide")


@pytest.mark.parametrize(("spec", "words"), [
    ("alphazero", "unknown agent"), ("mcts:insane", "easy, normal, hard"), ("mcts:iters=lots", "needs a number"),
    ("mcts:iters=0", "1 to"), ("mcts:time=-1", "seconds"), ("heuristic:3", "takes no options"),
    ("random:x", "takes no options"), ("mcts:depth=3", "iters=N"),
])
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(AgentSpecError, match=words):
        make_agent(spec, 1)


def test_registry_lists_the_bots():
    assert {"random", "heuristic", "mcts"} <= set(agent_names())
    assert parse_spec("mcts:hard") == ("mcts", "hard")


def test_levels_are_budgets_in_order():
    easy, normal, hard = (make_agent(f"mcts:{x}", 0) for x in ("easy", "normal", "hard"))
    assert isinstance(normal, MctsAgent)
    assert easy.config.iters < normal.config.iters < hard.config.iters
    assert easy.config.seconds < normal.config.seconds < hard.config.seconds


def test_a_time_budget_ends_the_search():
    """mcts:time=SECONDS is a wall-clock budget: the search stops by itself (a generous sanity bound)."""
    import time

    s = new_game(Options(players=4, seed=6, factions=FACTIONS_BY_COUNT[4]))
    req = request(s, s.awaiting[0])
    bot = make_agent("mcts:time=0.2", 1)
    start = time.perf_counter()
    assert bot.decide(req) in req.legal
    assert time.perf_counter() - start < 20
    assert bot.last_iterations >= 1


@pytest.mark.slow
def test_the_kept_tree_is_reused_for_the_next_decision():
    """After a decision the next one of the same turn starts from the subtree the search already grew."""
    s = new_game(Options(players=2, seed=8, factions=FACTIONS_BY_COUNT[2]))
    bot = make_agent("mcts:iters=200", 2)
    seat = s.awaiting[0]
    reused = 0
    for _ in range(6):
        if s.over or s.awaiting[0] != seat:
            break
        req = request(s, seat)
        action = bot.decide(req)
        if bot.last_iterations < 200:
            reused += 1
        apply(s, seat, action)
    assert reused >= 1


def _bandit(rewards: list[float], pulls: int) -> list[int]:
    """Run the search's selection rule at one node whose actions pay `rewards` (the heuristic's pick first)."""
    node = object.__new__(Node)
    node.actions = list(range(len(rewards)))
    node.visits = [0] * len(rewards)
    node.wins = [0.0] * len(rewards)
    node.n = 0
    for _ in range(pulls):
        i = node.select(SearchConfig())
        node.n += 1
        node.visits[i] += 1
        node.wins[i] += rewards[i]
    return node.visits


def test_the_prior_puts_half_on_the_heuristics_pick_and_decays_by_rank():
    p = prior(6)
    assert p[0] == 0.5 and abs(sum(p) - 1) < 1e-9
    assert all(a > b for a, b in itertools.pairwise(p[1:]))


def test_while_the_values_look_alike_the_search_keeps_the_heuristics_pick():
    visits = _bandit([0.5] * 8, 400)
    assert visits.index(max(visits)) == 0


def test_a_clearly_better_alternative_takes_over_from_the_heuristics_pick():
    visits = _bandit([0.5, 0.5, 0.5, 0.8, 0.5], 400)
    assert visits.index(max(visits)) == 3


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:easy"])
def test_every_bot_is_an_agent_and_takes_a_cancel(spec):
    """The table's runner calls `decide(request, cancel=...)` on every bot (ai.agent.Agent); a set cancel still
    gets a legal answer at once."""
    s = new_game(Options(players=4, seed=6, factions=FACTIONS_BY_COUNT[4]))
    req = request(s, s.awaiting[0])
    bot = make_agent(spec, 1)
    assert isinstance(bot, Agent) and bot.name == spec
    stop = threading.Event()
    stop.set()
    assert bot.decide(req, cancel=stop) in req.legal
