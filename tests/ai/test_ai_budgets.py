"""The search's budgets (issue 47: a bot's turn that keeps nobody waiting): a decision stops once its move is
settled, and a turn's decisions share one budget.  Both are counted in iterations, so a bot's seed replays its game;
the advisor and the review search to the whole budget (their figures are the samples)."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import msgspec
from ai_positions import find, request

from dune_tui.ai import mcts
from dune_tui.ai.advice import ADVICE_CONFIG
from dune_tui.ai.mcts import LEVELS, MctsAgent, full_search, settled, uncapped
from dune_tui.controller import Controller, Decision
from dune_tui.sim import deal, game_options

# normal with a test's budget, uncapped, and a turn budget of 2 (the mechanism; the levels have it off until measured)
SMALL = dataclasses.replace(uncapped(LEVELS["normal"]), iters=200, turn_budget=2.0)


def test_a_move_is_settled_when_the_runner_up_cannot_catch_the_leader():
    assert settled([30, 10, 2], 19.5)
    assert not settled([30, 10, 2], 20)  # a tie goes to the first candidate, which may be the runner-up
    assert not settled([12, 12], 0)
    assert settled([5], 4)  # a lone candidate is settled from the start


def test_a_decision_stops_once_its_move_is_settled_and_plays_the_move_of_the_whole_search():
    """With the share 1 (the runner-up taking every iteration left) the early stop never changes the move: the
    same seed plays the same move as a search to the whole budget, in fewer iterations."""
    never_wrong = dataclasses.replace(SMALL, stop_share=1.0, turn_budget=None)
    saved = 0
    for phase in ("roll", "land"):
        s = find(4, phase)
        req = request(s, s.awaiting[0])
        for seed in range(2):
            early, whole = MctsAgent(seed, never_wrong), MctsAgent(seed, full_search(SMALL))
            assert early.decide(req) == whole.decide(req)
            assert whole.last_iterations == SMALL.iters
            assert early.last_iterations <= whole.last_iterations
            saved += whole.last_iterations - early.last_iterations
    assert saved > 0


def turns_played(config, seed: int = 47, turns: int = 3) -> tuple[list, dict]:
    """A seeded 4-player game between four bots of `config`, for `turns` turns: the actions played, and per
    (seat, turn) the iterations each of that bot's decisions spent."""
    c = Controller(game_options(4, seed, deal(4, seed)))
    bots = [MctsAgent(seat, config) for seat in range(4)]
    spent: dict[tuple[int, int], list[int]] = defaultdict(list)
    while not c.over and c.state.turn <= turns:
        answers = []
        for r in c.pending():
            answers.append(Decision(r.id, r.seat, bots[r.seat].decide(r)))
            spent[r.seat, r.view.turn].append(bots[r.seat].last_iterations)
        for d in answers:
            c.submit(d)
    return list(c.log), dict(spent)


def test_a_turns_decisions_share_one_budget_and_the_game_replays():
    config = dataclasses.replace(SMALL, iters=64)
    budget = int(config.turn_budget * config.iters)
    late = config.iters // config.late_share
    log, spent = turns_played(config)
    for iterations in spent.values():
        # each decision spends what is left of the turn's budget, or `late` once it is spent
        assert sum(iterations) <= budget + late * len(iterations), iterations
    assert any(sum(iterations) >= budget for iterations in spent.values())  # and some turn reached it
    assert turns_played(config) == (log, spent)  # counted in iterations: the same seeds, the same game


def test_the_advisor_searches_to_the_whole_budget():
    assert ADVICE_CONFIG.stop_share is None and ADVICE_CONFIG.turn_budget is None


def test_a_decision_of_the_same_kind_as_the_one_before_gets_half_its_budget():
    """The second, third... roll of a turn get half the one before, so the turn's other decisions keep theirs."""
    bot = MctsAgent(0, SMALL)  # 200 iterations, a turn 400, then 50 a decision
    assert bot._turn_allowance(1, "roll", 200) == (200, 400)
    bot.spent = (1, 150, "roll", 0)
    assert bot._turn_allowance(1, "roll", 200) == (100, 200)
    bot.spent = (1, 250, "roll", 1)
    assert bot._turn_allowance(1, "roll", 200) == (50, 100)
    bot.spent = (1, 300, "roll", 2)
    assert bot._turn_allowance(1, "land", 200) == (200, 100)  # another kind: its whole target, what is left
    bot.spent = (1, 420, "land", 0)
    assert bot._turn_allowance(1, "move", 200) == (200, 50)  # the turn's budget spent
    assert bot._turn_allowance(2, "roll", 200) == (200, 400)  # a new turn


