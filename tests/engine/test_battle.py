"""7. Battle (R10, H7, H11, H12, H13, H17, H18): Fortification, Face Dancers, offers, sealed commits."""

from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CORRINO,
    FORTIFICATION,
    FREMEN,
    GUILD,
    HARKONNEN,
    MINOR_ERG,
    POLAR_SINK,
    SARDAUKAR,
    SIETCH_TABR,
    SMUGGLERS,
    TLEILAXU,
    TUEKS_SIETCH,
)

from .scenario import act, at, deciding, legal, position, roll, start_at

FOUR = (ATREIDES, HARKONNEN, FREMEN, CORRINO)
FIVE = (ATREIDES, HARKONNEN, FREMEN, CORRINO, GUILD)
SIX = (ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, GUILD)
NO_SYMBOLS = (BENE_GESSERIT,) * 4


def battle(factions, *, ally=None, dice=NO_SYMBOLS, storm=1, spice_left=0, **kw):
    """`factions[0]` (or `active`), allied with `ally`, at the start of its battle step
    with `spice_left` spice of the die unspent."""
    state = position(factions, storm=storm, **kw)
    roll(state, dice, spice=max(spice_left, 1))
    state.spice_die = spice_left
    if ally is not None:
        state.ally = ally
    texts = start_at(state, "battle")
    return state, texts


def commit(troops=(), leaders=()):
    return ("commit", tuple(troops), tuple(leaders))


def test_r10_battles_wherever_the_active_player_shares_a_region_with_a_non_ally():
    state, texts = battle(FOUR, ally=HARKONNEN, storm=3, troops={
        ARRAKEEN: {ATREIDES: 1, FREMEN: 1},  # battle
        MINOR_ERG: {ATREIDES: 1, CORRINO: 1},  # battle
        CARTHAG: {ATREIDES: 1, HARKONNEN: 1},  # the ally: no battle
        POLAR_SINK: {ATREIDES: 1, FREMEN: 1},  # never in the Polar Sink
        SIETCH_TABR: {ATREIDES: 1, FREMEN: 1},  # under the storm
        TUEKS_SIETCH: {HARKONNEN: 1, FREMEN: 1},  # the active player is not there
    })
    assert deciding(state) == (ATREIDES,) and state.phase == "battle_order"
    assert legal(state, ATREIDES) == [("battle", ARRAKEEN), ("battle", MINOR_ERG)]  # the attacker picks the order
    texts = act(state, ATREIDES, ("battle", MINOR_ERG))
    assert texts[0] == "Battle in Minor Erg: Atreides attack; Corrino defend."


def test_r10_commits_are_simultaneous_and_a_tie_goes_to_the_defender():
    state, texts = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 3, HARKONNEN: 2}})
    assert texts[0] == "Battle in Arrakeen: Atreides attack; Harkonnen defend."
    assert set(deciding(state)) == {ATREIDES, HARKONNEN} and state.phase == "commit"
    assert legal(state, ATREIDES) == [commit([(ATREIDES, k)] if k else []) for k in range(4)]
    assert act(state, ATREIDES, commit([(ATREIDES, 2)])) == ["The Atreides seal their commit."]
    assert deciding(state) == (HARKONNEN,) and legal(state, ATREIDES) == []
    texts = act(state, HARKONNEN, commit([(HARKONNEN, 2)]))
    assert texts[1] == ("Reveal in Arrakeen: Atreides commit 2 Atreides troops (strength 2); Harkonnen commit "
                        "2 Harkonnen troops (strength 2). The Harkonnen win.")
    # Committed troops go to the reserve; the loser's other troops too; the winner holds the region (empty).
    assert at(state, ARRAKEEN) == {}
    assert state.reserve[ATREIDES] == 12 and state.reserve[HARKONNEN] == 12


