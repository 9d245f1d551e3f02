"""The map (R1), the region die (R2), setting up and seating (R12), the faction setups (1)...(8)."""

import pytest

from dune_tui.games.dune import Options, OptionsError, apply, legal_actions, new_game, opening_events
from dune_tui.games.dune.data import (
    ADJACENT,
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    BROKEN_LAND,
    CARTHAG,
    CIELAGO_PLAIN,
    CONSTRUCTION_KINDS,
    CORRINO,
    DESERT,
    FREMEN,
    GREAT_FLAT,
    GUILD,
    HABBANYA_SIETCH,
    HARKONNEN,
    MINOR_ERG,
    NON_STRATEGIC,
    POLAR_SINK,
    RING,
    SARDAUKAR,
    SIETCH_TABR,
    SMUGGLERS,
    STRATEGIC,
    TLEILAXU,
    TUEKS_SIETCH,
    ZONE,
    ZONE_REGIONS,
    storm_step,
)

from .scenario import at, board, check_invariants, deciding


def test_r1_zones_hold_the_regions_of_the_region_die():
    assert ZONE_REGIONS == {
        1: (CIELAGO_PLAIN,), 2: (HABBANYA_SIETCH, GREAT_FLAT), 3: (SIETCH_TABR,),
        4: (BROKEN_LAND, CARTHAG), 5: (ARRAKEEN,), 6: (MINOR_ERG, TUEKS_SIETCH),
    }
    assert ZONE[POLAR_SINK] == 0
    assert {HABBANYA_SIETCH, SIETCH_TABR, CARTHAG, ARRAKEEN, TUEKS_SIETCH} == STRATEGIC
    assert set(NON_STRATEGIC) == {CIELAGO_PLAIN, GREAT_FLAT, BROKEN_LAND, MINOR_ERG}
    assert {CIELAGO_PLAIN, HABBANYA_SIETCH, GREAT_FLAT, SIETCH_TABR, BROKEN_LAND} == DESERT


def test_r1_ring_order_each_region_borders_the_next_and_the_polar_sink():
    ring = (CIELAGO_PLAIN, HABBANYA_SIETCH, GREAT_FLAT, SIETCH_TABR, BROKEN_LAND, CARTHAG, ARRAKEEN, MINOR_ERG,
            TUEKS_SIETCH)
    for i, region in enumerate(ring):
        assert ADJACENT[region] == {ring[i - 1], ring[(i + 1) % 9], POLAR_SINK}
    assert ADJACENT[POLAR_SINK] == set(RING)


def test_r1_sietch_tabr_does_not_border_carthag_unlike_the_hungarian_example():
    """The Hungarian example turn says Tabr borders Carthag; R1's ring puts Broken Land between them."""
    assert CARTHAG not in ADJACENT[SIETCH_TABR]
    assert ADJACENT[SIETCH_TABR] == {GREAT_FLAT, BROKEN_LAND, POLAR_SINK}


@pytest.mark.parametrize(("zone", "face", "after"), [
    (5, 6, 4),  # the rulebook's example: face 6 is East, 5 -> 4
    (1, 1, 6), (3, 3, 2), (4, 4, 3),  # East faces 1, 3, 4, 6: n -> n-1, 1 -> 6
    (2, 2, 3), (6, 5, 1), (6, 2, 1),  # West faces 2 and 5: n -> n+1, 6 -> 1
])
def test_r2_region_die_arrows(zone, face, after):
    assert storm_step(zone, face) == after


def test_r12_factions_are_chosen_from_right_of_the_first_player_counter_clockwise():
    state = new_game(Options(players=4, seed=1, faction_choice="choose"))
    asked = []
    while state.phase == "choose_faction":
        (seat,) = state.awaiting
        asked.append(seat)
        choices = legal_actions(state, seat)
        assert {a[1] for a in choices} <= {ATREIDES, HARKONNEN, FREMEN, CORRINO, GUILD}  # R12 at 4 players
        apply(state, seat, choices[-1])
    assert asked == [3, 2, 1, 0]  # the first player (seat 0) picks last


@pytest.mark.parametrize(("players", "faction", "least"), [
    (4, "bg", 5), (5, "tleilaxu", 6), (5, "smugglers", 6),
])
def test_r12_bene_gesserit_needs_5_tleilaxu_and_smugglers_6(players, faction, least):
    factions = (faction, "atreides", "harkonnen", "fremen", "corrino")[:players]
    with pytest.raises(OptionsError, match=f"needs at least {least} players"):
        Options(players=players, factions=factions)


def test_r12_options_refuse_bad_counts_and_duplicates():
    with pytest.raises(OptionsError, match="players must be 2 to 8"):
        Options(players=9)
    with pytest.raises(OptionsError, match="a faction can be played by one seat only"):
        Options(players=2, factions=("atreides", "atreides"))
    with pytest.raises(OptionsError, match="unknown faction"):
        Options(players=2, factions=("atreides", "ixians"))


