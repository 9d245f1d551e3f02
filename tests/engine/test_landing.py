"""5. Landing (R3, R8, H4, H5, H6, H19): the turn's spice, then troops from the card to the map."""

from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CORRINO,
    FREMEN,
    GUILD,
    HARKONNEN,
    HARVESTER,
    MINOR_ERG,
    POLAR_SINK,
    SIETCH_TABR,
    SMUGGLERS,
    TLEILAXU,
    TUEKS_SIETCH,
    WORM,
)

from .scenario import act, at, deciding, finish_turn, legal, position, roll, start_at

FOUR = (ATREIDES, HARKONNEN, FREMEN, CORRINO)
SIX = (ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, SMUGGLERS)
NO_SYMBOLS = (BENE_GESSERIT, BENE_GESSERIT, BENE_GESSERIT, BENE_GESSERIT)  # nobody plays them: no alliance


def landing(factions, dice=NO_SYMBOLS, spice=2, ally=None, **kw):
    """`factions[0]` (or `active`) at the start of its landing step, allied with `ally` if given."""
    state = position(factions, **kw)
    roll(state, dice, spice=spice)
    if ally is None:
        texts = start_at(state, "landing")
    else:
        start_at(state, "alliance")
        symbol = {TLEILAXU: dice[0], SMUGGLERS: -1}.get(ally, ally)
        texts = act(state, state.active_faction, ("propose", ally, symbol))
        if state.active_faction != BENE_GESSERIT:  # The Voice needs no answer
            texts = act(state, ally, ("accept",))
    return state, texts


def test_r3_spice_is_the_die_plus_2_per_harvester_held_by_the_active_player_or_its_ally():
    _state, texts = landing(FOUR, dice=(HARKONNEN, GUILD, GUILD, GUILD), spice=3, ally=HARKONNEN, storm=6, card={
        ATREIDES: 3}, troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {HARKONNEN: 1}, TUEKS_SIETCH: {ATREIDES: 1},
        SIETCH_TABR: {FREMEN: 1}}, constructions={ARRAKEEN: HARVESTER, CARTHAG: HARVESTER})
    # Arrakeen (own) and Carthag (the ally's) harvest; nothing else holds a Harvester.
    assert "Atreides has 7 spice this turn (3 from the die, 4 harvested)." in texts


def test_r3_a_harvester_under_the_storm_harvests_nothing():
    _state, texts = landing(FOUR, spice=3, storm=5, card={ATREIDES: 3}, troops={ARRAKEEN: {ATREIDES: 1}},
                           constructions={ARRAKEEN: HARVESTER})
    assert "Atreides has 3 spice this turn (3 from the die, 0 harvested)." in texts


def test_r3_shai_hulud_no_spice_and_the_active_player_loses_a_harvester_of_its_choice():
    state, texts = landing(FOUR, spice=WORM, card={ATREIDES: 3}, troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {
        ATREIDES: 1}, SIETCH_TABR: {HARKONNEN: 1}}, constructions={ARRAKEEN: HARVESTER, CARTHAG: HARVESTER,
                                                                  SIETCH_TABR: HARVESTER})
    assert "Shai-Hulud: no spice this turn." in texts
    assert deciding(state) == (ATREIDES,)
    assert legal(state, ATREIDES) == [("harvester", CARTHAG), ("harvester", ARRAKEEN)]
    assert act(state, ATREIDES, ("harvester", CARTHAG))[0] == "Shai-Hulud swallows the Harvester in Carthag."
    assert state.constr[CARTHAG] == 0 and state.constr[SIETCH_TABR] == HARVESTER
    assert state.phase not in ("land", "ally_land")  # no spice to land with: the landing is over


def test_h19_shai_hulud_may_swallow_a_harvester_under_the_storm():
    state, _ = landing(FOUR, spice=WORM, storm=5, card={ATREIDES: 3}, troops={
        ARRAKEEN: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}}, constructions={ARRAKEEN: HARVESTER, CARTHAG: HARVESTER})
    assert legal(state, ATREIDES) == [("harvester", CARTHAG), ("harvester", ARRAKEEN)]


