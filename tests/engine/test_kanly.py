"""4. Kanly (R7): assassins, the Snooper and Shield markers, Thumpers."""

from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CORRINO,
    CRYSKNIFE,
    FORTIFICATION,
    FREMEN,
    HARKONNEN,
    HUNTER_SEEKER,
    POISON,
    POLAR_SINK,
    SARDAUKAR,
    SHIELD,
    SIETCH_TABR,
    SNOOPER,
    THUMPER,
)

from .scenario import act, at, deciding, legal, position, roll, start_at

FIVE = (ATREIDES, HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT)
EVERYONE_IN_ARRAKEEN = {ARRAKEEN: {ATREIDES: 1, HARKONNEN: 1, FREMEN: 1, CORRINO: 1, SARDAUKAR: 1, BENE_GESSERIT: 1}}


def kanly(face, **kw):
    state = position(FIVE, active=ATREIDES, troops=EVERYONE_IN_ARRAKEEN, **kw)
    roll(state, kanly=face)
    start_at(state, "kanly")
    return state


def targets(state):
    return {a[2] for a in legal(state, ATREIDES) if a[0] == "kanly"}


def test_r7_poison_spares_snooper_holder_and_bene_gesserit():
    state = kanly(POISON, snooper=HARKONNEN)
    assert deciding(state) == (ATREIDES,) and ("pass",) in legal(state, ATREIDES)
    assert targets(state) == {ATREIDES, FREMEN, CORRINO, SARDAUKAR}


def test_r7_crysknife_spares_shield_holder_and_fremen():
    state = kanly(CRYSKNIFE, shield=CORRINO)
    assert targets(state) == {ATREIDES, HARKONNEN, BENE_GESSERIT}  # the Sardaukar are Corrino's


def test_r7_hunter_seeker_has_no_defence():
    state = kanly(HUNTER_SEEKER, snooper=HARKONNEN, shield=CORRINO)
    assert targets(state) == {ATREIDES, HARKONNEN, FREMEN, CORRINO, SARDAUKAR, BENE_GESSERIT}


def test_r7_kanly_reaches_the_polar_sink_but_not_the_storm():
    state = position(FIVE, storm=5, troops={ARRAKEEN: {HARKONNEN: 1}, POLAR_SINK: {FREMEN: 1}, CARTHAG: {CORRINO: 1}})
    roll(state, kanly=HUNTER_SEEKER)
    start_at(state, "kanly")
    assert legal(state, ATREIDES) == [("pass",), ("kanly", CARTHAG, CORRINO), ("kanly", POLAR_SINK, FREMEN)]


def test_r7_the_troop_goes_to_its_owners_reserve():
    state = kanly(HUNTER_SEEKER)
    texts = act(state, ATREIDES, ("kanly", ARRAKEEN, SARDAUKAR))
    assert texts[0] == "Kanly: Hunter-Seeker! Atreides removes a Sardaukar troop from Arrakeen."
    assert SARDAUKAR not in at(state, ARRAKEEN) and state.reserve[SARDAUKAR] == 4


def test_r7_kanly_is_optional():
    state = kanly(HUNTER_SEEKER)
    assert act(state, ATREIDES, ("pass",))[0] == "Atreides sends no assassin."
    assert at(state, ARRAKEEN) == EVERYONE_IN_ARRAKEEN[ARRAKEEN]


def test_r10_kanly_emptying_a_fortified_region_returns_the_fortification():
    state = position(FIVE, troops={SIETCH_TABR: {HARKONNEN: 1}, POLAR_SINK: {ATREIDES: 1}},
                     constructions={SIETCH_TABR: FORTIFICATION})
    roll(state, kanly=HUNTER_SEEKER)
    start_at(state, "kanly")
    texts = act(state, ATREIDES, ("kanly", SIETCH_TABR, HARKONNEN))
    assert texts[1] == "The empty Fortification in Sietch Tabr returns to the pool."
    assert state.constr[SIETCH_TABR] == 0


def test_r7_snooper_and_shield_are_taken_from_whoever_holds_them():
    state = position(FIVE, snooper=HARKONNEN, troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, kanly=SNOOPER)
    assert "Atreides takes the Snooper from the Harkonnen." in start_at(state, "kanly")
    assert state.snooper == ATREIDES
    state = position(FIVE, troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, kanly=SHIELD)
    assert "Atreides takes the Shield from the pool." in start_at(state, "kanly")
    assert state.shield == ATREIDES


def test_r7_thumper_one_per_player_four_in_all():
    state = position(FIVE, thumpers=(HARKONNEN,), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, kanly=THUMPER)
    assert "Atreides takes a Thumper from the pool." in start_at(state, "kanly")
    assert state.thumpers == 1 << ATREIDES | 1 << HARKONNEN
    state = position(FIVE, thumpers=(ATREIDES,), troops={POLAR_SINK: {ATREIDES: 1}})  # already holds one
    roll(state, kanly=THUMPER)
    start_at(state, "kanly")
    assert state.thumpers == 1 << ATREIDES
    state = position(FIVE, thumpers=(HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT), troops={POLAR_SINK: {ATREIDES: 1}})
    roll(state, kanly=THUMPER)
    texts = start_at(state, "kanly")  # the pool is empty; a Thumper is never stolen
    assert not state.thumpers >> ATREIDES & 1 and not any("takes a Thumper" in t for t in texts)
