"""The rulebook's worked examples, played through the engine."""

from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BROKEN_LAND,
    CARTHAG,
    CORRINO,
    FREMEN,
    GUILD,
    HABBANYA_SIETCH,
    HARKONNEN,
    ORNITHOPTER,
    POLAR_SINK,
    SIETCH_TABR,
    SNOOPER,
    TUEKS_SIETCH,
)

from .scenario import act, at, deciding, finish_turn, legal, position, roll, start_at


def test_r2_storm_example_zone_5_east_to_zone_4():
    """TEMPETE DE SABLE: storm on 5 (Arrakeen), spice 3 with a storm, region face 6 East ->
    the storm moves to 4 and now covers Carthag and Broken Land (a desert: one troop each dies)."""
    state = position((ATREIDES, HARKONNEN), storm=5,
                     troops={BROKEN_LAND: {ATREIDES: 2, HARKONNEN: 1}, CARTHAG: {HARKONNEN: 2}})
    roll(state, region=6, spice=3)
    texts = start_at(state, "storm")
    assert state.storm == 4
    assert "The storm moves East from zone 5 to zone 4 (Broken Land and Carthag)." in texts
    assert at(state, BROKEN_LAND) == {ATREIDES: 1}  # a desert: one troop of each faction there
    assert at(state, CARTHAG) == {HARKONNEN: 2}  # not a desert: nothing lost
    assert "Harkonnen loses a Harkonnen troop in Broken Land (the storm); it goes to the reserve." in texts


def test_r11_alliance_victory_example_a_b_ab_bc_is_no_win():
    """FIN DE PARTIE: four strategic regions hold A, B, AB, BC: no alliance victory, C is in the fourth."""
    a, b, c = ATREIDES, HARKONNEN, FREMEN
    state = position((a, b, c, GUILD), active=a, troops={
        HABBANYA_SIETCH: {a: 1}, SIETCH_TABR: {b: 1}, CARTHAG: {a: 1, b: 1}, ARRAKEEN: {b: 1, c: 1}})
    state.ally = b
    roll(state, spice=1)
    start_at(state, "storm")
    assert not state.over and state.active_faction == b  # the game goes on: B's turn


def test_r11_alliance_victory_example_without_c_is_a_win():
    """The same position with C gone from the fourth region: A and B win together."""
    a, b, c = ATREIDES, HARKONNEN, FREMEN
    state = position((a, b, c, GUILD), active=a, troops={
        HABBANYA_SIETCH: {a: 1}, SIETCH_TABR: {b: 1}, CARTHAG: {a: 1, b: 1}, ARRAKEEN: {b: 1}, TUEKS_SIETCH: {c: 1}})
    state.ally = b
    roll(state, spice=1)
    texts = start_at(state, "storm")
    assert state.result.winners == (a, b) and state.result.reason == "alliance"
    assert texts[-1] == "The Atreides and the Harkonnen win together."


def test_r8_guild_monopoly_example_four_players_ends_at_2():
    """LA GUILDE SPATIALE: the left neighbour lands in region 5 (+1); the next lands only in the
    Polar Sink (nothing); the next lands only in the Polar Sink but its ally lands in Arrakeen (+1).
    The Guild starts its turn with 2 stored spice."""
    state = position((GUILD, ATREIDES, HARKONNEN, CORRINO), active=ATREIDES, store={GUILD: 0},
                     troops={ARRAKEEN: {ATREIDES: 1}}, card={ATREIDES: 3, HARKONNEN: 2, CORRINO: 2})
    # Left neighbour (Atreides): lands in Arrakeen, region 5.
    roll(state, (FREMEN, FREMEN, FREMEN, FREMEN), region=1, spice=2)  # no symbol of a player: no alliance
    start_at(state, "alliance")
    assert state.phase == "land"
    texts = act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))
    assert "Transport Monopoly: the Spacing Guild stores 1 spice (1 now)." in texts
    act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))  # a second landing this turn pays nothing more
    assert state.store[GUILD] == 1
    finish_turn(state, ATREIDES)
    # Next (Harkonnen): lands in the Polar Sink only.
    roll(state, (FREMEN, FREMEN, FREMEN, FREMEN), region=1, spice=2)
    start_at(state, "alliance")
    act(state, HARKONNEN, ("land", HARKONNEN, POLAR_SINK))
    act(state, HARKONNEN, ("land", HARKONNEN, POLAR_SINK))
    finish_turn(state, HARKONNEN)
    assert state.store[GUILD] == 1
    # Next (Corrino): lands in the Polar Sink; its ally the Atreides lands in Arrakeen.
    roll(state, (ATREIDES, FREMEN, FREMEN, FREMEN), region=1, spice=2)
    start_at(state, "alliance")
    act(state, CORRINO, ("propose", ATREIDES, ATREIDES))
    act(state, ATREIDES, ("accept",))
    assert state.phase == "consent"
    act(state, ATREIDES, ("refuse",))  # the Corrino may not land in Arrakeen
    assert ("land", CORRINO, ARRAKEEN) not in legal(state, CORRINO)
    act(state, CORRINO, ("land", CORRINO, POLAR_SINK))
    act(state, CORRINO, ("ally_lands", 1))
    assert deciding(state) == (ATREIDES,)
    texts = act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))
    assert "Transport Monopoly: the Spacing Guild stores 1 spice (2 now)." in texts
    finish_turn(state, CORRINO)
    assert state.active_faction == GUILD and state.round == 2 and state.phase == "roll"
    assert state.store[GUILD] == 2