def test_r3_shai_hulud_leaves_the_corrino_store_usable():
    state, _texts = landing((CORRINO, ATREIDES), spice=WORM, store={CORRINO: 2}, card={CORRINO: 3})
    assert state.phase == "land"
    assert legal(state, CORRINO) == [("done",), ("land", CORRINO, POLAR_SINK)]


def test_r8_land_in_the_polar_sink_or_a_held_region_out_of_the_storm_one_spice_each():
    state, _ = landing(FOUR, spice=2, storm=4, card={ATREIDES: 3},
                       troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {ATREIDES: 1}, MINOR_ERG: {HARKONNEN: 1}})
    assert legal(state, ATREIDES) == [("done",), ("land", ATREIDES, ARRAKEEN), ("land", ATREIDES, POLAR_SINK)]
    assert act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN)) == ["Atreides lands an Atreides troop in Arrakeen."]
    assert state.spice_die == 1 and state.card[ATREIDES] == 2 and at(state, ARRAKEEN) == {ATREIDES: 2}
    act(state, ATREIDES, ("land", ATREIDES, POLAR_SINK))
    assert state.phase not in ("land", "ally_land")  # out of spice: the landing ends by itself


def test_r8_landing_in_the_allys_regions_needs_its_consent():
    state, _ = landing(FOUR, dice=(HARKONNEN, GUILD, GUILD, GUILD), ally=HARKONNEN, card={ATREIDES: 3},
                       troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {HARKONNEN: 1}})
    assert deciding(state) == (HARKONNEN,) and state.phase == "consent"
    assert act(state, HARKONNEN, ("consent",)) == ["The Harkonnen let the Atreides land in their regions."]
    assert ("land", ATREIDES, CARTHAG) in legal(state, ATREIDES)
    state, _ = landing(FOUR, dice=(HARKONNEN, GUILD, GUILD, GUILD), ally=HARKONNEN, card={ATREIDES: 3},
                       troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {HARKONNEN: 1}})
    assert act(state, HARKONNEN, ("refuse",)) == ["The Harkonnen do not let the Atreides land in their regions."]
    assert ("land", ATREIDES, CARTHAG) not in legal(state, ATREIDES)


def test_r8_the_consent_says_where_the_ally_would_land():
    """Issue 45: the ally asked says where its consent lets the active player land (the line under the question)."""
    from dune_tui.games.dune.describe import consequences

    state, _ = landing(FOUR, dice=(HARKONNEN, GUILD, GUILD, GUILD), ally=HARKONNEN, card={ATREIDES: 3},
                       troops={ARRAKEEN: {ATREIDES: 1, HARKONNEN: 1}, CARTHAG: {HARKONNEN: 1}})
    assert consequences(state, state.awaiting[0]) == [
        "Consenting lets the Atreides land beside you in Carthag (allies never battle)."]


def test_r8_the_voice_bene_gesserit_land_in_their_allys_regions_without_consent():
    state, _ = landing((BENE_GESSERIT, ATREIDES, HARKONNEN, FREMEN, CORRINO), dice=(HARKONNEN, GUILD, GUILD, GUILD),
                       ally=HARKONNEN, card={BENE_GESSERIT: 3}, troops={CARTHAG: {HARKONNEN: 1}})
    assert state.phase == "land" and ("land", BENE_GESSERIT, CARTHAG) in legal(state, BENE_GESSERIT)


def test_h6_the_ally_lands_on_a_budget_the_active_player_pays_then_landing_ends():
    state, _ = landing(FOUR, dice=(HARKONNEN, GUILD, GUILD, GUILD), ally=HARKONNEN, spice=3, card={
        ATREIDES: 3, HARKONNEN: 3}, troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {HARKONNEN: 1}})
    act(state, HARKONNEN, ("refuse",))
    act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))
    assert [a for a in legal(state, ATREIDES) if a[0] == "ally_lands"] == [("ally_lands", 1), ("ally_lands", 2)]
    assert act(state, ATREIDES, ("ally_lands", 2)) == ["Atreides will pay up to 2 spice for the Harkonnen to land."]
    assert deciding(state) == (HARKONNEN,) and state.phase == "ally_land"
    # The ally lands in the Polar Sink, its own regions or the active player's.
    assert legal(state, HARKONNEN) == [("done",), ("land", HARKONNEN, CARTHAG), ("land", HARKONNEN, ARRAKEEN),
                                       ("land", HARKONNEN, POLAR_SINK)]
    act(state, HARKONNEN, ("land", HARKONNEN, ARRAKEEN))
    act(state, HARKONNEN, ("land", HARKONNEN, CARTHAG))
    assert state.spice_die == 0 and state.phase not in ("land", "ally_land")  # the active lands no more
    assert at(state, ARRAKEEN) == {ATREIDES: 2, HARKONNEN: 1} and at(state, CARTHAG) == {HARKONNEN: 2}


