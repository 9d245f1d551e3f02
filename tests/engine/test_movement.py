"""6. Movement (R9, H14, H15): one target, troops move in from its neighbours and Ornithopters."""

from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
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
    MINOR_ERG,
    ORNITHOPTER,
    POLAR_SINK,
    SIETCH_TABR,
    SMUGGLERS,
    TLEILAXU,
    TUEKS_SIETCH,
    WORM,
)

from .scenario import act, at, deciding, legal, position, roll, start_at

FOUR = (ATREIDES, HARKONNEN, FREMEN, CORRINO)
SIX = (ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, SMUGGLERS)
NO_SYMBOLS = (BENE_GESSERIT,) * 4


def moving(factions, *, region, spice=1, dice=NO_SYMBOLS, ally=None, **kw):
    """`factions[0]` (or `active`) at its movement step, allied with `ally` if given."""
    state = position(factions, **kw)
    roll(state, dice, region=region, spice=spice)
    if ally is None:
        start_at(state, "movement")
    else:
        state.ally = ally
        start_at(state, "movement")
    return state


def test_r9_the_target_is_a_region_of_the_die_zone_or_the_polar_sink():
    state = moving(FOUR, region=6, storm=1, troops={ARRAKEEN: {ATREIDES: 3}})
    assert deciding(state) == (ATREIDES,)
    assert legal(state, ATREIDES) == [("target", MINOR_ERG), ("target", TUEKS_SIETCH), ("target", POLAR_SINK)]


def test_h14_a_region_under_the_storm_is_no_target():
    state = moving(FOUR, region=4, storm=4, troops={ARRAKEEN: {ATREIDES: 3}})
    assert state.target == POLAR_SINK and state.phase == "move"  # the Polar Sink alone: chosen at once


def test_r9_troops_move_in_from_adjacent_regions_and_ornithopter_regions_out_of_the_storm():
    state = moving(FOUR, region=5, storm=2, constructions={CIELAGO_PLAIN: ORNITHOPTER, GREAT_FLAT: ORNITHOPTER},
                   troops={CARTHAG: {ATREIDES: 2}, POLAR_SINK: {ATREIDES: 1}, SIETCH_TABR: {ATREIDES: 1},
                           CIELAGO_PLAIN: {ATREIDES: 1}, GREAT_FLAT: {ATREIDES: 1}, MINOR_ERG: {HARKONNEN: 1}})
    texts = act(state, ATREIDES, ("target", ARRAKEEN))
    assert texts == ["Atreides targets Arrakeen."]
    assert legal(state, ATREIDES) == [
        ("done",), ("move", CIELAGO_PLAIN, ATREIDES, 1), ("move", CARTHAG, ATREIDES, 1),
        ("move", CARTHAG, ATREIDES, 2), ("move", POLAR_SINK, ATREIDES, 1),
    ]  # not Tabr (not adjacent), not Great Flat (Ornithopter, but under the storm)
    assert act(state, ATREIDES, ("move", CARTHAG, ATREIDES, 2)) == [
        "Atreides moves 2 Atreides troops from Carthag to Arrakeen."]
    assert at(state, ARRAKEEN) == {ATREIDES: 2} and at(state, CARTHAG) == {}


def test_r9_an_ornithopter_carries_anyones_troops():
    state = moving(FOUR, region=5, storm=6, constructions={SIETCH_TABR: ORNITHOPTER},
                   troops={SIETCH_TABR: {ATREIDES: 1, HARKONNEN: 1}}, ally=HARKONNEN)
    act(state, ATREIDES, ("target", ARRAKEEN))
    act(state, ATREIDES, ("move", SIETCH_TABR, ATREIDES, 1))  # then "done" is the Atreides' only choice
    assert deciding(state) == (HARKONNEN,) and state.phase == "ally_move"
    assert legal(state, HARKONNEN) == [("done",), ("move", SIETCH_TABR, HARKONNEN, 1)]


def test_r9_no_movement_out_of_the_storm():
    state = moving(FOUR, region=5, storm=4, troops={CARTHAG: {ATREIDES: 2}, MINOR_ERG: {ATREIDES: 1}})
    act(state, ATREIDES, ("target", ARRAKEEN))
    assert legal(state, ATREIDES) == [("done",), ("move", MINOR_ERG, ATREIDES, 1)]


def test_r9_the_ally_moves_after_the_active_player_without_consent():
    state = moving(FOUR, region=5, storm=1, troops={CARTHAG: {ATREIDES: 1, HARKONNEN: 2}}, ally=HARKONNEN)
    act(state, ATREIDES, ("target", ARRAKEEN))
    act(state, ATREIDES, ("done",))
    assert deciding(state) == (HARKONNEN,)
    act(state, HARKONNEN, ("move", CARTHAG, HARKONNEN, 2))
    assert at(state, ARRAKEEN) == {HARKONNEN: 2}