def test_full_example_turn_hungarian_atreides_and_corrino_against_the_baron():
    """PELDA EGY KORRE (Hungarian rulebook): Zsuzsa (Atreides) allies with Judit (Corrino), recruits,
    takes the Snooper, lands with CHOAM spice, attacks Carthag and loses to the Baron alone.

    Two differences with the printed text, both documented:
    - the text starts Zsuzsa with 3 troops in Arrakeen but then lands "next to the 2 there" and leaves
      2 behind after moving 3 of 2+1+2: the counts only add up with 2, so 2 it is;
    - the text says Sietch Tabr borders Carthag, so Judit could have moved in from there.  Under R1's
      ring (Tabr, Broken Land, Carthag) they are not adjacent: the engine gives Judit no such move."""
    state = position(
        (ATREIDES, CORRINO, HARKONNEN, FREMEN), active=ATREIDES, storm=1,
        troops={ARRAKEEN: {ATREIDES: 2}, SIETCH_TABR: {CORRINO: 1}, CARTHAG: {HARKONNEN: 2}},
        card={ATREIDES: 2, CORRINO: 1}, leaders={CORRINO: 1, HARKONNEN: 1},
        constructions={CARTHAG: ORNITHOPTER}, store={CORRINO: 5},
    )
    roll(state, (ATREIDES, ATREIDES, CORRINO, HARKONNEN), region=4, spice=1, kanly=SNOOPER)
    start_at(state, "piter")
    # Alliance: a Corrino die lets Zsuzsa ask Judit, who accepts.
    assert ("propose", CORRINO, CORRINO) in legal(state, ATREIDES)
    act(state, ATREIDES, ("propose", CORRINO, CORRINO))
    assert deciding(state) == (CORRINO,)
    texts = act(state, CORRINO, ("accept",))
    assert "The Atreides and the Corrino are allied for this turn." in texts
    # Recruitment: two Atreides dice, two troops; Judit's one die, one troop (forced); the Snooper.
    assert deciding(state) == (ATREIDES,)
    texts = act(state, ATREIDES, ("recruit", 2, 0, 0))
    assert texts[:3] == [
        "Atreides recruits 2 troops to the faction card.",
        "Corrino recruits 1 troop to the faction card.",
        "Atreides takes the Snooper from the pool.",
    ]
    assert state.card[ATREIDES] == 4 and state.card[CORRINO] == 2 and state.snooper == ATREIDES
    # Landing: 1 spice from the die; Judit gives 4 of her CHOAM spice (H4: when landing starts).
    assert deciding(state) == (CORRINO,) and state.phase == "gift"
    act(state, CORRINO, ("gift", 4))
    assert deciding(state) == (CORRINO,) and state.phase == "consent"
    act(state, CORRINO, ("refuse",))
    for _ in range(3):
        act(state, ATREIDES, ("land", ATREIDES, ARRAKEEN))
    act(state, ATREIDES, ("ally_lands", 2))  # H6: Zsuzsa pays for Judit's two troops
    act(state, CORRINO, ("land", CORRINO, SIETCH_TABR))
    texts = act(state, CORRINO, ("land", CORRINO, SIETCH_TABR))  # spice spent: the landing ends
    assert at(state, ARRAKEEN) == {ATREIDES: 5} and at(state, SIETCH_TABR) == {CORRINO: 3}
    assert state.store[CORRINO] == 1 and state.card[ATREIDES] == 1
    # Movement: region die 4 -> Carthag; 3 troops come from neighbouring Arrakeen, 2 stay.
    assert state.phase == "target"
    assert set(legal(state, ATREIDES)) == {("target", BROKEN_LAND), ("target", CARTHAG), ("target", POLAR_SINK)}
    act(state, ATREIDES, ("target", CARTHAG))
    act(state, ATREIDES, ("move", ARRAKEEN, ATREIDES, 3))
    texts = act(state, ATREIDES, ("done",))
    # Judit's move is forced to "done": Sietch Tabr does not border Carthag (R1).
    assert at(state, SIETCH_TABR) == {CORRINO: 3}
    # Battle in Carthag: Judit keeps Shaddam out; Zsuzsa has no leader on her card.
    assert "Battle in Carthag: Atreides attack; Harkonnen defend." in texts
    assert deciding(state) == (CORRINO,) and state.phase == "offer_leader"
    act(state, CORRINO, ("no_offer",))
    assert set(deciding(state)) == {ATREIDES, HARKONNEN} and state.phase == "commit"
    assert all(not c[2] for c in legal(state, ATREIDES))  # no leader to commit
    act(state, ATREIDES, ("commit", ((ATREIDES, 2),), ()))
    texts = act(state, HARKONNEN, ("commit", (), ((HARKONNEN, 1),)))
    assert ("Reveal in Carthag: Atreides commit 2 Atreides troops (strength 2); Harkonnen commit "
            "Baron Vladimir (strength 4). The Harkonnen win.") in texts
    # The Baron and every Atreides troop brought to Carthag go to the reserve; Ferenc's 2 stay.
    assert at(state, CARTHAG) == {HARKONNEN: 2} and state.constr[CARTHAG] == ORNITHOPTER
    assert at(state, ARRAKEEN) == {ATREIDES: 2}
    assert state.lcard[HARKONNEN] == 0 and state.lreserve[HARKONNEN] == 1
    assert state.reserve[ATREIDES] == 12 - 2 - 1  # 2 in Arrakeen, 1 on the card
    # No storm (spice 1); the dice pass to Judit.
    assert state.storm == 1 and state.active_faction == CORRINO and state.phase == "roll"