def test_r10_the_winners_uncommitted_troops_stay_and_uncommitted_leaders_go_back_to_the_card():
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 3, HARKONNEN: 2}}, leaders={ATREIDES: 2, HARKONNEN: 1})
    act(state, ATREIDES, commit([(ATREIDES, 1)], [(ATREIDES, 1)]))
    texts = act(state, HARKONNEN, commit([(HARKONNEN, 2)]))
    assert "Reveal in Arrakeen: Atreides commit 1 Atreides troop and Leto (strength 4); Harkonnen commit " \
           "2 Harkonnen troops (strength 2). The Atreides win." in texts
    assert at(state, ARRAKEEN) == {ATREIDES: 2}
    assert (state.lcard[ATREIDES], state.lreserve[ATREIDES]) == (1, 1)  # only the leader who fought is lost
    assert (state.lcard[HARKONNEN], state.lreserve[HARKONNEN]) == (1, 0)


def test_r10_strengths_fremen_and_sardaukar_2_atreides_leaders_3_or_5_together():
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 1, CORRINO: 1, SARDAUKAR: 1}}, leaders={ATREIDES: 2})
    act(state, ATREIDES, commit([(ATREIDES, 1)], [(ATREIDES, 2)]))
    texts = act(state, CORRINO, commit([(CORRINO, 1), (SARDAUKAR, 1)]))
    assert ("Reveal in Arrakeen: Atreides commit 1 Atreides troop and Leto and Duncan Idaho (strength 6); Corrino "
            "commit 1 Corrino troop and 1 Sardaukar troop (strength 3). The Atreides win.") in texts
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 1, FREMEN: 1}}, leaders={FREMEN: 1})
    act(state, ATREIDES, commit([(ATREIDES, 1)]))
    texts = act(state, FREMEN, commit([(FREMEN, 1)], [(FREMEN, 1)]))
    assert "Fremen commit 1 Fremen troop and Liet Kynes (strength 5)" in texts[1]


def test_h18_the_defender_is_the_enemy_whose_turn_came_most_recently_the_others_side_with_it():
    state, texts = battle(FIVE, active=CORRINO, leaders={ATREIDES: 2, HARKONNEN: 1, FREMEN: 1},
                          troops={ARRAKEEN: {ATREIDES: 1, HARKONNEN: 1, FREMEN: 1, CORRINO: 2}})
    assert texts[0] == "Battle in Arrakeen: Corrino attack; Fremen defend with Atreides, Harkonnen."
    # Co-defenders may offer their leaders, most recent first; the defender fights with their troops.
    assert deciding(state) == (HARKONNEN,) and state.phase == "offer_leader"
    assert act(state, HARKONNEN, ("offer",)) == ["The Harkonnen offer Baron Vladimir for the battle."]
    assert deciding(state) == (ATREIDES,)
    assert act(state, ATREIDES, ("no_offer",)) == ["The Atreides keep Leto and Duncan Idaho out of the battle."]
    choices = legal(state, FREMEN)
    assert commit([(ATREIDES, 1), (HARKONNEN, 1), (FREMEN, 1)], [(FREMEN, 1), (HARKONNEN, 1)]) in choices
    assert not any(f == ATREIDES for c in choices for f, _ in c[2])  # not offered
    assert len(choices) == 2 * 2 * 2 * 2 * 2


def test_h18_in_round_one_the_defender_is_the_nearest_enemy_counting_back_even_if_it_has_not_played():
    _state, texts = battle(FIVE, active=ATREIDES, round=1, troops={ARRAKEEN: {ATREIDES: 1, HARKONNEN: 1, CORRINO: 1}})
    assert texts[0] == "Battle in Arrakeen: Atreides attack; Corrino defend with Harkonnen."


def test_r10_the_allys_troops_fight_its_leader_only_if_offered():
    state, _ = battle(FOUR, ally=CORRINO, troops={CARTHAG: {ATREIDES: 1, CORRINO: 1, HARKONNEN: 1}},
                      leaders={CORRINO: 1})
    assert deciding(state) == (CORRINO,) and state.phase == "offer_leader"
    act(state, CORRINO, ("no_offer",))
    assert legal(state, ATREIDES)[-1] == commit([(ATREIDES, 1), (CORRINO, 1)])
    state, _ = battle(FOUR, ally=CORRINO, troops={CARTHAG: {ATREIDES: 1, HARKONNEN: 1}}, leaders={CORRINO: 1})
    act(state, CORRINO, ("offer",))  # an ally may offer its leader without troops there
    assert legal(state, ATREIDES)[-1] == commit([(ATREIDES, 1)], [(CORRINO, 1)])


