"""The houses' special abilities (SPECIÁLNÍ VLASTNOSTI RODŮ), one test or more per ability."""

import pytest

from dune_tui.games.express import Options, OptionsError, new_game, view
from dune_tui.games.express.api import HIDDEN
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
    SHIELD_FACE,
    SIETCH_TABR,
    SPICE_DIE,
    TERRITORY_DIE,
    TRAITOR_DIE,
    TUEKS_SIETCH,
    WORM,
)
from dune_tui.games.express.rules.battle import losses

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


def houses(*h, **kw):
    return position(h, abilities=True, **kw)


def test_no_bene_gesserit_in_a_2_player_game_with_the_abilities():
    """X3: only with the abilities; without them a house is a colour."""
    with pytest.raises(OptionsError):
        Options(players=2, houses=("bg", "fremen"), abilities=True)
    for seed in range(30):
        assert BENE_GESSERIT not in new_game(Options(players=2, seed=seed, abilities=True)).seat_house
    plain = new_game(Options(players=2, seed=1, houses=("bg", "fremen")))
    assert plain.seat_house == [BENE_GESSERIT, FREMEN]


# ---------------------------------------------------------------- Harkonnen: Ruthlessness


def test_ruthlessness_turns_the_traitor_die_to_a_traitor_at_the_end_of_the_roll():
    """X21: at the end of the roll, before the traitor die is evaluated."""
    state = houses(HARKONNEN, ATREIDES, troops={ARRAKEEN: {ATREIDES: 1}})
    set_dice(state, traitor=SHIELD_FACE, territory=CARTHAG)
    start_at(state, "turn_die")
    assert state.phase == "ruthlessness"
    assert set(options_of(state, HARKONNEN)) == {("pass",), ("turn", TRAITOR_DIE, POISON),
                                                 ("turn", TRAITOR_DIE, CRYSKNIFE), ("turn", TRAITOR_DIE, HUNTER_SEEKER)}
    act(state, HARKONNEN, ("turn", TRAITOR_DIE, CRYSKNIFE))
    act(state, HARKONNEN, ("traitor", ARRAKEEN, ATREIDES))
    assert units(state, ARRAKEEN, ATREIDES) == 0 and state.holds(0, 1) == 0  # no Shield taken


def test_ruthlessness_is_the_harkonnen_s_own_and_needs_the_abilities():
    state = position((HARKONNEN, ATREIDES))
    set_dice(state, traitor=SHIELD_FACE)
    start_at(state, "turn_die")
    assert state.phase != "ruthlessness"


# ---------------------------------------------------------------- Fremen: Wormriding, Desert Power


def test_wormriding_moves_up_to_5_fremen_from_one_territory_to_another_even_all_of_them():
    state = houses(FREMEN, ATREIDES, troops={CARTHAG: {FREMEN: 7}, SIETCH_TABR: {FREMEN: 2}, ARRAKEEN: {ATREIDES: 1}})
    set_dice(state, spice=WORM_SPICE, territory=TUEKS_SIETCH)
    start_at(state, "deploy")
    assert state.phase == "wormride"
    acts = options_of(state, FREMEN)
    assert ("wormride", CARTHAG, ARRAKEEN, 5) in acts and ("wormride", CARTHAG, ARRAKEEN, 6) not in acts
    assert ("wormride", SIETCH_TABR, ARRAKEEN, 2) in acts  # the territory may be left empty
    assert not any(a[1:3].count(POLAR_SINK) for a in acts if a[0] == "wormride")  # X11
    act(state, FREMEN, ("wormride", CARTHAG, ARRAKEEN, 5))
    act(state, FREMEN, ("pass",))  # Desert Power declined
    assert units(state, CARTHAG, FREMEN) == 2 and units(state, ARRAKEEN, FREMEN) == 4  # and the battle: 5 vs 1


def test_no_wormriding_without_the_worm():
    state = houses(FREMEN, ATREIDES, troops={CARTHAG: {FREMEN: 7}})
    set_dice(state, spice=2, territory=POLAR_SINK, houses=(ATREIDES,) * 4)
    start_at(state, "deploy")
    assert state.phase != "wormride" and state.active == 1


