"""The base game of Dune Express, rule by rule, and the Czech text's examples (its sections named)."""

import pytest

from dune_tui.games.express import Options, OptionsError, new_game
from dune_tui.games.express.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CORRINO,
    CRYSKNIFE,
    FREMEN,
    GUILD,
    HABBANYA_SIETCH,
    HARKONNEN,
    HUNTER_SEEKER,
    POISON,
    POLAR_SINK,
    SARDAUKAR,
    SHIELD,
    SHIELD_FACE,
    SIETCH_TABR,
    SNOOPER,
    SNOOPER_FACE,
    SPICE_DIE,
    TRUTH_TRANCE,
    TUEKS_SIETCH,
)

from .scenario import (
    WORM_SPICE,
    act,
    check_invariants,
    deciding,
    options_of,
    position,
    rigged,
    set_dice,
    start_at,
    units,
)

# ---------------------------------------------------------------- PŘÍPRAVA HRY (setting up)


def test_setup_each_house_has_its_18_troops_and_one_token_of_each_kind_per_player():
    """X1: the box's 18 troops a house; X17: as many of each token as players."""
    state = new_game(Options(players=6, seed=3))
    assert sorted(state.seat_house) == [0, 1, 2, 3, 4, 5]
    assert state.reserve[:6] == [18] * 6 and sum(state.board) == 0
    assert state.supply == [6, 6, 6, 0]  # Shield, Snooper, Truth Trance: as many as players ("Příprava hry pro 6")


def test_x1_troops_are_unlimited_a_house_with_all_18_on_the_board_lands_what_the_dice_pay_for():
    """HERNÍ KOMPONENTY: "Počet vojenských jednotek na hráče není nijak omezen" (the 18 are only the box's)."""
    state = position((FREMEN, ATREIDES), troops={POLAR_SINK: {FREMEN: 15}, CARTHAG: {FREMEN: 3}})
    assert state.reserve[FREMEN] == 0
    set_dice(state, houses=(FREMEN,) * 4, spice=3, territory=CARTHAG)
    start_at(state, "deploy")
    for _ in range(3):
        assert ("land", FREMEN) in options_of(state, FREMEN)
        act(state, FREMEN, ("land", FREMEN))
        check_invariants(state)
    assert units(state, CARTHAG, FREMEN) == 6 and state.on_board(FREMEN) == 21 and state.reserve[FREMEN] == 0
    state.board[CARTHAG * 7 + FREMEN] -= 4  # four die: 17 on the board, one token back in the box
    state.recount(FREMEN)
    assert state.reserve[FREMEN] == 1
    check_invariants(state)


def test_x1_sardaukar_are_unlimited_too():
    state = position((CORRINO, ATREIDES), abilities=True, troops={POLAR_SINK: {SARDAUKAR: 8}})
    set_dice(state, houses=(CORRINO,) * 4, spice=4, territory=CARTHAG)
    start_at(state, "turn_die")
    act(state, CORRINO, ("land", SARDAUKAR))
    assert units(state, CARTHAG, SARDAUKAR) == 1 and state.reserve[SARDAUKAR] == 0
    check_invariants(state)


def test_setup_the_first_player_is_the_house_die_rolled_until_it_shows_a_house_in_play():
    """X2: rolled until the die shows a house in play."""
    with rigged(BENE_GESSERIT, GUILD, ATREIDES, FREMEN):
        state = new_game(Options(players=3, seed=1, houses=("harkonnen", "fremen", "atreides")))
    first = next(e for e in state.events if e.kind == "first_player")
    assert first.data.rolls == (BENE_GESSERIT, GUILD, ATREIDES)
    assert state.first == state.active == 2 and state.seat_house[state.active] == ATREIDES


def test_setup_player_counts_are_2_to_6():
    for bad in (1, 7):
        with pytest.raises(OptionsError):
            Options(players=bad)


# ---------------------------------------------------------------- Hod kostkami (rolling)


def test_roll_before_each_reroll_at_least_one_die_is_set_aside_and_stays():
    state = position((FREMEN, ATREIDES))
    with rigged(*[1] * 7):
        start_at(state, "roll")
    assert state.phase == "roll" and ("keep", 0) not in options_of(state, FREMEN)
    assert all(a[0] != "keep" or a[1] & ~0 for a in options_of(state, FREMEN))
    with rigged(*[2] * 6):
        act(state, FREMEN, ("keep", 1 << SPICE_DIE))
    assert state.dice[SPICE_DIE] == 1 and state.dice[0] == 2  # the kept die was not rerolled
    assert all(a[0] != "keep" or a[1] & (1 << SPICE_DIE) for a in options_of(state, FREMEN))


