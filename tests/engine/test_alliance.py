"""2. Alliance (R5, R13): one proposal a turn with 4+ players, on a kept symbol."""

from dune_tui.games.dune.data import (
    ATREIDES,
    BENE_GESSERIT,
    CORRINO,
    FREMEN,
    GUILD,
    HARKONNEN,
    POLAR_SINK,
    SMUGGLERS,
    TLEILAXU,
)

from .scenario import act, deciding, finish_turn, legal, position, roll, start_at

SIX = (ATREIDES, HARKONNEN, FREMEN, TLEILAXU, CORRINO, SMUGGLERS)


def test_r5_no_alliance_with_three_players():
    state = position((ATREIDES, HARKONNEN, CORRINO), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, (HARKONNEN, CORRINO, HARKONNEN, CORRINO))
    start_at(state, "alliance")
    assert state.phase != "alliance" and state.ally == -1


def test_r5_propose_only_to_a_faction_whose_symbol_shows():
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO))
    roll(state, (HARKONNEN, HARKONNEN, GUILD, BENE_GESSERIT))  # Guild and BG symbols, but nobody plays them
    start_at(state, "alliance")
    assert deciding(state) == (ATREIDES,)
    assert legal(state, ATREIDES) == [("no_alliance",), ("propose", HARKONNEN, HARKONNEN)]


def test_r5_tleilaxu_and_smugglers_accept_any_faction_die():
    state = position(SIX)
    roll(state, (GUILD, GUILD, FREMEN, GUILD))
    start_at(state, "alliance")
    assert legal(state, ATREIDES) == [
        ("no_alliance",), ("propose", FREMEN, FREMEN), ("propose", TLEILAXU, FREMEN), ("propose", TLEILAXU, GUILD),
        ("propose", SMUGGLERS, -1),
    ]


def test_r5_the_asked_player_may_decline():
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, (HARKONNEN, GUILD, GUILD, GUILD))
    start_at(state, "alliance")
    assert act(state, ATREIDES, ("propose", HARKONNEN, HARKONNEN)) == [
        "Atreides proposes an alliance to the Harkonnen."]
    assert deciding(state) == (HARKONNEN,) and legal(state, HARKONNEN) == [("accept",), ("decline",)]
    texts = act(state, HARKONNEN, ("decline",))
    assert texts[0] == "The Harkonnen decline the alliance."
    assert state.ally == -1


def test_r5_the_voice_bene_gesserit_proposals_cannot_be_refused():
    state = position((BENE_GESSERIT, ATREIDES, HARKONNEN, FREMEN, CORRINO), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, (HARKONNEN, GUILD, GUILD, GUILD))
    start_at(state, "alliance")
    texts = act(state, BENE_GESSERIT, ("propose", HARKONNEN, HARKONNEN))
    assert texts[:3] == [
        "Bene Gesserit proposes an alliance to the Harkonnen.",
        "The Voice: the proposal cannot be refused.",
        "The Bene Gesserit and the Harkonnen are allied for this turn.",
    ]
    assert state.ally == HARKONNEN


def test_r5_the_alliance_ends_with_the_turn():
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, (HARKONNEN, GUILD, GUILD, GUILD))
    start_at(state, "alliance")
    act(state, ATREIDES, ("propose", HARKONNEN, HARKONNEN))
    act(state, HARKONNEN, ("accept",))
    assert state.ally == HARKONNEN
    finish_turn(state, ATREIDES)
    assert state.active_faction == HARKONNEN and state.ally == -1


def test_r13_the_tleilaxu_propose_with_their_chosen_symbol_to_its_faction():
    """On its own turn the Tleilaxu ask a faction whose symbol shows, like anyone."""
    state = position(SIX, active=TLEILAXU)
    roll(state, (ATREIDES, ATREIDES, CORRINO, GUILD))
    start_at(state, "axolotl")
    act(state, TLEILAXU, ("symbol", ATREIDES))
    assert legal(state, TLEILAXU) == [
        ("no_alliance",), ("propose", ATREIDES, ATREIDES), ("propose", CORRINO, CORRINO), ("propose", SMUGGLERS, -1)]