def test_desert_power_a_fremen_removed_elsewhere_makes_one_fighting_fremen_2_strong():
    """X13: once per battle, a troop from any other location."""
    state = houses(ATREIDES, FREMEN, troops={ARRAKEEN: {FREMEN: 2}, POLAR_SINK: {ATREIDES: 3, FREMEN: 1}})
    set_dice(state, houses=(FREMEN,) * 4, spice=3, territory=ARRAKEEN)
    start_at(state, "turn_die")
    act(state, ATREIDES, ("roll",)) if state.phase == "foresight" else None
    assert state.phase in ("foresight_change", "deploy")
    if state.phase == "foresight_change":
        act(state, ATREIDES, ("pass",))
    for _ in range(3):
        act(state, ATREIDES, ("move", POLAR_SINK, ATREIDES))
    assert deciding(state) == (FREMEN,) and state.phase == "desert_power"
    assert options_of(state, FREMEN) == [("pass",), ("desert_power", POLAR_SINK)]
    act(state, FREMEN, ("desert_power", POLAR_SINK))
    # Fremen 2 troops, one 2 strong: 3 against 3; the Atreides lose 3, the Fremen lose the plain troop, then 2
    # points of damage kill the strong one (X12): everyone dies.
    assert state.occupants(ARRAKEEN) == [] and units(state, POLAR_SINK, FREMEN) == 0


def test_desert_power_kills_one_more_attacker():
    state = houses(ATREIDES, FREMEN, troops={ARRAKEEN: {FREMEN: 3}, SIETCH_TABR: {FREMEN: 1},
                                             POLAR_SINK: {ATREIDES: 4}})
    set_dice(state, spice=4, territory=ARRAKEEN)
    start_at(state, "traitor")
    for _ in range(4):
        act(state, ATREIDES, ("move", POLAR_SINK, ATREIDES))
    texts = act(state, FREMEN, ("desert_power", SIETCH_TABR))
    # 3 Fremen, one 2 strong, against 4: no Atreides is left to hold Arrakeen (without it, 1 would be)
    assert units(state, ARRAKEEN, ATREIDES) == 0 and units(state, SIETCH_TABR, FREMEN) == 0
    assert any("Atreides 4 against Fremen 4" in t for t in texts)


# ---------------------------------------------------------------- Atreides: Foresight


def test_foresight_a_die_left_unrolled_then_any_one_die_turned_shai_hulud_too():
    """X4: one die turned, to any face."""
    state = houses(ATREIDES, FREMEN, troops={POLAR_SINK: {ATREIDES: 4}})
    with rigged(ATREIDES, ATREIDES, ATREIDES, ATREIDES, WORM, ARRAKEEN):  # the traitor die is not rolled
        start_at(state, "roll")
        assert state.phase == "foresight"
        act(state, ATREIDES, ("skip", TRAITOR_DIE))
    assert state.dice[TRAITOR_DIE] == -1 and state.dice[SPICE_DIE] == WORM
    assert all(a[0] != "keep" or a[1] & (1 << TRAITOR_DIE) for a in options_of(state, ATREIDES))
    act(state, ATREIDES, ("stop",))
    assert state.phase == "foresight_change"
    acts = options_of(state, ATREIDES)
    assert ("turn", SPICE_DIE, 4) in acts and not any(a[1] == TRAITOR_DIE for a in acts if a[0] == "turn")
    act(state, ATREIDES, ("turn", SPICE_DIE, 4))  # 5 spice
    assert state.phase == "deploy" and state.spice == 5 and state.target == ARRAKEEN


def test_foresight_declined_rolls_every_die_and_turns_none():
    state = houses(ATREIDES, FREMEN)
    start_at(state, "roll")
    act(state, ATREIDES, ("roll",))
    assert -1 not in state.dice
    act(state, ATREIDES, ("stop",))
    assert state.phase != "foresight_change"


