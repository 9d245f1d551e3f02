"""The modifications: Shorter Game (KRATŠÍ HRA), Thumper, other traitor counts (JINÝ POČET ZRÁDCŮ)."""

import pytest

from dune_tui.games.express import Options, OptionsError, new_game, with_variants
from dune_tui.games.express.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CRYSKNIFE,
    FREMEN,
    HARKONNEN,
    HUNTER_SEEKER,
    POISON,
    POLAR_SINK,
    SHIELD,
    SHIELD_FACE,
    SIETCH_TABR,
    SNOOPER,
    SPICE_DIE,
    THUMPER,
    TRUTH_TRANCE,
    TUEKS_SIETCH,
    WORM,
)

from .scenario import act, deciding, options_of, position, rigged, set_dice, start_at, units

# ---------------------------------------------------------------- Kratší hra (Shorter Game)


def _last_turn(troops, ending="tiebreak", **kw):
    state = position((FREMEN, ATREIDES, HARKONNEN), active=HARKONNEN, round=20, round_limit=20, ending=ending,
                     troops=troops, **kw)
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=POLAR_SINK)
    return state


def test_x26_shorter_game_nobody_has_won_by_the_end_so_everybody_loses():
    """KRATŠÍ HRA: "Pokud do konce hry nikdo nevyhraje, tak všichni prohrávají" — the main ending, any limit."""
    for limit in (5, 20, 37):
        state = position((FREMEN, ATREIDES, HARKONNEN), active=HARKONNEN, round=limit, round_limit=limit,
                         troops={SIETCH_TABR: {FREMEN: 1}, ARRAKEEN: {ATREIDES: 5}, CARTHAG: {ATREIDES: 1}})
        set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=POLAR_SINK)
        start_at(state, "turn_die")
        assert state.result.winners == () and state.result.reason == "nobody" and state.result.round == limit
        assert "everybody loses" in state.result.text


def test_x14_manipulation_s_20_rounds_may_end_with_the_tie_break_too():
    """Rod BENNE GESSERIT: "Alternativně lze použít pravidla výhry z modifikace Kratší hra"."""
    state = position((FREMEN, BENE_GESSERIT, ATREIDES), active=ATREIDES, round=20, prediction=7, abilities=True,
                     ending="tiebreak", troops={ARRAKEEN: {FREMEN: 2}})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "turn_die")
    assert state.result.winners == (FREMEN,) and state.result.reason == "round_limit"


def test_x26_shorter_game_with_the_tie_break_the_most_territories_at_the_end_of_the_last_round_wins():
    """X26: the alternative ending, when chosen (`tiebreak`)."""
    state = _last_turn({SIETCH_TABR: {FREMEN: 1}, ARRAKEEN: {ATREIDES: 5}, CARTHAG: {ATREIDES: 1}})
    start_at(state, "turn_die")
    assert state.result.winners == (ATREIDES,) and state.result.reason == "round_limit" and state.result.round == 20


def test_shorter_game_then_the_most_units_on_the_planet():
    state = _last_turn({SIETCH_TABR: {FREMEN: 1}, POLAR_SINK: {FREMEN: 2}, ARRAKEEN: {ATREIDES: 2}})
    start_at(state, "turn_die")
    assert state.result.winners == (FREMEN,)  # 3 units to 2, the Polar Sink's count (X15)


def test_shorter_game_then_the_higher_spice_die_shai_hulud_counting_6_rerolled_while_tied():
    """X16: a roll-off rolled again while tied."""
    state = _last_turn({SIETCH_TABR: {FREMEN: 1}, ARRAKEEN: {ATREIDES: 1}})
    with rigged(3, 3, WORM, 4):  # first 4 against 4, then Shai-Hulud (6) against 5
        start_at(state, "turn_die")
    assert state.result.winners == (FREMEN,)
    ties = [e.data for e in state.events if e.kind == "tie_break"]
    assert [t.rolls for t in ties] == [(3, 3), (WORM, 4)] and ties[0].houses == (FREMEN, ATREIDES)