def test_roll_at_most_as_many_rolls_as_dice():
    state = position((FREMEN, ATREIDES))
    start_at(state, "roll")
    rolls = 1
    while ("stop",) in options_of(state, FREMEN) and len(options_of(state, FREMEN)) > 1:
        keeps = [a for a in options_of(state, FREMEN) if a[0] == "keep"]
        act(state, FREMEN, min(keeps, key=lambda a: bin(a[1]).count("1")))  # set aside one die at a time
        rolls += 1
        if state.phase != "roll":
            break
    assert rolls == 7  # 7 dice: the 7th roll leaves one die, which cannot be rerolled alone


# ---------------------------------------------------------------- Vyhodnocení kostky zrádce (traitor die)


@pytest.mark.parametrize(("face", "token"), [(SNOOPER_FACE, SNOOPER), (SHIELD_FACE, SHIELD), (5, TRUTH_TRANCE)])
def test_traitor_die_a_defence_face_gives_that_token_from_the_supply(face, token):
    state = position((FREMEN, ATREIDES))
    set_dice(state, traitor=face, spice=1, territory=POLAR_SINK)
    start_at(state, "traitor")
    assert state.holds(0, token) == 1 and state.supply[token] == 1


def test_traitor_die_no_player_holds_two_tokens_of_a_kind():
    state = position((FREMEN, ATREIDES), tokens={FREMEN: (SHIELD,)})
    set_dice(state, traitor=SHIELD_FACE)
    start_at(state, "traitor")
    assert state.holds(0, SHIELD) == 1 and state.supply[SHIELD] == 1


def test_traitor_kills_one_enemy_unit_anywhere_the_polar_sink_too_never_ones_own():
    """X6: any one enemy unit, the Polar Sink's too; optional."""
    state = position((FREMEN, ATREIDES, HARKONNEN),
                     troops={ARRAKEEN: {ATREIDES: 2}, POLAR_SINK: {HARKONNEN: 1, FREMEN: 3}, CARTHAG: {FREMEN: 1}})
    set_dice(state, traitor=POISON, territory=CARTHAG)
    start_at(state, "traitor")
    assert deciding(state) == (FREMEN,)
    assert set(options_of(state, FREMEN)) == {("pass",), ("traitor", ARRAKEEN, ATREIDES),
                                              ("traitor", POLAR_SINK, HARKONNEN)}
    act(state, FREMEN, ("traitor", POLAR_SINK, HARKONNEN))
    assert units(state, POLAR_SINK, HARKONNEN) == 0 and state.reserve[HARKONNEN] == 18


def test_the_traitors_panel_says_who_may_block_the_weapon():
    """Issue 45: the line under the question says who holds the token that blocks the weapon (X6, X7)."""
    from dune_tui.games.express.describe import traitor_text

    state = position((FREMEN, ATREIDES, HARKONNEN), troops={ARRAKEEN: {ATREIDES: 2}, POLAR_SINK: {HARKONNEN: 1}},
                     tokens={HARKONNEN: (SNOOPER,)})
    set_dice(state, traitor=POISON, territory=CARTHAG)
    start_at(state, "traitor")
    assert traitor_text(state) == "Poison: the Harkonnen may block it with a Snooper."
    state.tokens[state.house_seat[HARKONNEN] * 4 + SNOOPER] = 0
    assert traitor_text(state) == "Poison: nobody holds a Snooper to block it."


def test_traitor_texts_say_an_atreides_unit():
    """Issue 33: "a Atreides": the option, the log's traitor line and its death line read "an Atreides"."""
    from dune_tui.games.express.describe import action_text

    state = position((FREMEN, ATREIDES, HARKONNEN), troops={ARRAKEEN: {ATREIDES: 2}, POLAR_SINK: {HARKONNEN: 1}})
    set_dice(state, traitor=POISON, territory=CARTHAG)
    start_at(state, "traitor")
    assert action_text(state, ("traitor", ARRAKEEN, ATREIDES)) == "Poison: an Atreides unit in Arrakeen"
    assert action_text(state, ("traitor", POLAR_SINK, HARKONNEN)) == "Poison: a Harkonnen unit in Polar Sink"
    texts = act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    assert "Poison: the Fremen play a traitor on an Atreides unit in Arrakeen." in texts
    assert "An Atreides unit dies in Arrakeen." in texts
    assert not any(" a Atreides" in t or t.startswith("A Atreides") for t in texts)


