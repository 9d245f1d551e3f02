"""The search's levels differ in what an opponent meets: easy is a novice that sometimes plays a move its own search
found worse; normal and hard always play the move they found best, hard after a longer search.  What each level
varies is documented in docs/STRENGTH.md's levels table, which these tests hold to `ai.mcts.LEVELS`."""

from __future__ import annotations

import dataclasses
import pathlib
from collections import Counter

import pytest
from ai_positions import find, request

from dune_tui.ai import AGENT_HELP, make_agent, mcts, parse_spec
from dune_tui.ai.mcts import LEVELS, MctsAgent, SearchConfig
from dune_tui.seats import MCTS_LEVELS

STRENGTH = pathlib.Path(__file__).resolve().parents[2] / "docs" / "STRENGTH.md"
# the table's columns after the level's name, and how a cell's first word reads as the field's value
COLUMNS = {"iters": int, "horizon": int, "temperature": float, "two_player_models": lambda w: w == "yes",
           "seconds": float, "turn_seconds": lambda w: None if w == "none" else float(w)}


def uncapped(spec: str, seed: int):
    """The bot with no wall-clock cap (its iterations decide, however busy the machine)."""
    agent = make_agent(spec, seed)
    agent.config = mcts.uncapped(agent.config)
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


def documented_levels() -> dict[str, dict]:
    """docs/STRENGTH.md's levels table: {level: {field: value}}."""
    rows = {}
    for line in STRENGTH.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 1 + len(COLUMNS) and cells[0] in ("easy", "normal", "hard"):
            rows[cells[0]] = {field: read(cell.split(":")[0].split()[0])
                              for (field, read), cell in zip(COLUMNS.items(), cells[1:])}
    return rows


def test_the_levels_are_what_the_strength_page_says():
    assert documented_levels() == {
        level: {field: getattr(config, field) for field in COLUMNS} for level, config in LEVELS.items()}
    # and nothing else differs between them: every other field is the search's default
    others = [f.name for f in dataclasses.fields(SearchConfig) if f.name not in COLUMNS]
    for config in LEVELS.values():
        assert {f: getattr(config, f) for f in others} == {f: getattr(SearchConfig(), f) for f in others}


def test_the_levels_rise_in_search_and_only_easy_draws_its_move():
    easy, normal, hard = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert easy.iters < normal.iters < hard.iters
    assert easy.seconds < normal.seconds < hard.seconds
    assert easy.temperature > 0 and normal.temperature == hard.temperature == 0
    assert easy.horizon is not None and easy.horizon < normal.horizon


def test_every_level_a_player_can_choose_builds_that_level():
    assert {spec.partition(":")[2] for spec in MCTS_LEVELS} == set(LEVELS)
    for level, config in LEVELS.items():
        assert f"mcts:{level}" in AGENT_HELP
        for spelling in (level, level.upper(), level.capitalize()):
            assert parse_spec(f"mcts:{spelling}") == ("mcts", spelling)
            agent = make_agent(f"mcts:{spelling}", 3)
            assert isinstance(agent, MctsAgent)
            assert (agent.name, agent.config) == (f"mcts:{level}", config)
    assert (make_agent("mcts", 3).name, make_agent("mcts", 3).config) == ("mcts:normal", LEVELS["normal"])


@pytest.mark.slow
def test_easy_sometimes_plays_a_move_its_search_found_worse():
    s = find(4, "roll")
    req = request(s, s.awaiting[0])
    easy = answers("mcts:easy", req)
    assert all(action in req.legal for action, _ in easy)
    off = sum(action != best for action, best in easy)
    assert 0 < off < len(easy), easy
    assert len(Counter(action for action, _ in easy)) > 1


@pytest.mark.slow
def test_the_same_landing_a_novice_plays_several_ways_and_normal_one_way():
    """A player who replays a position against other bots of a level (other bot seeds) meets several landings from
    easy, and from normal the one its search found best every time."""
    s = find(4, "land")
    req = request(s, s.awaiting[0])
    easy = answers("mcts:easy", req, seeds=range(10))
    normal = answers("mcts:normal", req, seeds=range(3))
    assert len({action for action, _ in easy}) > 1, easy
    assert len({action for action, _ in normal}) == 1, normal
    assert all(action == best for action, best in normal)
