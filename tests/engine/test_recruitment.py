"""3. Recruitment (R6, R13, H1, H2): faction dice bring troops and leaders from reserve to the card."""

from dune_tui.games.dune.data import (
    ATREIDES,
    BENE_GESSERIT,
    CORRINO,
    FREMEN,
    GUILD,
    HARKONNEN,
    POLAR_SINK,
    SARDAUKAR,
    SMUGGLERS,
    TLEILAXU,
)

from .scenario import act, deciding, legal, position, roll, start_at

SIX = (ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, SMUGGLERS)
ON_MAP = {POLAR_SINK: {ATREIDES: 1}}  # keeps the turn from running past the decisions under test


def test_r6_one_troop_or_one_leader_per_own_symbol_die():
    state = position((HARKONNEN, ATREIDES), troops=ON_MAP)
    roll(state, (HARKONNEN, HARKONNEN, CORRINO, GUILD))
    start_at(state, "recruitment")
    assert deciding(state) == (HARKONNEN,)
    assert legal(state, HARKONNEN) == [("recruit", 2, 0, 0), ("recruit", 1, 1, 0)]
    assert act(state, HARKONNEN, ("recruit", 1, 1, 0))[0] == (
        "Harkonnen recruits 1 troop and a leader to the faction card.")
    assert state.card[HARKONNEN] == 1 and state.lcard[HARKONNEN] == 1 and state.reserve[HARKONNEN] == 11


def test_r6_atreides_recruit_at_most_one_leader_a_phase():
    state = position((ATREIDES, HARKONNEN), troops=ON_MAP)
    roll(state, (ATREIDES, ATREIDES, ATREIDES, GUILD))
    start_at(state, "recruitment")
    assert legal(state, ATREIDES) == [("recruit", 3, 0, 0), ("recruit", 2, 1, 0)]


def test_r6_the_reserve_limits_recruits():
    state = position((HARKONNEN, ATREIDES), troops={POLAR_SINK: {HARKONNEN: 11}}, leaders={HARKONNEN: 1})
    roll(state, (HARKONNEN, HARKONNEN, HARKONNEN, GUILD))
    texts = start_at(state, "recruitment")  # a single choice: played at once
    assert "Harkonnen recruits 1 troop to the faction card." in texts
    assert state.reserve[HARKONNEN] == 0 and state.card[HARKONNEN] == 1


def test_r6_the_ally_recruits_troops_only_without_the_active_players_consent():
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO), troops=ON_MAP)
    roll(state, (ATREIDES, HARKONNEN, HARKONNEN, GUILD))
    start_at(state, "alliance")
    act(state, ATREIDES, ("propose", HARKONNEN, HARKONNEN))
    act(state, HARKONNEN, ("accept",))
    act(state, ATREIDES, ("recruit", 0, 1, 0))
    # The Harkonnen ally recruits 2 troops (never the Baron): its single choice, played at once.
    assert state.card[HARKONNEN] == 2 and state.lcard[HARKONNEN] == 0
    assert state.lcard[ATREIDES] == 1


def test_r6_fremen_need_two_dice_a_troop_on_their_own_turn():
    state = position((FREMEN, ATREIDES), troops=ON_MAP, leaders={FREMEN: 1})
    roll(state, (FREMEN, FREMEN, FREMEN, GUILD))
    texts = start_at(state, "recruitment")
    assert "Fremen recruits 1 troop to the faction card." in texts  # 3 dice: one troop, one die left over


def test_r6_fremen_need_one_die_a_troop_as_an_ally():
    state = position((ATREIDES, FREMEN, HARKONNEN, CORRINO), troops=ON_MAP, leaders={ATREIDES: 2})
    roll(state, (FREMEN, FREMEN, FREMEN, GUILD))
    start_at(state, "alliance")
    texts = act(state, ATREIDES, ("propose", FREMEN, FREMEN))
    texts = act(state, FREMEN, ("accept",))
    assert "Fremen recruits 3 troops to the faction card." in texts


def test_r6_corrino_salusa_secundus_one_sardaukar_for_two_dice():
    state = position((CORRINO, ATREIDES), troops=ON_MAP, leaders={CORRINO: 1})
    roll(state, (CORRINO, CORRINO, CORRINO, GUILD))
    start_at(state, "recruitment")
    assert legal(state, CORRINO) == [("recruit", 3, 0, 0), ("recruit", 1, 0, 1)]
    assert act(state, CORRINO, ("recruit", 1, 0, 1))[0] == (
        "Corrino recruits 1 troop and 1 Sardaukar to the faction card.")
    assert state.card[SARDAUKAR] == 1 and state.reserve[SARDAUKAR] == 3


def test_h2_corrino_as_ally_may_recruit_a_sardaukar_but_no_leader():
    state = position((ATREIDES, CORRINO, HARKONNEN, FREMEN), troops=ON_MAP, leaders={ATREIDES: 2})
    roll(state, (CORRINO, CORRINO, GUILD, GUILD))
    start_at(state, "alliance")
    act(state, ATREIDES, ("propose", CORRINO, CORRINO))
    act(state, CORRINO, ("accept",))
    assert deciding(state) == (CORRINO,) and state.phase == "ally_recruit"
    assert legal(state, CORRINO) == [("recruit", 2, 0, 0), ("recruit", 0, 0, 1)]


def test_h1_only_maximal_mixes_are_offered():
    """Never "recruit 1 troop" with 2 Harkonnen dice: an unused die never helps (H1)."""
    state = position((HARKONNEN, ATREIDES), troops=ON_MAP)
    roll(state, (HARKONNEN, HARKONNEN, GUILD, GUILD))
    start_at(state, "recruitment")
    assert ("recruit", 1, 0, 0) not in legal(state, HARKONNEN)


