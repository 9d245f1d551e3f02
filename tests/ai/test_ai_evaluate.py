"""The search's evaluation: chances in [0, 1] that grow with strategic regions held alone (R11), and its
two-player models: the side that must beat the Guild's default win (R11), and either side without the Guild."""

from __future__ import annotations

import random

import pytest
from ai_positions import find, play, reach, request

from dune_tui.ai import mcts
from dune_tui.ai.games.dune.evaluate import (
    DRAW,
    chances,
    duel_leaf,
    duel_value,
    evaluate,
    facing_guild,
    facing_rival,
    general_leaf,
    general_value,
    idle_region_die,
    missing,
    model,
    reachable,
)
from dune_tui.ai.games.dune.evaluator import HeuristicRollouts
from dune_tui.games.dune import Options, new_game
from dune_tui.games.dune.data import (
    ALL_DICE_MASK,
    ARRAKEEN,
    ATREIDES,
    CARTHAG,
    FACTION_KEYS,
    FACTION_UNITS,
    FREMEN,
    GUILD,
    HABBANYA_SIETCH,
    HARKONNEN,
    KANLY_DIE,
    POLAR_SINK,
    REGION_DIE,
    SIETCH_TABR,
    STRATEGIC_ORDER,
    TUEKS_SIETCH,
)
from dune_tui.games.dune.state import NU


def test_chances_are_probabilities_for_every_player_count():
    for players in (2, 3, 4, 6, 8):
        s = find(players, "roll")
        p = evaluate(s)
        assert len(p) == players
        assert all(0.0 <= x <= 1.0 for x in p)


def test_holding_more_strategic_regions_alone_is_worth_more():
    s = find(4, "roll")
    seat = s.awaiting[0]
    me = s.seat_faction[seat]
    for r in STRATEGIC_ORDER:
        for u in range(NU):
            s.board[r * NU + u] = 0
    before = evaluate(s)[seat]
    for r in (HABBANYA_SIETCH, SIETCH_TABR, CARTHAG):
        s.board[r * NU + me] = 2
    assert evaluate(s)[seat] > before


# ------------------------------------------------ the two-player models

def _duel_position(mine: dict[int, int], theirs: dict[int, int], rival: int = GUILD):
    """A two-player position at the start of a turn, Atreides against `rival`, with only these troops in the
    strategic regions and the Polar Sink (location: count of basic troops)."""
    s = new_game(Options(players=2, seed=5, factions=(FACTION_KEYS[ATREIDES], FACTION_KEYS[rival])))
    play(s, random.Random(5), 40)
    while s.phase != "roll":
        play(s, random.Random(5), 1)
    for r in (*STRATEGIC_ORDER, POLAR_SINK):
        for u in range(NU):
            s.board[r * NU + u] = 0
    for counts, faction in ((mine, ATREIDES), (theirs, rival)):
        for loc, k in counts.items():
            s.board[loc * NU + FACTION_UNITS[faction][0]] = k
    return s, s.seat_faction.index(ATREIDES)


def test_facing_the_guild_the_guild_is_worth_the_rest():
    s, seat = _duel_position({HABBANYA_SIETCH: 2}, {ARRAKEEN: 3})
    p = facing_guild(s, seat)
    assert 0.0 < p[seat] < 1.0
    assert p[seat] + p[1 - seat] == pytest.approx(1.0)


def test_facing_the_guild_three_regions_beat_two_and_a_strike_from_the_polar_sink_beats_none():
    guild = {ARRAKEEN: 3, TUEKS_SIETCH: 3}
    two, seat = _duel_position({HABBANYA_SIETCH: 2, SIETCH_TABR: 2}, guild)
    three, _ = _duel_position({HABBANYA_SIETCH: 2, SIETCH_TABR: 2, CARTHAG: 2}, guild)
    strike, _ = _duel_position({HABBANYA_SIETCH: 2, SIETCH_TABR: 2, CARTHAG: 2, POLAR_SINK: 5}, guild)
    assert facing_guild(two, seat)[seat] < facing_guild(three, seat)[seat] < facing_guild(strike, seat)[seat]


def test_the_search_uses_the_facing_guild_model_only_on_the_non_guild_side_of_two_player_games():
    """(and with more than two players, only the general model)"""
    s, seat = _duel_position({HABBANYA_SIETCH: 2}, {ARRAKEEN: 3})
    assert duel_value(s, seat) == facing_guild(s, seat)
    assert duel_value(s, 1 - seat) == evaluate(s)  # the Guild's own search: the general model
    assert general_value(s, seat) == evaluate(s)  # a search told not to use the two-player models
    four = find(4, "roll")
    assert duel_value(four, 0) == general_leaf(four, 0).rewards


def test_the_search_judges_every_leaf_as_the_searching_seat():
    """The rollouts move both seats; the evaluation at the horizon is still asked for the seat that searches
    (with two players and the Guild, the facing-Guild model is used only for the non-Guild seat)."""
    s = next(s for seed in range(100) if (s := reach(2, seed, "roll")) and s.seat_faction[s.awaiting[0]] == ATREIDES)
    seat = s.awaiting[0]
    asked = []
    evaluator = HeuristicRollouts(lambda state, who: asked.append(who) or duel_leaf(state, who))
    mcts.MctsAgent(seed=3, config=mcts.SearchConfig(iters=60, seconds=30.0), evaluator=evaluator).decide(
        request(s, seat))
    assert asked and set(asked) == {seat}