# ---------------------------------------------------------------- Guild: Transportation, Monopoly


def test_transportation_the_guild_moves_units_to_the_territory_from_any_location():
    state = houses(GUILD, FREMEN, troops={CARTHAG: {GUILD: 2}, POLAR_SINK: {GUILD: 1}})
    set_dice(state, spice=3, territory=ARRAKEEN)
    start_at(state, "traitor")
    assert set(options_of(state, GUILD)) == {("done",), ("move", CARTHAG, GUILD), ("move", POLAR_SINK, GUILD)}


def test_transportation_into_the_polar_sink_too():
    state = houses(GUILD, FREMEN, troops={CARTHAG: {GUILD: 2}})
    set_dice(state, spice=3, territory=POLAR_SINK)
    start_at(state, "traitor")
    act(state, GUILD, ("move", CARTHAG, GUILD))
    assert units(state, POLAR_SINK, GUILD) == 1


def test_monopoly_turns_the_territory_die_before_landing():
    state = houses(GUILD, FREMEN)
    set_dice(state, houses=(GUILD,) * 4, spice=2, territory=POLAR_SINK)
    start_at(state, "turn_die")
    assert state.phase == "monopoly" and len(options_of(state, GUILD)) == 6
    act(state, GUILD, ("turn", TERRITORY_DIE, HABBANYA_SIETCH))
    act(state, GUILD, ("land", GUILD))
    assert units(state, HABBANYA_SIETCH, GUILD) == 1


# ---------------------------------------------------------------- Corrino: Financial Support, Sardaukar


def test_financial_support_stores_unspent_spice_up_to_5_and_adds_it_to_the_die():
    state = houses(CORRINO, FREMEN, store=2)  # the Czech example: 2 spice marked on the card
    set_dice(state, houses=(CORRINO,) * 4, spice=5, territory=ARRAKEEN)
    start_at(state, "turn_die")
    assert state.spice == 7
    act(state, CORRINO, ("land", CORRINO))
    act(state, CORRINO, ("done",))
    assert state.store == 5  # 6 left, 5 stored


def test_financial_support_the_worm_keeps_the_store_unspent():
    """X9: the worm stops landing, so the store is not spent."""
    state = houses(CORRINO, FREMEN, store=3, troops={POLAR_SINK: {CORRINO: 2}})
    set_dice(state, houses=(CORRINO,) * 4, spice=WORM_SPICE, territory=ARRAKEEN)
    start_at(state, "turn_die")
    assert state.store == 3 and units(state, POLAR_SINK, CORRINO) == 2 and state.active == 1


def test_sardaukar_cost_1_more_spice_and_a_symbol():
    state = houses(CORRINO, FREMEN)
    set_dice(state, houses=(CORRINO, CORRINO, FREMEN, FREMEN), spice=3, territory=ARRAKEEN)
    start_at(state, "turn_die")
    assert set(options_of(state, CORRINO)) == {("done",), ("land", CORRINO), ("land", SARDAUKAR)}
    act(state, CORRINO, ("land", SARDAUKAR))
    assert state.spice == 1 and state.symbols == 1 and state.reserve[SARDAUKAR] == 7
    assert ("land", SARDAUKAR) not in options_of(state, CORRINO)


@pytest.mark.parametrize(("plain", "heavy", "damage", "lost"), [
    (0, 1, 1, (0, 1)),  # the Czech note: a lone Sardaukar and a lone troop both die
    (0, 1, 2, (0, 1)),  # two troops are needed... and are enough
    (2, 1, 2, (2, 0)),  # Sardaukar die after the ordinary troops
    (1, 2, 3, (1, 1)),
    (1, 2, 4, (1, 2)),
])
def test_sardaukar_are_2_strong_and_die_after_the_ordinary_troops(plain, heavy, damage, lost):
    assert losses(plain, heavy, damage) == lost