@pytest.mark.parametrize(("face", "token"), [(POISON, SNOOPER), (CRYSKNIFE, SHIELD), (HUNTER_SEEKER, TRUTH_TRANCE)])
def test_traitor_the_matching_token_blocks_and_goes_back_to_the_supply(face, token):
    state = position((FREMEN, ATREIDES), troops={ARRAKEEN: {ATREIDES: 2}}, tokens={ATREIDES: (token,)})
    set_dice(state, traitor=face, territory=CARTHAG)
    start_at(state, "traitor")
    act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    assert deciding(state) == (ATREIDES,) and state.phase == "block"
    act(state, ATREIDES, ("block",))
    assert units(state, ARRAKEEN, ATREIDES) == 2 and state.holds(1, token) == 0 and state.supply[token] == 2


def test_traitor_the_owner_may_keep_the_token_and_lose_the_unit():
    state = position((FREMEN, ATREIDES), troops={ARRAKEEN: {ATREIDES: 2}}, tokens={ATREIDES: (SNOOPER,)})
    set_dice(state, traitor=POISON, territory=CARTHAG)
    start_at(state, "traitor")
    act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    act(state, ATREIDES, ("allow",))
    assert units(state, ARRAKEEN, ATREIDES) == 1 and state.holds(1, SNOOPER) == 1


def test_traitor_another_token_does_not_block():
    state = position((FREMEN, ATREIDES), troops={ARRAKEEN: {ATREIDES: 2}}, tokens={ATREIDES: (SHIELD, TRUTH_TRANCE)})
    set_dice(state, traitor=POISON, territory=CARTHAG)
    start_at(state, "traitor")
    act(state, FREMEN, ("traitor", ARRAKEEN, ATREIDES))
    assert units(state, ARRAKEEN, ATREIDES) == 1 and state.phase != "block"


# ---------------------------------------------------------------- Přesun jednotek (moving troops)


def test_example_fremen_rolled_1_fremen_2_corrino_1_atreides_may_land_one_fremen():
    state = position((FREMEN, CORRINO, ATREIDES))
    set_dice(state, houses=(FREMEN, CORRINO, CORRINO, ATREIDES), spice=3, territory=ARRAKEEN)
    start_at(state, "deploy")
    assert options_of(state, FREMEN) == [("done",), ("land", FREMEN)]
    texts = act(state, FREMEN, ("land", FREMEN))
    assert units(state, ARRAKEEN, FREMEN) == 1 and "The Fremen land 1 Fremen troop in Arrakeen (1 spice)." in texts
    assert deciding(state) == (CORRINO,)  # no symbol left and nothing in the Polar Sink: the turn ends


def test_x22_one_purse_pays_for_landing_and_moving_and_what_is_left_is_lost():
    state = position((FREMEN, ATREIDES), troops={POLAR_SINK: {FREMEN: 2}})
    set_dice(state, houses=(FREMEN,) * 4, spice=2, territory=ARRAKEEN)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert ("move", POLAR_SINK, FREMEN) in options_of(state, FREMEN) and ("land", FREMEN) in options_of(state, FREMEN)
    act(state, FREMEN, ("move", POLAR_SINK, FREMEN))  # the second spice: the purse is empty, the deploy ends
    assert units(state, ARRAKEEN, FREMEN) == 2 and units(state, POLAR_SINK, FREMEN) == 1
    assert state.phase != "deploy"
    state = position((FREMEN, ATREIDES))
    set_dice(state, houses=(FREMEN,) * 4, spice=3, territory=ARRAKEEN)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    act(state, FREMEN, ("done",))  # 2 spice unspent
    state.turn, state.active = state.turn + 1, state.house_seat[FREMEN]  # Fremen's next turn, 1 spice rolled
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert units(state, CARTHAG, FREMEN) == 1 and ("land", FREMEN) not in options_of(state, FREMEN)


def test_example_a_spice_die_of_3_lands_at_most_3_units():
    state = position((FREMEN, ATREIDES))
    set_dice(state, houses=(FREMEN,) * 4, spice=3, territory=TUEKS_SIETCH)
    start_at(state, "deploy")
    for _ in range(3):
        act(state, FREMEN, ("land", FREMEN))
    assert units(state, TUEKS_SIETCH, FREMEN) == 3 and state.reserve[FREMEN] == 15 and state.phase != "deploy"


def test_landing_needs_spice_one_per_unit():
    state = position((FREMEN, ATREIDES))
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=TUEKS_SIETCH)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert units(state, TUEKS_SIETCH, FREMEN) == 1 and state.phase != "deploy"