def test_h17_the_atreides_offer_both_leaders_the_side_fights_with_one_or_both():
    state, _ = battle(FOUR, active=HARKONNEN, ally=ATREIDES, troops={CARTHAG: {HARKONNEN: 1, FREMEN: 3}},
                      leaders={ATREIDES: 2})
    assert act(state, ATREIDES, ("offer",)) == ["The Atreides offer Leto and Duncan Idaho for the battle."]
    choices = legal(state, HARKONNEN)
    assert commit([], [(ATREIDES, 1)]) in choices and commit([], [(ATREIDES, 2)]) in choices
    act(state, HARKONNEN, commit([], [(ATREIDES, 2)]))
    texts = act(state, FREMEN, commit([(FREMEN, 2)]))
    assert "Harkonnen commit Leto and Duncan Idaho (strength 5); Fremen commit 2 Fremen troops (strength 4). " \
           "The Harkonnen win." in texts[1]
    assert state.lreserve[ATREIDES] == 2 and at(state, CARTHAG) == {HARKONNEN: 1}


def test_r10_the_fortification_kills_one_attacking_troop_the_attacker_picks_it_may_be_the_allys():
    state, texts = battle(FOUR, ally=CORRINO, troops={CARTHAG: {ATREIDES: 2, CORRINO: 1, FREMEN: 1}},
                          constructions={CARTHAG: FORTIFICATION})
    assert deciding(state) == (ATREIDES,) and state.phase == "fort_loss"
    assert legal(state, ATREIDES) == [("fort_loss", ATREIDES), ("fort_loss", CORRINO)]
    texts = act(state, ATREIDES, ("fort_loss", CORRINO))
    assert texts[0] == "The Fortification in Carthag kills a Corrino troop and returns to the pool."
    assert at(state, CARTHAG) == {ATREIDES: 2, FREMEN: 1} and state.constr[CARTHAG] == 0
    assert state.phase == "commit"


def test_h7_no_battle_when_the_fortification_kills_the_last_attacker():
    state, texts = battle(FOUR, troops={CARTHAG: {ATREIDES: 1, FREMEN: 1}}, constructions={CARTHAG: FORTIFICATION})
    assert texts[:3] == [
        "Battle in Carthag: Atreides attack; Fremen defend.",
        "The Fortification in Carthag kills an Atreides troop and returns to the pool.",
        "No attacker is left in Carthag: there is no battle.",
    ]
    assert at(state, CARTHAG) == {FREMEN: 1} and state.constr[CARTHAG] == 0


def test_h21_harkonnen_infiltration_ignores_the_fortification_on_attack():
    state, texts = battle(FOUR, active=HARKONNEN, troops={CARTHAG: {HARKONNEN: 1, FREMEN: 1}},
                          constructions={CARTHAG: FORTIFICATION})
    assert texts[1] == "Infiltration: the Fortification in Carthag is ignored."
    assert at(state, CARTHAG) == {HARKONNEN: 1, FREMEN: 1} and state.constr[CARTHAG] == FORTIFICATION
    # The active player allied with the Harkonnen infiltrates too (R5).
    state, texts = battle(FOUR, ally=HARKONNEN, troops={CARTHAG: {ATREIDES: 1, FREMEN: 1}},
                          constructions={CARTHAG: FORTIFICATION})
    assert texts[1] == "Infiltration: the Fortification in Carthag is ignored."


def test_r10_a_fortification_left_in_an_empty_region_after_a_battle_returns_to_the_pool():
    state, _ = battle(FOUR, active=HARKONNEN, troops={CARTHAG: {HARKONNEN: 1, FREMEN: 1}},
                      constructions={CARTHAG: FORTIFICATION})
    act(state, HARKONNEN, commit([(HARKONNEN, 1)]))
    texts = act(state, FREMEN, commit())
    assert "The empty Fortification in Carthag returns to the pool." in texts
    assert at(state, CARTHAG) == {} and state.constr[CARTHAG] == 0


