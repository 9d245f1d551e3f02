"""The query module (engine.queries) and the consequence texts (engine.describe): what a player reasons with,
checked against the rules themselves on scenario positions, and on views against full states."""

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dune_tui.games.dune import Options, apply, legal_actions, new_game, observation_key, queries, view
from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    BROKEN_LAND,
    CARTHAG,
    CIELAGO_PLAIN,
    CORRINO,
    CRYSKNIFE,
    FORTIFICATION,
    FREMEN,
    GREAT_FLAT,
    GUILD,
    HARKONNEN,
    HARVESTER,
    HUNTER_SEEKER,
    MINOR_ERG,
    ORNITHOPTER,
    POISON,
    POLAR_SINK,
    SARDAUKAR,
    SIETCH_TABR,
    SMUGGLERS,
    TUEKS_SIETCH,
    WORM,
)
from dune_tui.games.dune.describe import (
    CONSTRUCTION_USES,
    action_hint,
    action_text,
    consequences,
    kanly_text,
    prompt,
    spice_text,
    storm_text,
)
from tests.profiles import cases

from .scenario import act, at, legal, position, roll, start_at

FOUR = (ATREIDES, HARKONNEN, FREMEN, CORRINO)
IN_TABR = {SIETCH_TABR: {ATREIDES: 2, HARKONNEN: 1, FREMEN: 1, CORRINO: 1, SARDAUKAR: 1}}


def stormy(storm, region, spice=3, constructions=None, troops=IN_TABR, factions=FOUR):
    state = position(factions, active=ATREIDES, storm=storm, troops=troops, constructions=constructions)
    roll(state, region=region, spice=spice)
    return state


def played_storm(state):
    """The board after the real end of turn (the storm rule run by the flow)."""
    after = state.copy()
    after.events = []
    start_at(after, "storm")
    return after


# ------------------------------------------------------------------ storm


def test_r2_storm_moves_west_on_faces_2_and_5_and_kills_one_troop_a_faction_but_fremen():
    state = stormy(storm=2, region=2, spice=4)  # West: zone 2 -> 3 (Sietch Tabr, a desert)
    f = queries.storm_forecast(state)
    assert f.known and f.moves and f.west and f.zone == 3 and f.regions == (SIETCH_TABR,)
    lost = sorted(unit for _, unit, _ in f.losses)
    assert lost == [ATREIDES, HARKONNEN, CORRINO]  # H3: Corrino's regular before the Sardaukar; Fremen spared
    after = played_storm(state)
    assert at(after, SIETCH_TABR) == {ATREIDES: 1, FREMEN: 1, SARDAUKAR: 1}
    assert f.losses_of(ATREIDES) == ((SIETCH_TABR, ATREIDES, False),)
    assert storm_text(state, ATREIDES) == "Storm → zone 3 West (Sietch Tabr): you lose 1 troop there."
    assert storm_text(state, FREMEN).endswith(": spares you.")


def test_r2_storm_moves_east_on_the_other_faces():
    state = stormy(storm=4, region=4, spice=5)  # East: zone 4 -> 3
    f = queries.storm_forecast(state)
    assert f.known and f.moves and not f.west and f.zone == 3
    assert len(f.losses) == 3 and played_storm(state).storm == 3


def test_r2_spice_faces_1_2_and_the_worm_leave_the_storm_where_it_is():
    for spice in (1, 2, WORM):
        state = stormy(storm=2, region=2, spice=spice)
        f = queries.storm_forecast(state)
        assert f.known and not f.moves and f.zone == 2 and not f.losses
        assert played_storm(state).storm == 2
        assert storm_text(state, ATREIDES) == "Storm: stays in zone 2 (no storm on the spice die)."


def test_r11_a_fortification_shelters_the_troops_and_an_ornithopter_is_destroyed():
    f = queries.storm_forecast(stormy(storm=2, region=2, constructions={SIETCH_TABR: FORTIFICATION}))
    assert f.known and f.moves and not f.losses and not f.ornithopters
    state = stormy(storm=2, region=2, constructions={SIETCH_TABR: ORNITHOPTER})
    f = queries.storm_forecast(state)
    assert f.ornithopters == (SIETCH_TABR,) and len(f.losses) == 3
    assert played_storm(state).constr[SIETCH_TABR] == 0
    assert storm_text(state, ATREIDES).endswith("; the Ornithopter in Sietch Tabr is destroyed.")


