"""8. Construction (R11, H10) and 9. the storm (R2, R11, H3, H12)."""

from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BROKEN_LAND,
    CARTHAG,
    CIELAGO_PLAIN,
    CORRINO,
    FORTIFICATION,
    FREMEN,
    GREAT_FLAT,
    GUILD,
    HABBANYA_SIETCH,
    HARKONNEN,
    HARVESTER,
    MINOR_ERG,
    ORNITHOPTER,
    POLAR_SINK,
    SARDAUKAR,
    SIETCH_TABR,
    TUEKS_SIETCH,
)

from .scenario import act, at, deciding, legal, position, roll, start_at

FOUR = (ATREIDES, HARKONNEN, FREMEN, CORRINO)
FIVE = (ATREIDES, HARKONNEN, FREMEN, CORRINO, GUILD)


def constructing(factions=FOUR, *, target, ally=None, **kw):
    state = position(factions, **kw)
    roll(state)
    state.target = target
    if ally is not None:
        state.ally = ally
    texts = start_at(state, "construction")
    return state, texts


def test_h10_construction_in_the_held_target_swap_for_another_kind_demolish_or_pass():
    state, _ = constructing(target=CARTHAG, troops={CARTHAG: {ATREIDES: 1}},
                            constructions={CARTHAG: HARVESTER, ARRAKEEN: FORTIFICATION, SIETCH_TABR: FORTIFICATION})
    assert deciding(state) == (ATREIDES,) and state.phase == "construct"
    # H10: not the same kind again; no Fortification: both are on the map.
    assert legal(state, ATREIDES) == [("pass",), ("build", ORNITHOPTER), ("demolish",)]
    texts = act(state, ATREIDES, ("build", ORNITHOPTER))
    assert texts[:2] == ["Atreides returns the Harvester in Carthag to the pool.",
                         "Atreides builds an Ornithopter in Carthag."]
    assert state.constr[CARTHAG] == ORNITHOPTER


def test_r11_construction_in_an_empty_held_target():
    state, _ = constructing(target=MINOR_ERG, troops={MINOR_ERG: {ATREIDES: 1}})
    assert legal(state, ATREIDES) == [("pass",), ("build", FORTIFICATION), ("build", HARVESTER),
                                      ("build", ORNITHOPTER)]


def test_r11_construction_with_the_ally_holding_the_target_with_the_active_player():
    state, _ = constructing(target=MINOR_ERG, ally=HARKONNEN, troops={MINOR_ERG: {ATREIDES: 1, HARKONNEN: 1}})
    assert state.phase == "construct"


def test_h20_construction_when_the_ally_alone_holds_the_target():
    state, _ = constructing(target=MINOR_ERG, ally=HARKONNEN, troops={MINOR_ERG: {HARKONNEN: 2}})
    assert deciding(state) == (ATREIDES,) and state.phase == "construct"


def test_r11_no_construction_unless_the_active_side_alone_holds_the_target():
    state, _ = constructing(target=MINOR_ERG, troops={MINOR_ERG: {HARKONNEN: 1}})
    assert state.phase != "construct"
    state, _ = constructing(target=MINOR_ERG, troops={})
    assert state.phase != "construct"
    state, _ = constructing(target=POLAR_SINK, troops={POLAR_SINK: {ATREIDES: 3}})
    assert state.phase != "construct"


def test_r11_no_construction_when_the_pool_is_empty_and_nothing_stands_there():
    full = {HABBANYA_SIETCH: FORTIFICATION, SIETCH_TABR: FORTIFICATION, CARTHAG: HARVESTER, ARRAKEEN: HARVESTER,
            TUEKS_SIETCH: ORNITHOPTER, CIELAGO_PLAIN: ORNITHOPTER}
    state, _ = constructing(target=MINOR_ERG, troops={MINOR_ERG: {ATREIDES: 1}}, constructions=full)
    assert state.phase != "construct"


def test_r11_the_storm_moves_only_on_spice_3_4_5():
    for spice, moved in ((1, False), (2, False), (3, True), (4, True), (5, True), (0, False)):
        state = position(FOUR, storm=3)
        roll(state, region=1, spice=spice)
        start_at(state, "storm")
        assert (state.storm != 3) == moved, spice