def test_h1_the_tleilaxu_may_spare_dice_for_the_face_dancers():
    state = position(SIX, active=TLEILAXU, troops=ON_MAP)
    roll(state, (ATREIDES, ATREIDES, GUILD, GUILD))
    start_at(state, "axolotl")
    act(state, TLEILAXU, ("symbol", ATREIDES))
    act(state, TLEILAXU, ("no_alliance",))
    assert legal(state, TLEILAXU) == [
        ("recruit", 0, 0, 0), ("recruit", 1, 0, 0), ("recruit", 2, 0, 0), ("recruit", 0, 1, 0), ("recruit", 1, 1, 0)]
    assert act(state, TLEILAXU, ("recruit", 0, 0, 0))[0] == "Bene Tleilax recruits nothing."
    assert state.used_dice == 0


def test_h1_the_tleilaxu_recruit_maximally_with_the_spice_face_dancers():
    state = position(SIX, active=TLEILAXU, troops=ON_MAP, face_dancers="spice")
    roll(state, (ATREIDES, ATREIDES, GUILD, GUILD))
    start_at(state, "axolotl")
    act(state, TLEILAXU, ("symbol", ATREIDES))
    act(state, TLEILAXU, ("no_alliance",))
    assert legal(state, TLEILAXU) == [("recruit", 2, 0, 0), ("recruit", 1, 1, 0)]


def test_r13_tleilaxu_allied_with_the_chosen_symbols_faction_split_its_dice():
    """On its own turn, the Tleilaxu take the Atreides symbol and ally with the Atreides: they decide
    how many of the three Atreides dice (at least one) the Atreides recruit with."""
    state = position(SIX, active=TLEILAXU, troops=ON_MAP, leaders={TLEILAXU: 1, ATREIDES: 2})
    roll(state, (ATREIDES, ATREIDES, ATREIDES, GUILD))
    start_at(state, "axolotl")
    act(state, TLEILAXU, ("symbol", ATREIDES))
    act(state, TLEILAXU, ("propose", ATREIDES, ATREIDES))
    act(state, ATREIDES, ("accept",))
    assert deciding(state) == (TLEILAXU,) and legal(state, TLEILAXU) == [("share", 1), ("share", 2), ("share", 3)]
    assert act(state, TLEILAXU, ("share", 2)) == ["Bene Tleilax lets the Atreides recruit with 2 of the shared dice."]
    assert legal(state, TLEILAXU)[-1] == ("recruit", 1, 0, 0)  # one die left for the Tleilaxu
    texts = act(state, TLEILAXU, ("recruit", 1, 0, 0))
    assert texts[0] == "Bene Tleilax recruits 1 troop to the faction card."
    assert texts[1] == "Atreides recruits 2 troops to the faction card."  # every die recruits once


def test_r13_the_active_player_naming_its_own_symbol_for_the_tleilaxu_splits_its_dice():
    state = position(SIX, active=HARKONNEN, troops=ON_MAP)
    roll(state, (HARKONNEN, HARKONNEN, HARKONNEN, GUILD))
    start_at(state, "alliance")
    act(state, HARKONNEN, ("propose", TLEILAXU, HARKONNEN))
    act(state, TLEILAXU, ("accept",))
    assert deciding(state) == (HARKONNEN,) and legal(state, HARKONNEN) == [("share", k) for k in (1, 2, 3)]
    act(state, HARKONNEN, ("share", 1))
    assert legal(state, HARKONNEN) == [("recruit", 2, 0, 0), ("recruit", 1, 1, 0)]
    texts = act(state, HARKONNEN, ("recruit", 2, 0, 0))
    assert texts[1] == "Bene Tleilax recruits 1 troop to the faction card."


def test_r13_another_symbol_recruits_tleilaxu_troops_one_die_each():
    state = position(SIX, active=HARKONNEN, troops=ON_MAP)
    roll(state, (HARKONNEN, GUILD, GUILD, FREMEN))
    start_at(state, "alliance")
    act(state, HARKONNEN, ("propose", TLEILAXU, GUILD))
    texts = act(state, TLEILAXU, ("accept",))
    assert state.phase == "recruit" and legal(state, HARKONNEN) == [("recruit", 1, 0, 0), ("recruit", 0, 1, 0)]
    texts = act(state, HARKONNEN, ("recruit", 1, 0, 0))
    assert texts[1] == "Bene Tleilax recruits 2 troops to the faction card."


def test_r13_smugglers_never_recruit_alone_or_as_allies():
    state = position(SIX, active=SMUGGLERS, troops=ON_MAP)
    roll(state, (GUILD, GUILD, GUILD, GUILD))
    start_at(state, "recruitment")
    assert state.phase != "recruit"
    state = position(SIX, active=ATREIDES, troops=ON_MAP, leaders={ATREIDES: 2})
    roll(state, (GUILD, GUILD, GUILD, GUILD))
    start_at(state, "alliance")
    act(state, ATREIDES, ("propose", SMUGGLERS, -1))
    act(state, SMUGGLERS, ("accept",))
    assert state.phase not in ("recruit", "ally_recruit") and state.card[SMUGGLERS] == 0


def test_r6_bene_gesserit_recruit_like_anyone():
    state = position((BENE_GESSERIT, ATREIDES, HARKONNEN, FREMEN, CORRINO), troops=ON_MAP,
                     leaders={BENE_GESSERIT: 1})
    roll(state, (BENE_GESSERIT, GUILD, GUILD, GUILD))
    texts = start_at(state, "recruitment")
    assert "Bene Gesserit recruits 1 troop to the faction card." in texts