def test_the_polar_sink_sends_any_number_of_units_to_the_territory_for_1_spice_each():
    state = position((FREMEN, ATREIDES), troops={POLAR_SINK: {FREMEN: 5}, CARTHAG: {FREMEN: 2}})
    set_dice(state, houses=(ATREIDES,) * 4, spice=4, territory=HABBANYA_SIETCH)
    start_at(state, "deploy")
    assert options_of(state, FREMEN) == [("done",), ("move", POLAR_SINK, FREMEN)]  # Carthag's may not move
    for _ in range(4):
        act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    assert units(state, HABBANYA_SIETCH, FREMEN) == 4 and units(state, POLAR_SINK, FREMEN) == 1


def test_the_polar_sink_is_reached_only_by_landing():
    state = position((FREMEN, ATREIDES), troops={CARTHAG: {FREMEN: 2}})
    set_dice(state, houses=(FREMEN,) * 4, spice=5, territory=POLAR_SINK)
    start_at(state, "deploy")
    assert options_of(state, FREMEN) == [("done",), ("land", FREMEN)]


def test_shai_hulud_stops_landing_and_moving_from_the_polar_sink_but_not_the_other_dice():
    state = position((FREMEN, ATREIDES), troops={POLAR_SINK: {FREMEN: 5}, ARRAKEEN: {ATREIDES: 1}})
    set_dice(state, houses=(FREMEN,) * 4, spice=WORM_SPICE, territory=CARTHAG, traitor=POISON)
    start_at(state, "turn_die")
    assert state.phase == "traitor"  # the traitor die still works
    act(state, FREMEN, ("pass",))
    assert units(state, POLAR_SINK, FREMEN) == 5 and units(state, CARTHAG, FREMEN) == 0
    assert state.active == 1  # the turn ended with nothing to land or move


# ---------------------------------------------------------------- Vyhodnocení souboje (battle)


def test_example_three_fremen_attack_two_atreides_and_one_fremen_remains():
    """X25: the active player's house attacks."""
    state = position((FREMEN, ATREIDES), troops={POLAR_SINK: {FREMEN: 3}, ARRAKEEN: {ATREIDES: 2}})
    set_dice(state, houses=(ATREIDES,) * 4, spice=3, territory=ARRAKEEN)
    start_at(state, "deploy")
    act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    texts = act(state, FREMEN, ("move", POLAR_SINK, FREMEN))  # the spice is spent: the battle follows
    assert units(state, ARRAKEEN, FREMEN) == 1 and units(state, ARRAKEEN, ATREIDES) == 0
    assert state.reserve[FREMEN] == 18 - 1 and state.reserve[ATREIDES] == 18
    assert "Battle in Arrakeen: Fremen 3 against Atreides 2; the Fremen lose 2, the Atreides lose 2." in texts


def test_equal_forces_destroy_each_other():
    state = position((FREMEN, ATREIDES), troops={ARRAKEEN: {ATREIDES: 2}})
    set_dice(state, houses=(FREMEN,) * 4, spice=2, territory=ARRAKEEN)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    act(state, FREMEN, ("land", FREMEN))
    assert state.occupants(ARRAKEEN) == []


def test_no_battle_in_the_polar_sink_every_house_coexists_there():
    state = position((FREMEN, ATREIDES), troops={POLAR_SINK: {ATREIDES: 4}})
    set_dice(state, houses=(FREMEN,) * 4, spice=2, territory=POLAR_SINK)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    act(state, FREMEN, ("land", FREMEN))
    assert units(state, POLAR_SINK, FREMEN) == 2 and units(state, POLAR_SINK, ATREIDES) == 4


# ---------------------------------------------------------------- Konec hry (the end)


def _three_held(house, other, players):
    troops = {SIETCH_TABR: {house: 1}, ARRAKEEN: {house: 1}, POLAR_SINK: {house: 3}}
    houses = (house, other, *(HARKONNEN, GUILD, BENE_GESSERIT, CORRINO)[:players - 2])
    return position(houses, troops=troops)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_holding_3_territories_at_the_end_of_ones_turn_wins(players):
    state = _three_held(FREMEN, ATREIDES, players)
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert state.over and state.result.winners == (FREMEN,) and state.result.reason == "territories"


def test_two_players_need_4_territories_and_the_polar_sink_does_not_count():
    state = _three_held(FREMEN, ATREIDES, 2)
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert not state.over and state.held(FREMEN) == 3
    state = _three_held(FREMEN, ATREIDES, 2)
    state.board[CARTHAG * 7 + FREMEN] = 1
    state.reserve[FREMEN] -= 1
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=TUEKS_SIETCH)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert state.over and state.result.winners == (FREMEN,)


def test_only_the_player_ending_their_turn_can_win():
    state = _three_held(ATREIDES, FREMEN, 3)  # the Atreides hold 3 territories, but it is the Fremen's turn
    state.active = 1
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "deploy")
    assert not state.over and state.active == 2
