"""The search's levels differ in what an opponent meets: easy is a novice that sometimes plays a move its own search
found worse; normal and hard always play the move they found best, hard after a longer search."""

from __future__ import annotations

import dataclasses
from collections import Counter

from ai_positions import find, request

from ai import make_agent
from ai.mcts import LEVELS


def uncapped(spec: str, seed: int):
    """The bot with no wall-clock cap (its iterations decide, however busy the machine)."""
    agent = make_agent(spec, seed)
    agent.config = dataclasses.replace(agent.config, seconds=1000.0)
    return agent


def answers(spec: str, req, seeds=range(12)) -> list[tuple[object, object]]:
    """(action played, the action its search visited most) for each bot seed."""
    out = []
    for seed in seeds:
        agent = uncapped(spec, seed)
        action = agent.decide(req)
        best = max(agent.tree.statistics(req.seat), key=lambda row: row[1])[0]
        out.append((action, best))
    return out


def test_easy_sometimes_plays_a_move_its_search_found_worse():
    s = find(4, "roll")
    req = request(s, s.awaiting[0])
    easy = answers("mcts:easy", req)
    assert all(action in req.legal for action, _ in easy)
    off = sum(action != best for action, best in easy)
    assert 0 < off < len(easy), easy
    assert len(Counter(action for action, _ in easy)) > 1


def test_normal_plays_the_move_its_search_found_best():
    s = find(4, "roll")
    req = request(s, s.awaiting[0])
    assert all(action == best for action, best in answers("mcts:normal", req, seeds=range(3)))


def test_the_levels_rise_in_search_and_only_easy_draws_its_move():
    easy, normal, hard = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert easy.iters < normal.iters < hard.iters
    assert easy.seconds < normal.seconds < hard.seconds
    assert easy.temperature > 0 and normal.temperature == hard.temperature == 0
    assert easy.horizon is not None and easy.horizon < normal.horizon