def test_sardaukar_in_battle_kill_two_troops():
    state = houses(CORRINO, FREMEN, troops={POLAR_SINK: {SARDAUKAR: 1}, ARRAKEEN: {FREMEN: 3}})
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=ARRAKEEN)
    start_at(state, "turn_die")
    texts = act(state, CORRINO, ("move", POLAR_SINK, SARDAUKAR))
    check_invariants(state)
    assert units(state, ARRAKEEN, FREMEN) == 1 and units(state, ARRAKEEN, SARDAUKAR) == 0
    assert state.reserve[SARDAUKAR] == 8
    assert any("Corrino 2 against Fremen 3" in t for t in texts)


# ---------------------------------------------------------------- Bene Gesserit: Manipulation, Mind Reading


def test_manipulation_a_secret_round_then_a_win_in_that_round_is_the_bene_gesserit_s():
    """X24: any round from 1 to the limit."""
    state = new_game(Options(players=3, seed=5, houses=("bg", "fremen", "atreides"), abilities=True))
    assert state.phase == "predict" and deciding(state) == (BENE_GESSERIT,)
    assert options_of(state, BENE_GESSERIT) == [("predict", r) for r in range(1, 21)]  # X14: 20 rounds
    events = act(state, BENE_GESSERIT, ("predict", 4)) and state.events
    assert state.prediction == 4
    assert view(state, 1).prediction == HIDDEN and view(state, 0).prediction == 4
    secret = [e for e in events if e.kind == "prediction"]
    assert secret and all(e.to == (0,) for e in secret)


def test_manipulation_steals_the_win():
    state = houses(FREMEN, BENE_GESSERIT, ATREIDES, round=4, prediction=4,
                   troops={SIETCH_TABR: {FREMEN: 1}, ARRAKEEN: {FREMEN: 1}})
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert state.result.winners == (BENE_GESSERIT,) and state.result.reason == "manipulation"


def test_manipulation_another_round_s_win_stands():
    state = houses(FREMEN, BENE_GESSERIT, ATREIDES, round=3, prediction=4,
                   troops={SIETCH_TABR: {FREMEN: 1}, ARRAKEEN: {FREMEN: 1}})
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "deploy")
    act(state, FREMEN, ("land", FREMEN))
    assert state.result.winners == (FREMEN,)


def test_manipulation_without_a_shorter_game_nobody_wins_after_round_20():
    state = houses(FREMEN, BENE_GESSERIT, ATREIDES, round=20, prediction=7, active=ATREIDES)
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=CARTHAG)
    start_at(state, "turn_die")
    assert state.over and state.result.winners == () and state.result.reason == "nobody"


def test_mind_reading_the_bene_gesserit_cannot_be_a_traitor_s_target():
    state = houses(FREMEN, BENE_GESSERIT, ATREIDES, troops={ARRAKEEN: {BENE_GESSERIT: 2}, CARTHAG: {ATREIDES: 1}})
    set_dice(state, traitor=POISON, territory=TUEKS_SIETCH)
    start_at(state, "traitor")
    assert options_of(state, FREMEN) == [("pass",), ("traitor", CARTHAG, ATREIDES)]


def test_without_the_abilities_the_bene_gesserit_can_be_targeted():
    state = position((FREMEN, BENE_GESSERIT), troops={ARRAKEEN: {BENE_GESSERIT: 2}})
    set_dice(state, traitor=HUNTER_SEEKER, territory=TUEKS_SIETCH)
    start_at(state, "traitor")
    assert ("traitor", ARRAKEEN, BENE_GESSERIT) in options_of(state, FREMEN)


def test_x5_a_territory_die_left_unrolled_means_nowhere_to_land():
    state = houses(ATREIDES, FREMEN, troops={POLAR_SINK: {ATREIDES: 2}})
    with rigged(ATREIDES, ATREIDES, ATREIDES, ATREIDES, 3, 3):
        start_at(state, "roll")
        act(state, ATREIDES, ("skip", TERRITORY_DIE))
    act(state, ATREIDES, ("stop",))
    act(state, ATREIDES, ("pass",))  # Foresight: no die turned
    assert state.active == 1 and state.reserve[ATREIDES] == 16 and units(state, POLAR_SINK, ATREIDES) == 2