def test_the_decisions_after_the_rolls_keep_a_quarter_of_a_decision():
    """The rolls spend a turn's budget (a whole decision, then half, a quarter...): the alliance, the landings, the
    moves and the construction after them still get a quarter of a decision each, not a starved eighth (with an
    eighth, four budgeted normal bots landed after 39 iterations on average against 125 without the budget)."""
    config = dataclasses.replace(LEVELS["normal"], turn_budget=2.0)
    bot = MctsAgent(0, config)
    allowed = {}
    for phase in ("roll", "roll", "roll", "roll", "alliance", "recruit", "kanly", "land", "land", "target", "move",
                  "construct"):
        target, most = bot._turn_allowance(5, phase, config.iters)
        spends = min(target, most)  # a search from no tree: to its target, at most what the turn has left
        allowed.setdefault(phase, []).append(spends)
        bot.spent = (5, bot.spent[1] + spends, phase, bot.spent[3])  # as `search` counts it
    assert sum(allowed["roll"]) <= config.turn_budget * config.iters
    for phase in ("alliance", "recruit", "kanly", "land", "target", "move", "construct"):
        assert min(allowed[phase]) >= config.iters // 4, (phase, allowed)


class Clock:
    """A wall clock that moves `step` seconds each time it is read: a slow machine, made exact."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_turns_wall_clock_cap_ends_its_decisions_searches_once_spent(monkeypatch):
    """Issue 47: on a busy machine each of a turn's 14 decisions hit its own 2.5 s cap, and a newcomer waited
    20-35 s for a bot's turn.  A turn's decisions share `turn_seconds`; once spent, each further one of that turn
    searches for `late_seconds`, and the next turn starts afresh."""
    clock = Clock(0.01)  # 0.01 s a read: the search reads it every 8 iterations, so 0.1 s is some 80 iterations
    monkeypatch.setattr(mcts.time, "perf_counter", clock)
    config = dataclasses.replace(LEVELS["normal"], iters=10_000, seconds=0.5, turn_seconds=0.8, late_seconds=0.1)
    s = find(4, "roll")
    req = request(s, s.awaiting[0])
    bot = MctsAgent(1, config)
    spent = []
    for _ in range(4):
        bot.decide(req)
        spent.append(bot.last_iterations)
    assert [round(n / 80) for n in spent] == [5, 3, 1, 1]  # 0.5 s of the turn's 0.8, the 0.3 s left, 0.1 s each
    for _ in range(3):
        bot.decide(req)
        spent.append(bot.last_iterations)
    assert [round(n / 80) for n in spent[4:]] == [1, 1, 0]  # late_until's 0.4 s spent: the heuristic, at once
    later = s.copy()
    later.turn += 1
    bot.decide(request(later, s.awaiting[0]))
    assert round(bot.last_iterations / 80) == 5  # a new turn: its own 0.8 s
    assert mcts.uncapped(config).turn_seconds is None and mcts.full_search(config).turn_seconds is None


def test_a_bot_told_what_the_tables_bots_spent_in_the_turn_searches_for_what_is_left_of_its_cap(monkeypatch):
    """At a table the other bots' answers in a turn count against its cap: the request says what they spent
    (`bots_seconds`, the table's TurnClock), and the bot searches for what is left, not for what it has not spent."""
    monkeypatch.setattr(mcts.time, "perf_counter", Clock(0.01))
    config = dataclasses.replace(LEVELS["normal"], iters=10_000, seconds=0.5, turn_seconds=0.8, late_seconds=0.1)
    s = find(4, "roll")
    req = request(s, s.awaiting[0])
    bot = MctsAgent(1, config)
    spent = []
    for told in (0.6, 1.0, 2.0, 0.0):
        bot.decide(msgspec.structs.replace(req, bots_seconds=told))
        spent.append(round(bot.last_iterations / 80))
    assert spent == [2, 1, 0, 5]  # the 0.2 s left; late; after late_until; told nothing spent, its own are not