def test_r8_smugglers_land_from_reserve_2_into_the_polar_sink_1_elsewhere():
    state, _ = landing(SIX, active=SMUGGLERS, spice=3, troops={ARRAKEEN: {SMUGGLERS: 1}})
    assert legal(state, SMUGGLERS) == [("done",), ("land", SMUGGLERS, ARRAKEEN), ("land", SMUGGLERS, POLAR_SINK),
                                       ("hire_leader",)]
    act(state, SMUGGLERS, ("land", SMUGGLERS, POLAR_SINK))
    assert state.spice_die == 1 and state.reserve[SMUGGLERS] == 10
    assert legal(state, SMUGGLERS) == [("done",), ("land", SMUGGLERS, ARRAKEEN)]


def test_h5_smugglers_hire_esmar_tuek_for_2_spice_in_their_landing():
    state, _ = landing(SIX, active=SMUGGLERS, spice=3, troops={ARRAKEEN: {SMUGGLERS: 1}})
    assert ("hire_leader",) in legal(state, SMUGGLERS)
    assert act(state, SMUGGLERS, ("hire_leader",))[0] == "The Smugglers pay 2 spice to bring Esmar Tuek to the card."
    assert state.lcard[SMUGGLERS] == 1 and state.spice_die == 1


def test_r13_smugglers_as_an_ally_land_from_reserve_at_their_prices_the_active_player_pays():
    state, _ = landing(SIX, ally=SMUGGLERS, spice=3, card={ATREIDES: 1}, troops={ARRAKEEN: {ATREIDES: 1}})
    act(state, ATREIDES, ("ally_lands", 3))
    assert legal(state, SMUGGLERS) == [("done",), ("land", SMUGGLERS, ARRAKEEN), ("land", SMUGGLERS, POLAR_SINK)]
    act(state, SMUGGLERS, ("land", SMUGGLERS, POLAR_SINK))
    assert state.spice_die == 1 and state.ally_budget == 1
    assert legal(state, SMUGGLERS) == [("done",), ("land", SMUGGLERS, ARRAKEEN)]


def test_r8_transport_monopoly_once_a_turn_not_for_the_polar_sink_nor_the_guild_itself():
    state, _ = landing((ATREIDES, GUILD, HARKONNEN, FREMEN), dice=(GUILD, BENE_GESSERIT, BENE_GESSERIT,
                                                                   BENE_GESSERIT), ally=GUILD, spice=5,
                       card={ATREIDES: 3, GUILD: 2}, troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {GUILD: 1}})
    act(state, GUILD, ("refuse",))
    assert act(state, ATREIDES, ("land", ATREIDES, POLAR_SINK)) == [
        "Atreides lands an Atreides troop in Polar Sink."]  # the Polar Sink: nothing
    act(state, ATREIDES, ("ally_lands", 2))
    assert act(state, GUILD, ("land", GUILD, CARTHAG)) == ["Spacing Guild lands a Spacing Guild troop in Carthag."]
    assert state.store[GUILD] == 0  # the Guild's own landing does not pay it


def test_r8_transport_monopoly_stops_at_5():
    state, _ = landing((ATREIDES, GUILD), store={GUILD: 5}, card={ATREIDES: 3}, troops={ARRAKEEN: {ATREIDES: 1}})
    assert act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN)) == ["Atreides lands an Atreides troop in Arrakeen."]
    assert state.store[GUILD] == 5