def test_r12_setup_one_construction_on_each_strategic_region_and_the_sixth_to_the_harkonnen():
    state = new_game(Options(players=4, seed=3, factions=("guild", "corrino", "harkonnen", "atreides")))
    assert [state.constr[r] != 0 for r in RING] == [r in STRATEGIC for r in RING]
    assert 1 <= state.storm <= 6
    apply(state, state.faction_seat[ATREIDES], ("setup", CIELAGO_PLAIN))
    apply(state, state.faction_seat[HARKONNEN], ("setup", MINOR_ERG))
    assert sorted(state.constr) == sorted([0, 0, 0, *CONSTRUCTION_KINDS, *CONSTRUCTION_KINDS])
    assert state.constr[MINOR_ERG] != 0


def test_r12_faction_setups_in_card_order_with_all_eight():
    keys = ("atreides", "harkonnen", "fremen", "tleilaxu", "corrino", "guild", "bg", "smugglers")
    state = new_game(Options(players=8, seed=5, factions=keys))
    opening_events(state)
    # (1) Atreides choose a non-strategic region; (2) the Harkonnen another one (H16).
    assert deciding(state) == (ATREIDES,) and state.phase == "setup_atreides"
    assert legal_actions(state, 0) == [("setup", r) for r in NON_STRATEGIC]
    apply(state, 0, ("setup", GREAT_FLAT))
    assert deciding(state) == (HARKONNEN,) and state.phase == "setup_harkonnen"
    apply(state, 1, ("setup", BROKEN_LAND))
    # (7) the Bene Gesserit predict, after (3)...(6) set up automatically.
    assert deciding(state) == (BENE_GESSERIT,) and state.phase == "setup_prediction"
    events = apply(state, 6, ("predict", CORRINO))
    assert [e.text for e in events if e.to == (6,)] == ["The Bene Gesserit secretly predict the Corrino will win."]
    assert "The Bene Gesserit write down their secret prediction." in [e.text for e in events if e.to is None]
    assert board(state) == {
        CIELAGO_PLAIN: {FREMEN: 1}, GREAT_FLAT: {ATREIDES: 2}, BROKEN_LAND: {HARKONNEN: 2}, MINOR_ERG: {FREMEN: 1},
        POLAR_SINK: {TLEILAXU: 2, BENE_GESSERIT: 3, SMUGGLERS: 3},
    }
    assert state.card == [0, 0, 0, 2, 1, 3, 0, 0, 1]  # Tleilaxu 2, Corrino 1 and a Sardaukar, Guild 3
    assert state.card[SARDAUKAR] == 1
    assert state.lcard == [2, 0, 1, 1, 1, 1, 1, 1]  # the Baron waits in reserve; Leto and Duncan on the card
    assert state.store[CORRINO] == 3 and state.store[GUILD] == 1
    assert state.prediction == CORRINO
    # The first player rolls.
    assert state.phase == "roll" and state.awaiting == (0,) and state.round == 1
    check_invariants(state)


def test_r12_fremen_take_every_unoccupied_non_strategic_region():
    state = new_game(Options(players=3, seed=2, factions=("fremen", "corrino", "guild")))
    assert {r: at(state, r) for r in NON_STRATEGIC} == {r: {FREMEN: 1} for r in NON_STRATEGIC}
    assert state.reserve[FREMEN] == 8 - 4


def test_h16_harkonnen_set_up_in_a_region_the_atreides_left_empty():
    state = new_game(Options(players=3, seed=2, factions=("atreides", "harkonnen", "fremen")))
    apply(state, 0, ("setup", MINOR_ERG))
    assert legal_actions(state, 1) == [("setup", r) for r in (CIELAGO_PLAIN, GREAT_FLAT, BROKEN_LAND)]
    apply(state, 1, ("setup", CIELAGO_PLAIN))
    assert at(state, GREAT_FLAT) == at(state, BROKEN_LAND) == {FREMEN: 1}  # 2 regions left, as the card says


def test_h8_bene_gesserit_may_predict_the_guild_even_unplayed_but_not_themselves():
    state = new_game(Options(players=5, seed=4, factions=("fremen", "corrino", "bg", "atreides", "harkonnen")))
    apply(state, 3, ("setup", CIELAGO_PLAIN))
    apply(state, 4, ("setup", MINOR_ERG))
    assert state.phase == "setup_prediction"
    assert {a[1] for a in legal_actions(state, 2)} == {FREMEN, CORRINO, ATREIDES, HARKONNEN, GUILD}


def test_r12_random_deal_gives_distinct_available_factions():
    for players in range(2, 9):
        state = new_game(Options(players=players, seed=players))
        factions = state.seat_faction
        assert len(set(factions)) == players
        assert all(players >= {BENE_GESSERIT: 5, TLEILAXU: 6, SMUGGLERS: 6}.get(f, 2) for f in factions)