def test_r11_the_storm_spares_non_desert_regions():
    troops = {TUEKS_SIETCH: {ATREIDES: 2}, MINOR_ERG: {HARKONNEN: 1}}
    f = queries.storm_forecast(stormy(storm=1, region=1, troops=troops))  # East: zone 1 -> 6
    assert f.zone == 6 and f.regions == (MINOR_ERG, TUEKS_SIETCH) and not f.losses


def test_h12_guild_evacuation_sends_the_guild_storm_losses_to_the_card():
    troops = {SIETCH_TABR: {GUILD: 2, ATREIDES: 1}}
    f = queries.storm_forecast(stormy(storm=2, region=2, troops=troops, factions=(ATREIDES, GUILD)))
    assert f.losses_of(GUILD) == ((SIETCH_TABR, GUILD, True),)
    assert f.losses_of(ATREIDES) == ((SIETCH_TABR, ATREIDES, False),)


def test_the_forecast_is_not_known_until_the_deciding_dice_are_kept():
    state = stormy(storm=2, region=2, spice=4)
    state.kept = 0
    f = queries.storm_forecast(state)
    assert not f.known and not f.moves and f.zone == 2
    assert storm_text(state, ATREIDES) == "Storm: not known yet (spice die)."
    assert spice_text(state) == "Spice: not known yet (spice die)."
    state.kept = 1 << 5  # the spice die (a 4) only: the storm moves, which way is not known
    f = queries.storm_forecast(state)
    assert not f.known and f.moves
    assert "not known yet (region die)" in storm_text(state, ATREIDES)
    state.kept = 1 << 5 | 1 << 4
    assert queries.storm_forecast(state).known


# ------------------------------------------------------------------ spice


def test_r3_the_spice_of_the_turn_is_the_die_and_two_a_harvester():
    troops = {GREAT_FLAT: {ATREIDES: 1}, BROKEN_LAND: {ATREIDES: 1}}
    state = stormy(storm=6, region=2, spice=3, troops=troops,
                   constructions={GREAT_FLAT: HARVESTER, BROKEN_LAND: HARVESTER})
    s = queries.spice_this_turn(state)
    assert (s.known, s.die, s.harvest, s.total) == (True, 3, 4, 7)
    assert spice_text(state) == "Spice: 7 (3 on the die, 4 harvest)."
    start_at(state, "landing")
    assert queries.spice_now(state) == 7  # what the landing rule found
    worm = stormy(storm=6, region=2, spice=WORM, troops=troops, constructions={GREAT_FLAT: HARVESTER})
    assert queries.spice_this_turn(worm).total == 0 and spice_text(worm) == "Spice: none this turn (Shai-Hulud)."


# ------------------------------------------------------------------ Kanly

FIVE = (ATREIDES, HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT)
SPREAD = {CARTHAG: {HARKONNEN: 1}, SIETCH_TABR: {FREMEN: 1}, POLAR_SINK: {BENE_GESSERIT: 1, CORRINO: 1}}


def kanly_at(face, storm=6, troops=SPREAD, **kw):
    state = position(FIVE, active=ATREIDES, storm=storm, troops=troops, **kw)
    roll(state, kanly=face)
    return state


def whys(state):
    return {(s.faction, s.why) for s in queries.kanly_sheltered(state)}


def test_r7_poison_cannot_reach_the_snooper_holder_nor_the_bene_gesserit():
    state = kanly_at(POISON, snooper=HARKONNEN)
    assert whys(state) == {(HARKONNEN, "Snooper"), (BENE_GESSERIT, "Bene Gesserit")}
    assert kanly_text(state) == "Poison cannot reach: Harkonnen (Snooper), Bene Gesserit (immune)."
    start_at(state, "kanly")
    reached = {a[2] for a in legal(state, ATREIDES) if a[0] == "kanly"}
    assert reached == {FREMEN, CORRINO}
    assert queries.kanly_targets(state) == ((SIETCH_TABR, FREMEN), (POLAR_SINK, CORRINO))