def test_h11_honourable_duel_the_atreides_lost_troops_go_to_their_card():
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 3, HARKONNEN: 2}}, leaders={ATREIDES: 1, HARKONNEN: 1})
    act(state, ATREIDES, commit([(ATREIDES, 1)], [(ATREIDES, 1)]))
    texts = act(state, HARKONNEN, commit([(HARKONNEN, 1)], [(HARKONNEN, 1)]))
    reveal = next(i for i, t in enumerate(texts) if t.startswith("Reveal"))
    assert texts[reveal + 1] == ("Both sides fought with leaders: by the Honourable Duel, the troops the Atreides "
                                 "lose go to their faction card.")  # the losses that follow say it
    assert "Atreides loses 1 Atreides troop committed; it goes to the faction card." in texts
    assert "Atreides loses 2 Atreides troops on the losing side; they go to the faction card." in texts
    assert "Harkonnen loses 1 Harkonnen troop committed; it goes to the reserve." in texts
    assert state.card[ATREIDES] == 3 and state.lreserve[ATREIDES] == 2  # Leto is lost all the same
    assert at(state, ARRAKEEN) == {HARKONNEN: 1}


def test_h11_honourable_duel_spares_the_atreides_defending_too():
    state, _ = battle(FOUR, active=HARKONNEN, troops={ARRAKEEN: {ATREIDES: 2, HARKONNEN: 2}},
                      leaders={ATREIDES: 1, HARKONNEN: 1})
    act(state, HARKONNEN, commit([], [(HARKONNEN, 1)]))
    act(state, ATREIDES, commit([(ATREIDES, 1)], [(ATREIDES, 1)]))  # 4 against 4: the defender wins
    assert state.card[ATREIDES] == 1 and at(state, ARRAKEEN) == {ATREIDES: 1}
    assert state.reserve[HARKONNEN] == 10 + 2


def test_h11_honourable_duel_spares_the_active_player_allied_with_the_atreides_not_the_defender():
    state, _ = battle(FOUR, active=CORRINO, ally=ATREIDES, leaders={ATREIDES: 1, HARKONNEN: 1},
                      troops={ARRAKEEN: {CORRINO: 2, HARKONNEN: 3}})
    act(state, ATREIDES, ("offer",))
    act(state, CORRINO, commit([(CORRINO, 1)], [(ATREIDES, 1)]))
    act(state, HARKONNEN, commit([(HARKONNEN, 1)], [(HARKONNEN, 1)]))
    assert state.card[CORRINO] == 2  # lost troops to the card
    assert state.reserve[HARKONNEN] == 9 + 1  # the losers' troops: no duel for them


def test_h11_no_duel_unless_both_sides_used_leaders():
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 3, HARKONNEN: 2}}, leaders={ATREIDES: 1, HARKONNEN: 1})
    act(state, ATREIDES, commit([(ATREIDES, 1)]))
    texts = act(state, HARKONNEN, commit([(HARKONNEN, 1)], [(HARKONNEN, 1)]))
    assert not any("Honourable Duel" in t for t in texts)
    assert state.card[ATREIDES] == 0 and state.reserve[ATREIDES] == 12


def test_h11_no_duel_told_without_the_atreides_in_the_battle():
    """Issue 41: "an Honourable Duel" was told in a Fremen-Corrino battle with no Atreides in the game, and
    nothing followed. The duel is the Atreides' ability: told only where it sends lost troops to a card."""
    state, _ = battle((FREMEN, CORRINO), troops={ARRAKEEN: {FREMEN: 2, CORRINO: 2}}, leaders={FREMEN: 1, CORRINO: 1})
    act(state, FREMEN, commit([(FREMEN, 1)], [(FREMEN, 1)]))
    texts = act(state, CORRINO, commit([(CORRINO, 1)], [(CORRINO, 1)]))
    assert not any("Honourable Duel" in t for t in texts), texts
    assert not any("faction card" in t for t in texts), texts