def test_without_the_guild_three_regions_and_a_strike_are_worth_more_and_the_rivals_three_less():
    rival = {ARRAKEEN: 3, TUEKS_SIETCH: 3}
    two, seat = _duel_position({HABBANYA_SIETCH: 2, SIETCH_TABR: 2}, rival, HARKONNEN)
    three, _ = _duel_position({HABBANYA_SIETCH: 2, SIETCH_TABR: 2, CARTHAG: 2}, rival, HARKONNEN)
    strike, _ = _duel_position({HABBANYA_SIETCH: 2, SIETCH_TABR: 2, CARTHAG: 2, POLAR_SINK: 5}, rival, HARKONNEN)
    assert facing_rival(two, seat) < facing_rival(three, seat) < facing_rival(strike, seat)
    threatened, _ = _duel_position({HABBANYA_SIETCH: 2}, {ARRAKEEN: 3, TUEKS_SIETCH: 3, CARTHAG: 3}, HARKONNEN)
    calm, _ = _duel_position({HABBANYA_SIETCH: 2}, {ARRAKEEN: 3, TUEKS_SIETCH: 3}, HARKONNEN)
    assert 0.0 < facing_rival(threatened, seat) < facing_rival(calm, seat) < 1.0


def test_without_the_guild_the_search_takes_its_own_value_from_the_no_guild_model():
    s, seat = _duel_position({HABBANYA_SIETCH: 2}, {ARRAKEEN: 3}, HARKONNEN)
    p, nobody = chances(s)  # the models' own chances (a leaf shows them calibrated)
    general = [x + DRAW * nobody for x in p]
    assert general_value(s, seat) == general == general_leaf(s, seat).rewards
    values = duel_value(s, seat)
    assert values[seat] == facing_rival(s, seat)
    assert values[1 - seat] == general[1 - seat]


def test_every_model_is_a_data_file_that_names_the_command_that_fitted_it():
    for name in ("general", "facing_guild", "facing_rival"):
        m = model(name)
        assert m.fitted_by.startswith("python -m lab.fit_eval")
        assert m.weights


# ------------------------------------------------ a win still reachable (issue 47)

def _fremen_round_five(seed: int):
    """Issue 47's blunder: round 5 of a two-player game without the Guild, the Fremen's turn (two turns left),
    holding 2 of the 4 strategic regions needed (Habbanya Sietch, Carthag; a strike force in the Polar Sink; the
    Harkonnen in Tuek's Sietch and one troop in Arrakeen, Sietch Tabr empty), the last two dice to keep or reroll:
    the region die showing zone 4 (Broken Land, Carthag: nothing new to take) and the Kanly die."""
    s = new_game(Options(players=2, seed=seed, factions=("fremen", "harkonnen")))
    rng = random.Random(seed)
    while not (s.round == 5 and s.phase == "roll" and s.kept == 0 and s.active_faction == FREMEN):
        play(s, rng, 1, 0.0)
    for r in STRATEGIC_ORDER:
        for u in range(NU):
            s.board[r * NU + u] = 0
    for loc, faction, k in ((CARTHAG, FREMEN, 2), (HABBANYA_SIETCH, FREMEN, 2), (POLAR_SINK, FREMEN, 3),
                            (TUEKS_SIETCH, HARKONNEN, 2), (ARRAKEEN, HARKONNEN, 1)):
        s.board[loc * NU + FACTION_UNITS[faction][0]] = k
    s.dice[REGION_DIE] = 4
    s.kept = ALL_DICE_MASK & ~(1 << REGION_DIE | 1 << KANLY_DIE)
    assert s.storm not in (3, 4, 5)
    return s


def test_the_region_die_that_brings_nothing_is_idle_only_with_no_turn_to_spare():
    s = _fremen_round_five(2)
    seat = s.awaiting[0]
    assert idle_region_die(s, seat)
    s.dice[REGION_DIE] = 3  # Sietch Tabr, empty: a region to take
    assert not idle_region_die(s, seat)
    s.dice[REGION_DIE] = 4
    s.round = 4  # a turn to spare
    assert not idle_region_die(s, seat)


def test_a_win_out_of_reach_is_worth_less_than_one_still_in_reach():
    s = _fremen_round_five(2)
    seat = s.awaiting[0]
    assert reachable(s, seat) and missing(s, seat) == 2
    s.round = 6  # the same holdings with one turn left: two regions short, the win is out of reach
    assert not reachable(s, seat)
    late = facing_rival(s, seat), evaluate(s)[seat]
    s.round = 5
    assert facing_rival(s, seat) > late[0] and evaluate(s)[seat] > late[1]


@pytest.mark.parametrize("seed", [2, 9, 16])
def test_the_fremen_reroll_the_region_die_that_brings_nothing_when_two_regions_are_missing_with_two_turns_left(
        seed):
    """Keeping the region die on zone 4 brings no new region this turn: two short with one turn left, the win is
    gone.  mcts:normal kept it (a near tie its evaluation did not see, resolved by the heuristic's order)."""
    s = _fremen_round_five(seed)
    a = mcts.make("normal", 7)
    a.config = mcts.uncapped(a.config)  # the iterations decide, however busy the machine
    action = a.decide(request(s, s.awaiting[0]))
    assert not action[1] >> REGION_DIE & 1, action