def test_r7_the_crysknife_cannot_reach_the_shield_holder_nor_the_fremen():
    state = kanly_at(CRYSKNIFE, shield=CORRINO)
    assert whys(state) == {(FREMEN, "Fremen"), (CORRINO, "Shield")}
    assert kanly_text(state) == "Crysknife cannot reach: Fremen (immune), Corrino (Shield)."


def test_r7_the_storm_shelters_every_troop_under_it():
    state = kanly_at(HUNTER_SEEKER, storm=4)  # zone 4: Broken Land and Carthag
    assert whys(state) == {(HARKONNEN, "storm")}
    assert kanly_text(state) == "Hunter-Seeker cannot reach: Carthag (storm)."


def test_r7_when_every_target_is_immune_the_step_passes_and_says_why():
    troops = {SIETCH_TABR: {FREMEN: 1}, POLAR_SINK: {BENE_GESSERIT: 1}}
    state = kanly_at(POISON, troops=troops, snooper=FREMEN)
    assert queries.every_target_immune(state)
    assert kanly_text(state) == ("Poison: every target is immune — Fremen (Snooper), Bene Gesserit (immune); "
                                 "Kanly passes.")
    texts = start_at(state, "kanly")
    assert state.phase != "kanly"
    assert ("Atreides sends no assassin: every target is immune to the Poison: Fremen (Snooper), "
            "Bene Gesserit (immune).") in texts
    assert not queries.every_target_immune(kanly_at(POISON, troops={}))  # nobody to aim at: not "immune"


def test_r7_kanly_passing_under_the_storm_says_so_in_the_log():
    state = kanly_at(HUNTER_SEEKER, storm=4, troops={CARTHAG: {HARKONNEN: 2}})
    texts = start_at(state, "kanly")
    assert "Atreides sends no assassin: every target is immune to the Hunter-Seeker: Carthag (storm)." in texts


def test_r7_a_kanly_passed_by_choice_gives_no_reason():
    state = kanly_at(POISON, snooper=HARKONNEN)
    start_at(state, "kanly")
    assert act(state, ATREIDES, ("pass",))[0] == "Atreides sends no assassin."


# -------------------------------------------------------------- alliances


def test_r5_the_allys_knot_ability_is_said_for_each_proposal():
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO, SMUGGLERS, GUILD), active=ATREIDES,
                     store={CORRINO: 3}, troops={CIELAGO_PLAIN: {ATREIDES: 1}})
    roll(state, (HARKONNEN, FREMEN, CORRINO, GUILD), spice=2)
    start_at(state, "alliance")
    hints = {a[1]: action_hint(state, a) for a in legal(state, ATREIDES) if a[0] == "propose"}
    assert hints[CORRINO] == "CHOAM: up to 3 stored spice"
    assert hints[FREMEN] == "Worm Riding: no Shai-Hulud this turn"
    assert hints[HARKONNEN] == "Infiltration: no Fortification on the map"
    assert hints[GUILD] == "Evacuation: storm and idle battle losses go to your card"
    assert hints[SMUGGLERS] == "Rats Flee: you may target any empty region"


# ---------------------------------------------------- landing, construction


def test_r8_each_landing_says_the_spice_left_and_how_many_could_land():
    state = position(FOUR, active=ATREIDES, card={ATREIDES: 3})
    roll(state, spice=2)
    start_at(state, "landing")
    land = ("land", ATREIDES, POLAR_SINK)
    assert land in legal(state, ATREIDES)
    assert action_hint(state, land) == "1 left" and queries.landings_most(state, land) == 2
    assert consequences(state, state.active) == ["Spice left to land with: 2."]