def test_shorter_game_the_game_goes_on_until_the_last_player_of_the_last_round():
    state = position((FREMEN, ATREIDES, HARKONNEN), active=ATREIDES, round=20, round_limit=20)
    set_dice(state, spice=1, territory=POLAR_SINK, houses=(HARKONNEN,) * 4)
    start_at(state, "turn_die")
    assert not state.over and deciding(state) == (HARKONNEN,)


def test_shorter_game_option_spellings():
    """X19: the fortress modification is `fortresses`; X26: `shorter:N` the main ending, `tiebreak` the alternative."""
    assert with_variants("houses,shorter:12,thumper,defence:none", players=3) == Options(
        players=3, abilities=True, round_limit=12, thumper=True, defence="none", ending="nobody")
    assert with_variants("shorter").round_limit == 20 and with_variants("shorter").ending == "nobody"
    assert with_variants("shorter:30,tiebreak").ending == "tiebreak"
    assert with_variants("houses,tiebreak").ending == "tiebreak"  # Manipulation's 20 rounds (X14)
    with pytest.raises(OptionsError, match="round limit"):
        with_variants("tiebreak")
    with pytest.raises(OptionsError):
        with_variants("fortress")


# ---------------------------------------------------------------- Thumper


def test_thumper_its_traitor_die_gives_thumper_tokens_and_no_truth_trance():
    state = new_game(Options(players=4, seed=2, thumper=True))
    assert state.supply == [4, 4, 0, 4]
    state = position((FREMEN, ATREIDES), thumper=True)
    set_dice(state, traitor=5)
    start_at(state, "traitor")
    assert state.holds(0, THUMPER) == 1 and state.holds(0, TRUTH_TRANCE) == 0


def test_thumper_two_thumper_tokens_at_most_and_three_tokens_in_all():
    state = position((FREMEN, ATREIDES), thumper=True, tokens={FREMEN: (THUMPER,)})
    set_dice(state, traitor=5)
    start_at(state, "traitor")
    assert state.holds(0, THUMPER) == 2
    state = position((FREMEN, ATREIDES), thumper=True, tokens={FREMEN: (THUMPER, THUMPER)})
    set_dice(state, traitor=5)
    start_at(state, "traitor")
    assert state.holds(0, THUMPER) == 2
    state = position((FREMEN, ATREIDES), thumper=True, tokens={FREMEN: (THUMPER, THUMPER, SNOOPER)})
    set_dice(state, traitor=SHIELD_FACE)
    start_at(state, "traitor")
    assert state.holds(0, SHIELD) == 0  # X7


def test_thumper_nothing_blocks_the_hunter_seeker():
    state = position((FREMEN, ATREIDES), thumper=True, troops={ARRAKEEN: {ATREIDES: 1}},
                     tokens={ATREIDES: (SNOOPER, SHIELD)})
    set_dice(state, traitor=HUNTER_SEEKER, territory=CARTHAG)
    start_at(state, "traitor")
    act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    assert units(state, ARRAKEEN, ATREIDES) == 0


def test_thumper_shai_hulud_is_set_aside_at_once_and_one_more_die_must_be():
    state = position((FREMEN, ATREIDES), thumper=True)
    with rigged(0, 0, 0, 0, WORM, 0, 0):
        start_at(state, "roll")
    assert state.kept == 1 << SPICE_DIE
    keeps = [a for a in options_of(state, FREMEN) if a[0] == "keep"]
    assert keeps and all(a[1] & (1 << SPICE_DIE) and a[1] != 1 << SPICE_DIE for a in keeps)
    assert ("thumper",) not in options_of(state, FREMEN)  # no token


def test_thumper_without_the_modification_shai_hulud_may_be_rerolled():
    state = position((FREMEN, ATREIDES))
    with rigged(0, 0, 0, 0, WORM, 0, 0):
        start_at(state, "roll")
    assert state.kept == 0 and ("keep", 1) in options_of(state, FREMEN)


def test_thumper_a_token_rerolls_shai_hulud():
    state = position((FREMEN, ATREIDES), thumper=True, tokens={FREMEN: (THUMPER,)})
    with rigged(0, 0, 0, 0, WORM, 0, 0, 2):
        start_at(state, "roll")
        act(state, FREMEN, ("thumper",))
    assert state.dice[SPICE_DIE] == 2 and state.holds(0, THUMPER) == 0 and state.supply[THUMPER] == 2
    assert not state.kept & (1 << SPICE_DIE)  # a number again: a die like the others (X8)