def test_x20_ruthlessness_and_monopoly_only_on_their_own_turn():
    state = houses(FREMEN, HARKONNEN, GUILD)
    set_dice(state, traitor=SHIELD_FACE, territory=CARTHAG)
    start_at(state, "turn_die")
    assert state.phase not in ("ruthlessness", "monopoly") and state.holds(0, 1) == 1


def test_x10_transportation_costs_1_spice_a_unit():
    state = houses(GUILD, FREMEN, troops={CARTHAG: {GUILD: 3}})
    set_dice(state, spice=2, territory=ARRAKEEN)
    start_at(state, "traitor")
    act(state, GUILD, ("move", CARTHAG, GUILD))
    act(state, GUILD, ("move", CARTHAG, GUILD))
    assert units(state, ARRAKEEN, GUILD) == 2 and units(state, CARTHAG, GUILD) == 1 and state.active == 1


def test_x23_manipulation_does_not_take_the_round_limit_s_winner():
    state = houses(FREMEN, BENE_GESSERIT, ATREIDES, active=ATREIDES, round=6, prediction=6, round_limit=6,
                   ending="tiebreak",
                   troops={SIETCH_TABR: {FREMEN: 1}, ARRAKEEN: {FREMEN: 1}})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=POLAR_SINK)
    start_at(state, "turn_die")
    assert state.result.winners == (FREMEN,) and state.result.reason == "round_limit"


# ---------------------------------------------------------------- rules pinned against a one-line break (issue 36)


def test_x10_x20_transportation_is_the_guild_s_own_while_the_guild_plays_others_move_from_the_polar_sink():
    state = houses(FREMEN, GUILD, troops={CARTHAG: {FREMEN: 2}, POLAR_SINK: {FREMEN: 1}})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=3, territory=ARRAKEEN)
    start_at(state, "traitor")
    assert set(options_of(state, FREMEN)) == {("done",), ("move", POLAR_SINK, FREMEN)}


def test_monopoly_turns_the_territory_die_to_the_polar_sink_too():
    state = houses(GUILD, FREMEN)
    set_dice(state, houses=(GUILD,) * 4, spice=2, territory=CARTHAG)
    start_at(state, "turn_die")
    assert ("turn", TERRITORY_DIE, POLAR_SINK) in options_of(state, GUILD)
    act(state, GUILD, ("turn", TERRITORY_DIE, POLAR_SINK))
    act(state, GUILD, ("land", GUILD))
    assert units(state, POLAR_SINK, GUILD) == 1


def test_x20_financial_support_the_store_stays_through_other_houses_turns():
    state = houses(FREMEN, CORRINO, store=3)
    set_dice(state, houses=(HARKONNEN,) * 4, spice=5, territory=CARTHAG)
    start_at(state, "turn_die")  # the Fremen land nothing: 5 spice are left at the end of their turn
    assert state.active_house == CORRINO and state.store == 3


def test_sardaukar_move_out_of_the_polar_sink_for_1_spice_like_any_unit():
    state = houses(CORRINO, FREMEN, troops={POLAR_SINK: {SARDAUKAR: 2}})
    set_dice(state, houses=(FREMEN,) * 4, spice=1, territory=ARRAKEEN)
    start_at(state, "turn_die")
    act(state, CORRINO, ("move", POLAR_SINK, SARDAUKAR))
    assert units(state, ARRAKEEN, SARDAUKAR) == 1 and state.store == 0
    state = houses(CORRINO, FREMEN, troops={POLAR_SINK: {SARDAUKAR: 2}})
    set_dice(state, houses=(FREMEN,) * 4, spice=2, territory=ARRAKEEN)
    start_at(state, "turn_die")
    act(state, CORRINO, ("move", POLAR_SINK, SARDAUKAR))
    check_invariants(state)
    assert state.phase == "deploy" and state.spice == 1
    act(state, CORRINO, ("move", POLAR_SINK, SARDAUKAR))
    assert units(state, ARRAKEEN, SARDAUKAR) == 2