def test_construction_prompt_says_build_when_there_is_nothing_to_rebuild_and_warns_of_the_storm():
    state = position(FOUR, active=ATREIDES, storm=4, troops={SIETCH_TABR: {ATREIDES: 1}, GREAT_FLAT: {ATREIDES: 2}})
    roll(state, region=3, spice=4)  # zone 3 is the target's; East: the storm ends over it
    start_at(state, "movement")
    apply(state, state.active, ("target", SIETCH_TABR))
    apply(state, state.active, ("done",))
    assert state.phase == "construct"
    assert prompt(state, state.active) == "Build a construction in Sietch Tabr?"
    assert queries.storm_hits(state, SIETCH_TABR) and queries.target_held(state)
    assert consequences(state, state.active) == [
        "The storm hits Sietch Tabr this turn: a Fortification would shelter the troops."]
    assert action_hint(state, ("build", FORTIFICATION)) == "shelters the troops from the storm"
    assert action_hint(state, ("build", ORNITHOPTER)) == "the storm destroys it"
    state.constr[SIETCH_TABR] = HARVESTER
    assert prompt(state, state.active) == "Keep the Harvester in Sietch Tabr, replace it or demolish it?"
    assert action_text(state, ("pass",)) == "Keep the Harvester"


def _constructing_under_storm(target, *, storm, region):
    state = position(FOUR, active=ATREIDES, storm=storm, troops={target: {ATREIDES: 2}})
    roll(state, region=region, spice=4)  # the region die picks the target's zone and the storm's way
    start_at(state, "movement")
    apply(state, state.active, ("target", target))
    if state.phase == "move":
        apply(state, state.active, ("done",))
    assert state.phase == "construct" and queries.storm_hits(state, target)
    return state


def test_r11_the_storm_warnings_speak_only_of_deserts_where_it_kills_and_destroys():
    # Issue 33: "Build an Ornithopter · the storm destroys it" in Arrakeen, and "a Fortification would shelter
    # the troops" in Tuek's Sietch: the storm only covers these; it kills and destroys in the deserts (R1, R11).
    for target, storm, face in ((ARRAKEEN, 4, 5), (TUEKS_SIETCH, 1, 6), (CARTHAG, 5, 4)):
        state = _constructing_under_storm(target, storm=storm, region=face)
        assert not queries.storm_harms(state, target)
        assert consequences(state, state.active) == [storm_text(state, ATREIDES)]
        assert "Fortification" not in consequences(state, state.active)[0]
        # no warning: each option says only what the construction does (issue 45)
        assert action_hint(state, ("build", ORNITHOPTER)) == CONSTRUCTION_USES[ORNITHOPTER]
        assert action_hint(state, ("build", FORTIFICATION)) == CONSTRUCTION_USES[FORTIFICATION]
        after = played_storm(state)
        assert after.board == state.board and after.constr[target] == state.constr[target] == 0
    state = _constructing_under_storm(BROKEN_LAND, storm=5, region=4)  # the desert beside Carthag in zone 4
    assert queries.storm_harms(state, BROKEN_LAND)
    assert consequences(state, state.active) == [
        "The storm hits Broken Land this turn: a Fortification would shelter the troops."]
    assert action_hint(state, ("build", ORNITHOPTER)) == "the storm destroys it"
    state.constr[BROKEN_LAND] = FORTIFICATION  # an Ornithopter would take its place: destroyed all the same
    assert action_hint(state, ("build", ORNITHOPTER)) == "the storm destroys it"


# --------------------------------------------------------- views, no secrets

QUERIES = (queries.storm_forecast, queries.spice_this_turn, queries.kanly_sheltered, queries.every_target_immune,
           queries.spice_now, queries.target_held)


@settings(max_examples=cases(40), deadline=None, derandomize=True, database=None)
@given(st.sampled_from(range(2, 7)), st.integers(0, 2**31))
def test_the_queries_on_a_seats_view_equal_those_on_the_full_state(players, seed):
    state = new_game(Options(players=players, seed=seed))
    state.events = None
    rng = random.Random(seed)
    while not state.over:
        for seat in state.to_move:
            v = view(state, seat)
            for query in QUERIES:
                assert query(v) == query(state), query.__name__
            for f in range(8):
                assert queries.ally_gain(v, f) == queries.ally_gain(state, f)
            assert consequences(v, seat) == consequences(state, seat)
            for action in legal_actions(state, seat):
                assert action_hint(v, action) == action_hint(state, action)
        seat = rng.choice(state.to_move)
        apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)


# ------------------------------------------------------ information sets