def test_h11_a_duel_the_atreides_lose_no_troops_in_is_not_told():
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 3, HARKONNEN: 2}}, leaders={ATREIDES: 2, HARKONNEN: 1})
    act(state, ATREIDES, commit([], [(ATREIDES, 2)]))  # both leaders, 5 against 4: the Atreides win, no troop lost
    texts = act(state, HARKONNEN, commit([], [(HARKONNEN, 1)]))
    assert not any("Honourable Duel" in t for t in texts), texts
    assert state.card[ATREIDES] == 0 and at(state, ARRAKEEN) == {ATREIDES: 3}


def test_h12_guild_evacuation_the_losing_guilds_uncommitted_troops_go_to_its_card():
    state, _ = battle(FIVE, troops={ARRAKEEN: {ATREIDES: 3, GUILD: 3}})
    act(state, ATREIDES, commit([(ATREIDES, 2)]))
    texts = act(state, GUILD, commit([(GUILD, 1)]))
    assert "Spacing Guild loses 1 Spacing Guild troop committed; it goes to the reserve." in texts
    assert "Spacing Guild loses 2 Spacing Guild troops on the losing side; they go to the faction card." in texts
    assert state.card[GUILD] == 2


def test_h12_guild_evacuation_serves_the_active_player_allied_with_the_guild():
    state, _ = battle(FIVE, ally=GUILD, troops={ARRAKEEN: {ATREIDES: 3, HARKONNEN: 3}})
    act(state, ATREIDES, commit([(ATREIDES, 1)]))
    act(state, HARKONNEN, commit([(HARKONNEN, 2)]))
    assert state.card[ATREIDES] == 2 and state.reserve[ATREIDES] == 10


def test_r10_face_dancers_replace_an_enemy_troop_per_unused_die_of_its_symbol():
    state, texts = battle(SIX, active=TLEILAXU, dice=(HARKONNEN, HARKONNEN, CORRINO, FREMEN),
                          troops={ARRAKEEN: {TLEILAXU: 1, HARKONNEN: 3, CORRINO: 1, SARDAUKAR: 1, FREMEN: 1}})
    assert deciding(state) == (TLEILAXU,) and state.phase == "face_dancers"
    # H13: never a troop of value 2 (Sardaukar, Fremen).
    assert legal(state, TLEILAXU) == [("done",), ("face_dancer", HARKONNEN), ("face_dancer", CORRINO)]
    texts = act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    assert texts == ["Face Dancer! A Harkonnen troop in Arrakeen was a Tleilaxu all along."]
    act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    assert legal(state, TLEILAXU) == [("done",), ("face_dancer", CORRINO)]  # both Harkonnen dice are used
    assert at(state, ARRAKEEN) == {HARKONNEN: 1, FREMEN: 1, TLEILAXU: 3, CORRINO: 1, SARDAUKAR: 1}
    assert state.reserve[HARKONNEN] == 9 + 2 and state.reserve[TLEILAXU] == 12 - 3


def test_h13_face_dancers_never_replace_a_troop_of_value_2_in_either_variant():
    for variant in ("dice", "spice"):
        state, _ = battle(SIX, active=TLEILAXU, dice=(CORRINO, CORRINO, FREMEN, FREMEN), face_dancers=variant,
                          spice_left=2, leaders={TLEILAXU: 1},
                          troops={ARRAKEEN: {TLEILAXU: 1, SARDAUKAR: 2, FREMEN: 1}})
        assert state.phase == "commit", variant


def test_r10_face_dancers_only_with_dice_unused_by_recruiting():
    state = position(SIX, active=TLEILAXU, troops={ARRAKEEN: {TLEILAXU: 1, HARKONNEN: 3}})
    roll(state, (HARKONNEN, HARKONNEN, HARKONNEN, GUILD), region=5)
    start_at(state, "axolotl")
    act(state, TLEILAXU, ("symbol", HARKONNEN))
    act(state, TLEILAXU, ("no_alliance",))
    act(state, TLEILAXU, ("recruit", 2, 0, 0))  # H1: one Harkonnen die kept back
    next_step = {"land": ("done",), "target": ("target", POLAR_SINK), "move": ("done",),
                 "battle_order": ("battle", ARRAKEEN)}
    while state.phase != "face_dancers":
        act(state, TLEILAXU, next_step[state.phase])
    assert legal(state, TLEILAXU) == [("done",), ("face_dancer", HARKONNEN)]
    act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    assert state.phase == "commit"  # no unused Harkonnen die left