def test_r11_storm_kills_one_troop_of_each_faction_in_an_unfortified_desert_not_the_fremen():
    state = position(FIVE, storm=1, troops={HABBANYA_SIETCH: {ATREIDES: 2, HARKONNEN: 1, FREMEN: 2, GUILD: 2},
                                            GREAT_FLAT: {CORRINO: 1}}, constructions={GREAT_FLAT: ORNITHOPTER})
    roll(state, region=2, spice=3)  # West: zone 1 -> 2 (Habbanya Sietch and Great Flat)
    texts = start_at(state, "storm")
    assert texts[:6] == [
        "The storm moves West from zone 1 to zone 2 (Habbanya Sietch and Great Flat).",
        "Atreides loses an Atreides troop in Habbanya Sietch (the storm); it goes to the reserve.",
        "Harkonnen loses a Harkonnen troop in Habbanya Sietch (the storm); it goes to the reserve.",
        "Spacing Guild loses a Spacing Guild troop in Habbanya Sietch (the storm); it goes to the faction card.",
        "Corrino loses a Corrino troop in Great Flat (the storm); it goes to the reserve.",
        "The storm destroys the Ornithopter in Great Flat.",
    ]
    assert at(state, HABBANYA_SIETCH) == {ATREIDES: 1, FREMEN: 2, GUILD: 1}  # H12: the Guild's to its card
    assert state.card[GUILD] == 1 and at(state, GREAT_FLAT) == {} and state.constr[GREAT_FLAT] == 0


def test_r11_a_fortification_shelters_a_desert_from_the_storm():
    state = position(FOUR, storm=2, troops={SIETCH_TABR: {ATREIDES: 2}}, constructions={SIETCH_TABR: FORTIFICATION})
    roll(state, region=5, spice=4)
    start_at(state, "storm")
    assert state.storm == 3 and at(state, SIETCH_TABR) == {ATREIDES: 2}


def test_r11_the_storm_spares_non_desert_regions_and_their_ornithopters():
    state = position(FOUR, storm=3, troops={CARTHAG: {ATREIDES: 2}, BROKEN_LAND: {HARKONNEN: 1}},
                     constructions={CARTHAG: ORNITHOPTER})
    roll(state, region=5, spice=5)  # West: 3 -> 4
    start_at(state, "storm")
    assert at(state, CARTHAG) == {ATREIDES: 2} and state.constr[CARTHAG] == ORNITHOPTER
    assert at(state, BROKEN_LAND) == {}


def test_h3_the_corrino_lose_a_regular_troop_before_a_sardaukar():
    state = position(FOUR, storm=2, troops={SIETCH_TABR: {CORRINO: 1, SARDAUKAR: 1}, BROKEN_LAND: {SARDAUKAR: 1}})
    roll(state, region=5, spice=4)  # 2 -> 3
    start_at(state, "storm")
    assert at(state, SIETCH_TABR) == {SARDAUKAR: 1}
    state = position(FOUR, storm=3, troops={BROKEN_LAND: {SARDAUKAR: 2}})
    roll(state, region=5, spice=4)  # 3 -> 4: only Sardaukar there
    start_at(state, "storm")
    assert at(state, BROKEN_LAND) == {SARDAUKAR: 1}


def test_h12_the_storm_sends_the_active_players_troops_to_its_card_when_allied_with_the_guild():
    state = position(FIVE, storm=2, troops={SIETCH_TABR: {ATREIDES: 2, HARKONNEN: 1}})
    roll(state, region=5, spice=3)
    state.ally = GUILD
    start_at(state, "storm")
    assert state.card[ATREIDES] == 1 and state.reserve[HARKONNEN] == 12


def test_r11_regions_under_the_storm_no_landing_moving_kanly_or_battle():
    state = position(FOUR, storm=4, card={ATREIDES: 2},
                     troops={CARTHAG: {ATREIDES: 1, HARKONNEN: 1}, ARRAKEEN: {ATREIDES: 1}})
    roll(state, region=5, spice=2, kanly=2)  # Hunter-Seeker
    start_at(state, "kanly")
    assert legal(state, ATREIDES) == [("pass",), ("kanly", ARRAKEEN, ATREIDES)]
    act(state, ATREIDES, ("pass",))
    assert legal(state, ATREIDES) == [("done",), ("land", ATREIDES, ARRAKEEN), ("land", ATREIDES, POLAR_SINK)]
    act(state, ATREIDES, ("done",))
    act(state, ATREIDES, ("target", ARRAKEEN))
    assert state.phase != "move"  # Carthag is under the storm: nothing can move
    assert state.phase != "battle_order" and at(state, CARTHAG) == {ATREIDES: 1, HARKONNEN: 1}