def _sealed_battle(seed: int):
    """A five-player game with the Bene Gesserit, played at random up to a battle where one side has committed
    and the other has not; None if the game ends first."""
    state = new_game(Options(players=5, seed=seed, factions=("atreides", "fremen", "corrino", "guild", "bg")))
    state.events = None
    rng = random.Random(seed)
    while not state.over:
        if state.phase == "commit" and len(state.to_move) == 2:
            seat = state.to_move[0]
            apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)
            return state, seat, state.to_move[0]
        seat = rng.choice(state.to_move)
        apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)
    return None


def test_an_observation_key_tells_apart_only_what_the_seat_sees():
    found = next(f for f in map(_sealed_battle, range(50)) if f is not None)
    state, committed, waiting = found
    bg = state.faction_seat[BENE_GESSERIT]
    third = next(s for s in range(state.n) if s not in (committed, waiting, bg))
    key = observation_key
    # another sealed commit
    other_commit = state.copy()
    side = 0 if state.b_commits[0] is not None else 1
    commits = list(state.b_commits)
    commits[side] = next(c for c in legal_actions(_determinized_for(state), committed) if c != commits[side])
    other_commit.b_commits = tuple(commits)
    # another Bene Gesserit prediction, and other dice to come
    other_prediction = state.copy()
    other_prediction.prediction = next(f for f in range(8) if state.in_play(f) and f not in (state.prediction,
                                                                                          BENE_GESSERIT))
    other_dice = state.copy()
    other_dice.rng = state.rng + 1
    for seat in range(state.n):
        assert key(other_dice, seat) == key(state, seat)
        assert (key(other_commit, seat) == key(state, seat)) == (seat != committed)
        assert (key(other_prediction, seat) == key(state, seat)) == (seat != bg)
    assert key(state, third) == key(view(state, third), third)  # a view and its full state are one set
    assert key(state, third) != key(state, waiting)  # each seat has its own


def _determinized_for(state):
    """The state before either side committed: what the committed side could have chosen."""
    s = state.copy()
    s.b_commits = (None, None)
    s.awaiting = (state.active, state.faction_seat[state.b_def])
    return s


def test_an_observation_key_changes_with_what_everyone_sees():
    state = new_game(Options(players=4, seed=5))
    before = [observation_key(state, seat) for seat in range(4)]
    seat = state.to_move[0]
    apply(state, seat, legal_actions(state, seat)[0])
    assert all(observation_key(state, s) != before[s] for s in range(4))


def test_docs_engine_lists_every_public_query():
    text = (Path(__file__).resolve().parents[2] / "docs" / "ENGINE.md").read_text()
    functions = [name for name in queries.__all__ if callable(getattr(queries, name)) and name[0].islower()]
    assert functions and all(f"`{name}(" in text for name in functions), [n for n in functions if f"`{n}(" not in text]


@settings(max_examples=cases(20), deadline=None, derandomize=True, database=None)
@given(st.sampled_from(range(2, 7)), st.integers(0, 2**31))
def test_the_board_queries_read_a_view_as_the_full_state(players, seed):
    """Regions held, neighbours, movement targets and battle sides: what a seat's view shows is what is so."""
    state = new_game(Options(players=players, seed=seed))
    state.events = None
    rng = random.Random(seed)
    while not state.over:
        seat = rng.choice(state.to_move)
        v = view(state, seat)
        for mask in (1 << state.seat_faction[seat], 0xFF):
            assert queries.held_regions(v, mask) == queries.held_regions(state, mask)
            assert queries.held_alone(v, mask) == queries.held_alone(state, mask)
            assert queries.held_among(queries.strategic_occupants(v), mask) == queries.held_alone(state, mask)
        assert [queries.neighbours(v, r) for r in range(10)] == [queries.neighbours(state, r) for r in range(10)]
        if state.phase == "target":
            assert queries.movement_targets(v) == queries.movement_targets(state)
            assert {("target", r) for r, _ in queries.movement_targets(v)} == set(legal_actions(state, seat))
        if state.phase == "commit":
            side = queries.battle_side(v, seat)
            assert side == queries.battle_side(state, seat)
            assert queries.side_principal(v, side) == state.seat_faction[seat]
            assert queries.side_factions(v, side) >> state.seat_faction[seat] & 1
        apply(state, seat, rng.choice(legal_actions(state, seat)), check=False)