def test_r8_transport_monopoly_pays_for_the_guilds_ally_on_the_guilds_turn():
    """"Each turn in which another player lands outside the Polar Sink": the ally is another player."""
    state, _ = landing((GUILD, ATREIDES, HARKONNEN, FREMEN), dice=(ATREIDES, BENE_GESSERIT, BENE_GESSERIT,
                                                                   BENE_GESSERIT), ally=ATREIDES, spice=2,
                       store={GUILD: 0}, card={ATREIDES: 3}, troops={ARRAKEEN: {ATREIDES: 1}})
    act(state, GUILD, ("ally_lands", 1))
    texts = act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))
    assert "Transport Monopoly: the Spacing Guild stores 1 spice (1 now)." in texts


def test_h4_the_corrino_ally_may_give_stored_spice_when_landing_starts():
    state, _texts = landing(FOUR, dice=(CORRINO, GUILD, GUILD, GUILD), ally=CORRINO, spice=1, store={CORRINO: 3},
                           card={ATREIDES: 5}, troops={ARRAKEEN: {ATREIDES: 1}})
    assert deciding(state) == (CORRINO,) and legal(state, CORRINO) == [("gift", k) for k in range(4)]
    assert act(state, CORRINO, ("gift", 2)) == ["CHOAM: the Corrino give 2 stored spice to the Atreides."]
    assert state.store[CORRINO] == 1
    for _ in range(3):
        act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))
    assert at(state, ARRAKEEN) == {ATREIDES: 4} and state.phase not in ("land", "ally_land")


def test_r11_corrino_spend_the_store_then_the_harvest_then_the_die():
    """What is left at the end of the turn is the die's; CHOAM doubles it into the store."""
    state, _ = landing((CORRINO, ATREIDES), spice=2, store={CORRINO: 1}, card={CORRINO: 5},
                       troops={ARRAKEEN: {CORRINO: 1}}, constructions={ARRAKEEN: HARVESTER})
    act(state, CORRINO, ("land", CORRINO, ARRAKEEN))  # the store
    act(state, CORRINO, ("land", CORRINO, ARRAKEEN))  # the harvest
    assert (state.store[CORRINO], state.spice_other, state.spice_die) == (0, 1, 2)
    texts = finish_turn(state, CORRINO)
    assert "CHOAM: 2 unspent spice of the die store 4 for the Corrino (4 now)." in texts
    assert state.store[CORRINO] == 4


def test_r11_corrino_choam_keeps_the_store_at_5():
    state, _ = landing((CORRINO, ATREIDES), spice=4, store={CORRINO: 2}, card={CORRINO: 5})
    texts = finish_turn(state, CORRINO)
    assert "CHOAM: 4 unspent spice of the die store 3 for the Corrino (5 now)." in texts


def test_r11_the_guild_spends_this_turns_spice_before_its_store():
    state, _ = landing((GUILD, ATREIDES), spice=1, store={GUILD: 2}, card={GUILD: 3})
    act(state, GUILD, ("land", GUILD, POLAR_SINK))
    assert (state.spice_die, state.store[GUILD]) == (0, 2)
    act(state, GUILD, ("land", GUILD, POLAR_SINK))
    assert state.store[GUILD] == 1


def test_h5_gholas_in_the_landing_step_one_spice_each_time():
    state, _ = landing(SIX, active=TLEILAXU, spice=2, card={TLEILAXU: 1})
    assert ("ghola",) in legal(state, TLEILAXU)
    assert act(state, TLEILAXU, ("ghola",)) == ["Gholas: Bene Tleilax pays 1 spice and Scytale returns to the card."]
    assert state.lcard[TLEILAXU] == 1 and state.spice_die == 1 and ("ghola",) not in legal(state, TLEILAXU)


def test_r5_gholas_serve_the_active_player_allied_with_the_tleilaxu():
    state, _ = landing(SIX, dice=(GUILD, GUILD, GUILD, GUILD), ally=TLEILAXU, spice=2, card={ATREIDES: 1})
    assert act(state, ATREIDES, ("ghola",)) == ["Gholas: Atreides pays 1 spice and Leto returns to the card."]
    assert state.lcard[ATREIDES] == 1 and ("ghola",) in legal(state, ATREIDES)  # Duncan Idaho too
    act(state, ATREIDES, ("ghola",))
    assert state.lcard[ATREIDES] == 2 and state.lcard[TLEILAXU] == 0