def test_thumper_with_shai_hulud_no_unit_moves():
    state = position((FREMEN, ATREIDES), thumper=True, troops={POLAR_SINK: {FREMEN: 3}})
    set_dice(state, houses=(FREMEN,) * 4, spice="worm", territory=CARTHAG)
    start_at(state, "turn_die")
    assert units(state, POLAR_SINK, FREMEN) == 3 and state.active == 1


# ---------------------------------------------------------------- Jiný počet zrádců (no / limited defence)


def test_no_defence_no_tokens_and_every_traitor_kills():
    """X18: with no defence a token's face does nothing."""
    state = new_game(Options(players=3, seed=1, defence="none"))
    assert state.supply == [0, 0, 0, 0]
    state = position((FREMEN, ATREIDES), defence="none", troops={ARRAKEEN: {ATREIDES: 1}})
    set_dice(state, traitor=SHIELD_FACE)
    start_at(state, "traitor")
    assert sum(state.tokens) == 0 and not [e for e in state.events if e.kind == "token_taken"]
    state = position((FREMEN, ATREIDES), defence="none", troops={ARRAKEEN: {ATREIDES: 1}})
    set_dice(state, traitor=CRYSKNIFE, territory=TUEKS_SIETCH)
    start_at(state, "traitor")
    act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    assert units(state, ARRAKEEN, ATREIDES) == 0


def test_limited_defence_one_token_of_each_kind_first_come_and_back_to_the_supply_when_played():
    """X17: limited is one of each token."""
    state = new_game(Options(players=5, seed=1, defence="limited", thumper=True))
    assert state.supply == [1, 1, 0, 1]
    state = position((FREMEN, ATREIDES), defence="limited", tokens={ATREIDES: (SNOOPER,)})
    set_dice(state, traitor=3)
    start_at(state, "traitor")
    assert state.holds(0, SNOOPER) == 0  # the Atreides hold the only Snooper
    state = position((FREMEN, ATREIDES), defence="limited", tokens={ATREIDES: (SNOOPER,)},
                     troops={ARRAKEEN: {ATREIDES: 1}})
    set_dice(state, traitor=POISON, territory=CARTHAG)
    start_at(state, "traitor")
    act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    act(state, ATREIDES, ("block",))
    assert state.supply[SNOOPER] == 1  # free for the next player to take


# ---------------------------------------------------------------- token counts of the players' choosing (X28)


def test_x28_token_counts_of_the_players_choosing_replace_their_kind_s():
    """JINÝ POČET ZRÁDCŮ: "Případně si počty upravit dle vlastního uvážení"; Thumper: "Počet obranných žetonů lze
    libovolně volit"."""
    assert new_game(with_variants("snooper:2,shield:0", players=4, seed=1)).supply == [2, 0, 4, 0]
    assert new_game(with_variants("defence:limited,trance:3", players=5, seed=1)).supply == [1, 1, 3, 0]
    o = with_variants("thumper:2,snooper:6", players=3, seed=1)
    assert o.thumper and o.tokens == (6, -1, -1, 2) and new_game(o).supply == [6, 3, 0, 2]
    assert with_variants("thumper,thumper:0", players=3).tokens == (-1, -1, -1, 0)


@pytest.mark.parametrize("text", ["snooper:7", "shield:x", "thumper,trance:1", "thumper:1,trance:2",
                                  "defence:none,snooper:1", "trance:-1"])
def test_x28_token_counts_within_the_box_and_the_game(text):
    with pytest.raises(OptionsError):
        with_variants(text, players=4)


def test_x28_a_kind_with_no_tokens_gives_none():
    state = new_game(with_variants("shield:0", players=2, seed=2))
    set_dice(state, traitor=SHIELD_FACE, territory=CARTHAG)
    texts = [e.text for e in state.events]
    start_at(state, "traitor")
    texts = [e.text for e in state.events[len(texts):]]
    assert sum(state.tokens) == 0 and state.supply == [2, 0, 2, 0] and any("cannot take a Shield" in t for t in texts)