def test_r10_face_dancers_spice_variant_1_spice_each():
    state, _ = battle(SIX, active=TLEILAXU, face_dancers="spice", spice_left=1, leaders={TLEILAXU: 1},
                      troops={ARRAKEEN: {TLEILAXU: 1, HARKONNEN: 3}})
    assert legal(state, TLEILAXU) == [("done",), ("face_dancer", HARKONNEN)]
    act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    assert state.spice_die == 0 and state.phase == "commit"


def test_r10_face_dancers_only_on_the_tleilaxu_turn():
    state, _ = battle(SIX, active=HARKONNEN, ally=TLEILAXU, dice=(ATREIDES,) * 4,
                      troops={ARRAKEEN: {TLEILAXU: 1, HARKONNEN: 1, ATREIDES: 2}})
    assert state.phase == "commit"


def test_h7_no_battle_when_the_face_dancers_replace_every_defender():
    state, texts = battle(SIX, active=TLEILAXU, dice=(HARKONNEN, HARKONNEN, GUILD, GUILD),
                          troops={ARRAKEEN: {TLEILAXU: 1, HARKONNEN: 2}})
    act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    texts = act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    assert "No defender is left in Arrakeen: there is no battle." in texts
    assert at(state, ARRAKEEN) == {TLEILAXU: 3}


def test_h18_when_face_dancers_take_the_defenders_last_troop_the_next_most_recent_defends():
    state, texts = battle(SIX, active=TLEILAXU, dice=(HARKONNEN, GUILD, GUILD, GUILD),
                          troops={ARRAKEEN: {TLEILAXU: 1, HARKONNEN: 1, ATREIDES: 2}})
    assert texts[0] == "Battle in Arrakeen: Bene Tleilax attack; Harkonnen defend with Atreides."
    texts = act(state, TLEILAXU, ("face_dancer", HARKONNEN))
    assert texts[1] == "The Atreides now defend Arrakeen."
    assert state.phase == "commit" and set(deciding(state)) == {TLEILAXU, ATREIDES}


def test_h5_gholas_before_a_battle():
    state, _ = battle(SIX, active=TLEILAXU, spice_left=1, troops={ARRAKEEN: {TLEILAXU: 1, ATREIDES: 1},
                                                                 MINOR_ERG: {TLEILAXU: 1, HARKONNEN: 1}})
    assert legal(state, TLEILAXU) == [("battle", ARRAKEEN), ("battle", MINOR_ERG), ("ghola",)]
    act(state, TLEILAXU, ("ghola",))
    assert state.lcard[TLEILAXU] == 1 and legal(state, TLEILAXU) == [("battle", ARRAKEEN), ("battle", MINOR_ERG)]


def test_r10_no_battle_is_left_unresolved():
    state, _ = battle(FOUR, troops={ARRAKEEN: {ATREIDES: 1, FREMEN: 1}, MINOR_ERG: {ATREIDES: 1, CORRINO: 1},
                                    SIETCH_TABR: {ATREIDES: 1, HARKONNEN: 1, FREMEN: 1}})
    while state.phase in ("battle_order", "commit", "offer_leader"):
        seat = state.awaiting[0]
        act(state, state.seat_faction[seat], legal(state, state.seat_faction[seat])[0])
    for region in (ARRAKEEN, MINOR_ERG, SIETCH_TABR):  # the Atreides hold them alone, or are gone
        assert ATREIDES not in at(state, region) or set(at(state, region)) == {ATREIDES}


def test_r13_smugglers_as_defenders_have_no_symbol_for_the_face_dancers():
    state, _ = battle((ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, SMUGGLERS), active=TLEILAXU,
                      dice=(GUILD,) * 4, troops={TUEKS_SIETCH: {TLEILAXU: 1, SMUGGLERS: 1}})
    assert state.phase == "commit"