def test_r9_worm_riding_fremen_troops_count_as_adjacent_on_shai_hulud():
    state = moving(FOUR, active=FREMEN, region=5, spice=WORM, storm=2,
                   troops={CIELAGO_PLAIN: {FREMEN: 1}, SIETCH_TABR: {FREMEN: 2}, GREAT_FLAT: {FREMEN: 1}})
    act(state, FREMEN, ("target", ARRAKEEN))
    assert legal(state, FREMEN) == [("done",), ("move", CIELAGO_PLAIN, FREMEN, 1), ("move", SIETCH_TABR, FREMEN, 1),
                                    ("move", SIETCH_TABR, FREMEN, 2)]  # not out of the storm (Great Flat)


def test_r9_no_worm_riding_without_shai_hulud():
    state = moving(FOUR, active=FREMEN, region=5, spice=2, troops={SIETCH_TABR: {FREMEN: 2}})
    act(state, FREMEN, ("target", ARRAKEEN))
    assert legal(state, FREMEN) == []  # "done" alone: played at once
    assert state.phase != "move"


def test_h15_worm_riding_serves_the_active_player_allied_with_the_fremen_not_the_fremen():
    state = moving(FOUR, region=5, spice=WORM, storm=2, ally=FREMEN,
                   troops={SIETCH_TABR: {ATREIDES: 1, FREMEN: 1}})
    act(state, ATREIDES, ("target", ARRAKEEN))
    assert ("move", SIETCH_TABR, ATREIDES, 1) in legal(state, ATREIDES)
    act(state, ATREIDES, ("done",))
    assert state.phase != "ally_move"  # the Fremen ally has no move: Tabr does not border Arrakeen


def test_h15_the_fremens_ally_does_not_ride_the_worm():
    state = moving(FOUR, active=FREMEN, region=5, spice=WORM, storm=2, ally=ATREIDES,
                   troops={SIETCH_TABR: {ATREIDES: 1, FREMEN: 1}})
    act(state, FREMEN, ("target", ARRAKEEN))
    act(state, FREMEN, ("done",))
    assert state.phase != "ally_move"


def test_r9_rats_flee_any_unoccupied_region_as_the_single_target():
    state = moving(SIX, active=SMUGGLERS, region=5, storm=2, troops={
        POLAR_SINK: {SMUGGLERS: 3}, CIELAGO_PLAIN: {FREMEN: 1}, BROKEN_LAND: {HARKONNEN: 1}, ARRAKEEN: {ATREIDES: 1}})
    assert legal(state, SMUGGLERS) == [
        ("target", ARRAKEEN), ("target", POLAR_SINK),  # by the die
        ("target", SIETCH_TABR), ("target", CARTHAG), ("target", MINOR_ERG), ("target", TUEKS_SIETCH),  # Rats Flee
    ]  # not the occupied Cielago Plain, Broken Land; not the storm's Habbanya and Great Flat
    assert act(state, SMUGGLERS, ("target", TUEKS_SIETCH)) == ["Smugglers targets Tuek's Sietch (Rats Flee)."]
    act(state, SMUGGLERS, ("move", POLAR_SINK, SMUGGLERS, 3))
    assert at(state, TUEKS_SIETCH) == {SMUGGLERS: 3}


def test_r9_rats_flee_serves_the_active_player_allied_with_the_smugglers():
    state = moving(SIX, region=5, storm=2, ally=SMUGGLERS, troops={POLAR_SINK: {ATREIDES: 1, SMUGGLERS: 1}})
    assert ("target", CARTHAG) in legal(state, ATREIDES)
    act(state, ATREIDES, ("target", CARTHAG))
    act(state, ATREIDES, ("done",))
    assert legal(state, SMUGGLERS) == [("done",), ("move", POLAR_SINK, SMUGGLERS, 1)]  # the same single target


def test_r10_moving_out_of_a_fortified_region_returns_the_fortification():
    state = moving(FOUR, region=5, storm=1, troops={CARTHAG: {ATREIDES: 2}}, constructions={CARTHAG: FORTIFICATION})
    act(state, ATREIDES, ("target", ARRAKEEN))
    act(state, ATREIDES, ("move", CARTHAG, ATREIDES, 1))
    assert state.constr[CARTHAG] == FORTIFICATION
    texts = act(state, ATREIDES, ("move", CARTHAG, ATREIDES, 1))
    assert texts[1] == "The empty Fortification in Carthag returns to the pool."
    assert state.constr[CARTHAG] == 0


def test_r9_moving_to_the_polar_sink_from_anywhere_on_the_ring():
    state = moving((ATREIDES, GUILD), region=1, storm=1, troops={HABBANYA_SIETCH: {ATREIDES: 1}, ARRAKEEN: {
        ATREIDES: 1}, CIELAGO_PLAIN: {ATREIDES: 1}})
    assert state.target == POLAR_SINK  # Cielago Plain is under the storm
    assert legal(state, ATREIDES) == [("done",), ("move", HABBANYA_SIETCH, ATREIDES, 1),
                                      ("move", ARRAKEEN, ATREIDES, 1)]
