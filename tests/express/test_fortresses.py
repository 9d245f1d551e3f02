"""The fortress modification (Modifikace PEVNOSTI): the tactical die, fortresses, the storm, Assignment, Atomic
(X19, X29-X35)."""

import pytest

from dune_tui.games.express import new_game, with_variants
from dune_tui.games.express.data import (
    ARRAKEEN,
    ASSIGNMENT_FACES,
    ATOMIC,
    ATREIDES,
    CARTHAG,
    CORRINO,
    FORTRESS_FACE,
    FREMEN,
    HARKONNEN,
    POLAR_SINK,
    SARDAUKAR,
    SIETCH_TABR,
    STORM_FACES,
    TACTICAL_DIE,
    TUEKS_SIETCH,
)

from .scenario import act, check_invariants, options_of, position, rigged, set_dice, start_at, units

STORM, ASSIGNMENT = STORM_FACES[0], ASSIGNMENT_FACES[0]


def forts(*houses, **kw):
    return position(houses, fortresses=True, **kw)


def test_x19_the_fortress_modification_is_played():
    assert with_variants("fortresses", players=3).fortresses
    state = new_game(with_variants("fortresses,houses,thumper", players=4, seed=3))
    assert len(state.dice) == 8 and state.fortress == [-1] * 6 and state.storm == -1


def test_x29_the_tactical_die_is_an_eighth_die_rolled_and_set_aside_like_the_others():
    state = forts(FREMEN, ATREIDES)
    with rigged(0, 0, 0, 0, 0, 0, 0, FORTRESS_FACE):
        start_at(state, "roll")
    assert state.dice[TACTICAL_DIE] == FORTRESS_FACE
    keeps = [a for a in options_of(state, FREMEN) if a[0] == "keep"]
    assert len(keeps) == 2 ** 8 - 2 and any(a[1] == 1 << TACTICAL_DIE for a in keeps)  # at most eight rolls
    assert len(new_game(with_variants("", players=2)).dice) == 7  # the base game keeps its seven


def test_x30_the_tactical_die_acts_after_the_traitor_die_and_before_troops_move():
    state = forts(FREMEN, ATREIDES, troops={ARRAKEEN: {FREMEN: 1}, CARTHAG: {FREMEN: 1}})
    set_dice(state, houses=(FREMEN,) * 4, spice=2, territory=TUEKS_SIETCH, traitor=4, tactical=FORTRESS_FACE)
    start_at(state, "traitor")
    assert state.holds(0, 1) == 1 and state.phase == "fortress"  # the Shield taken first
    assert options_of(state, FREMEN) == [("fortress", ARRAKEEN), ("fortress", CARTHAG)]
    act(state, FREMEN, ("fortress", CARTHAG))
    assert state.fortress[CARTHAG] == FREMEN and state.phase == "deploy"


def test_x31_a_fortress_only_where_the_player_had_a_unit_before_the_turn_never_the_polar_sink_one_a_territory():
    state = forts(FREMEN, ATREIDES, troops={ARRAKEEN: {FREMEN: 1}, POLAR_SINK: {FREMEN: 3}, CARTHAG: {FREMEN: 1}},
                  fortress={CARTHAG: ATREIDES})
    set_dice(state, houses=(FREMEN,) * 4, spice=2, territory=SIETCH_TABR, tactical=FORTRESS_FACE)
    start_at(state, "traitor")
    assert state.fortress[ARRAKEEN] == FREMEN  # the one place: built at once
    assert state.phase == "deploy" and units(state, SIETCH_TABR, FREMEN) == 0


def test_x31_five_fortresses_in_the_box_one_a_territory():
    state = forts(FREMEN, ATREIDES, troops={ARRAKEEN: {FREMEN: 1}},
                  fortress={SIETCH_TABR: ATREIDES, CARTHAG: ATREIDES, TUEKS_SIETCH: ATREIDES, 4: ATREIDES})
    set_dice(state, houses=(HARKONNEN,) * 4, tactical=FORTRESS_FACE, territory=CARTHAG)
    start_at(state, "traitor")
    assert state.fortress[:5] == [ATREIDES, FREMEN, ATREIDES, ATREIDES, ATREIDES] and state.fortress[POLAR_SINK] == -1


def test_x32_an_attacker_first_loses_strength_2_at_the_defender_s_fortress():
    """PEVNOSTI: "musí před samotným útokem nejdříve odstranit vojenské jednotky s celkovým součtem síly 2"."""
    state = forts(FREMEN, ATREIDES, troops={POLAR_SINK: {FREMEN: 4}, ARRAKEEN: {ATREIDES: 1}},
                  fortress={ARRAKEEN: ATREIDES})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=4, territory=ARRAKEEN)
    start_at(state, "traitor")
    for _ in range(3):
        act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    texts = act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    assert any("lose 2 before the battle" in t for t in texts) and any("Fremen 2 against Atreides 1" in t
                                                                         for t in texts)
    assert units(state, ARRAKEEN, FREMEN) == 1 and units(state, ARRAKEEN, ATREIDES) == 0
    assert state.fortress[ARRAKEEN] == FREMEN  # X33: the survivor takes it
    check_invariants(state)


def test_x32_a_sardaukar_pays_the_toll_alone_and_two_troops_are_not_enough_to_attack():
    state = forts(CORRINO, ATREIDES, abilities=True, troops={POLAR_SINK: {SARDAUKAR: 1, CORRINO: 1},
                                                           ARRAKEEN: {ATREIDES: 1}}, fortress={ARRAKEEN: ATREIDES})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=ARRAKEEN)
    start_at(state, "turn_die")
    act(state, CORRINO, ("move", POLAR_SINK, SARDAUKAR))
    assert units(state, ARRAKEEN, SARDAUKAR) == 0 and units(state, ARRAKEEN, ATREIDES) == 1
    assert state.fortress[ARRAKEEN] == ATREIDES


def test_x33_an_empty_fortress_is_taken_without_loss():
    """PEVNOSTI: "Dobytí prázdné pevnosti je bez sankcí, není nutné při dobývání obětovat žádnou jednotku"."""
    state = forts(FREMEN, ATREIDES, troops={POLAR_SINK: {FREMEN: 1}}, fortress={ARRAKEEN: ATREIDES})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=ARRAKEEN)
    start_at(state, "traitor")
    texts = act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    assert state.fortress[ARRAKEEN] == FREMEN and units(state, ARRAKEEN, FREMEN) == 1
    assert any("take the empty fortress in Arrakeen" in t for t in texts)


def test_x33_one_s_own_fortress_is_no_toll_to_its_owner():
    state = forts(FREMEN, ATREIDES, troops={POLAR_SINK: {FREMEN: 2}, ARRAKEEN: {ATREIDES: 1}},
                  fortress={ARRAKEEN: FREMEN})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=2, territory=ARRAKEEN)
    start_at(state, "traitor")
    act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    act(state, FREMEN, ("move", POLAR_SINK, FREMEN))
    assert units(state, ARRAKEEN, FREMEN) == 1 and state.fortress[ARRAKEEN] == FREMEN


def test_atomic_destroys_any_fortress_and_its_units_stay():
    state = forts(FREMEN, ATREIDES, troops={ARRAKEEN: {ATREIDES: 2}}, fortress={ARRAKEEN: ATREIDES})
    set_dice(state, houses=(HARKONNEN,) * 4, tactical=ATOMIC, territory=CARTHAG)
    start_at(state, "traitor")
    assert options_of(state, FREMEN) == [("pass",), ("atomic", ARRAKEEN)]
    act(state, FREMEN, ("atomic", ARRAKEEN))
    assert state.fortress[ARRAKEEN] == -1 and units(state, ARRAKEEN, ATREIDES) == 2


def test_atomic_without_a_fortress_does_nothing():
    state = forts(FREMEN, ATREIDES)
    set_dice(state, houses=(HARKONNEN,) * 4, tactical=ATOMIC, territory=CARTHAG)
    start_at(state, "traitor")
    assert state.active_house == ATREIDES
    assert "Atomics: there is no fortress to destroy." in [e.text for e in state.events]


def test_a_rolled_fortress_with_no_unit_on_the_board_says_it_does_nothing():
    """Issue 41: the die's Fortress with no unit to build by left no line in the log."""
    state = forts(FREMEN, ATREIDES, troops={POLAR_SINK: {FREMEN: 2}})
    set_dice(state, houses=(HARKONNEN,) * 4, tactical=FORTRESS_FACE, territory=CARTHAG)
    start_at(state, "traitor")
    assert state.fortress == [-1] * 6
    assert ("Fortress: the Fremen have no unit in a territory without a fortress to build one in; the die does "
            "nothing.") in [e.text for e in state.events]


def test_an_assignment_with_nothing_to_move_says_it_does_nothing():
    state = forts(FREMEN, ATREIDES, troops={ARRAKEEN: {FREMEN: 1}})
    set_dice(state, houses=(HARKONNEN,) * 4, tactical=ASSIGNMENT, territory=CARTHAG)
    start_at(state, "traitor")
    texts = [e.text for e in state.events]
    assert "Assignment: the Fremen have no units to move between the territories they hold alone." in texts


def test_x34_the_storm_is_placed_on_a_territory_then_may_move_and_landing_there_costs_1_more():
    state = forts(FREMEN, ATREIDES)
    set_dice(state, houses=(FREMEN,) * 4, spice=3, territory=ARRAKEEN, tactical=STORM)
    start_at(state, "traitor")
    acts = options_of(state, FREMEN)
    assert ("pass",) not in acts and len(acts) == 5 and ("storm", POLAR_SINK) not in acts
    act(state, FREMEN, ("storm", ARRAKEEN))
    texts = act(state, FREMEN, ("land", FREMEN))
    assert any("(2 spice)" in t for t in texts)
    assert units(state, ARRAKEEN, FREMEN) == 1 and state.active_house == ATREIDES  # 1 spice left: not enough
    state = forts(FREMEN, ATREIDES, storm=ARRAKEEN, troops={POLAR_SINK: {FREMEN: 1}})
    set_dice(state, houses=(HARKONNEN,) * 4, spice=1, territory=ARRAKEEN, tactical=STORM)
    start_at(state, "traitor")
    assert options_of(state, FREMEN)[0] == ("pass",) and ("storm", ARRAKEEN) not in options_of(state, FREMEN)
    act(state, FREMEN, ("pass",))
    act(state, FREMEN, ("move", POLAR_SINK, FREMEN))  # moving in is no landing: 1 spice
    assert units(state, ARRAKEEN, FREMEN) == 1 and state.storm == ARRAKEEN


def test_x35_assignment_moves_units_between_held_territories_each_keeping_one():
    state = forts(FREMEN, ATREIDES, troops={ARRAKEEN: {FREMEN: 3}, CARTHAG: {FREMEN: 1}, POLAR_SINK: {FREMEN: 2},
                                            SIETCH_TABR: {FREMEN: 2, ATREIDES: 0}, TUEKS_SIETCH: {ATREIDES: 1}})
    set_dice(state, houses=(HARKONNEN,) * 4, tactical=ASSIGNMENT, territory=TUEKS_SIETCH, spice=1)
    start_at(state, "traitor")
    acts = options_of(state, FREMEN)
    assert state.phase == "assignment" and acts[0] == ("done",)
    assert ("assign", ARRAKEEN, CARTHAG, FREMEN) in acts and ("assign", CARTHAG, ARRAKEEN, FREMEN) not in acts
    assert not any(POLAR_SINK in a[1:3] or TUEKS_SIETCH in a[1:3] for a in acts[1:])
    act(state, FREMEN, ("assign", ARRAKEEN, CARTHAG, FREMEN))
    act(state, FREMEN, ("assign", ARRAKEEN, CARTHAG, FREMEN))
    acts = options_of(state, FREMEN)
    assert not any(a[0] == "assign" and a[1] in (ARRAKEEN, CARTHAG) for a in acts)  # one keeps one; no return
    assert ("assign", SIETCH_TABR, CARTHAG, FREMEN) in acts and ("assign", CARTHAG, SIETCH_TABR, FREMEN) not in acts
    act(state, FREMEN, ("done",))
    assert (units(state, ARRAKEEN, FREMEN), units(state, CARTHAG, FREMEN)) == (1, 3) and state.phase == "deploy"
    check_invariants(state)


def test_fortresses_save_and_replay(tmp_path, monkeypatch):
    import random

    from dune_tui import saves
    from dune_tui.controller import Controller, Decision
    from dune_tui.session import SeatConfig, Session

    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(tmp_path))
    options = with_variants("fortresses,houses,shorter:6,tiebreak", players=3, seed=8)
    c = Controller(options)
    r = random.Random(1)
    while not c.over:
        (request, *_) = c.pending()
        c.submit(Decision(request.id, request.seat, r.choice(request.legal)))
    assert any(f >= 0 for f in c.state.fortress) or c.state.storm >= 0
    bots = [SeatConfig(kind="bot", agent="random", name=f"Bot {i}") for i in range(3)]
    path = saves.save_named(Session(options, bots, c, bots_secret=options.seed), "forts", tmp_path)
    loaded = saves.load(path)
    assert loaded.options == options and loaded.state.fortress == c.state.fortress
    assert loaded.state.storm == c.state.storm and loaded.state.result == c.state.result


@pytest.mark.slow
def test_the_heuristic_plays_fortresses():
    from dune_tui.ai import make_agent
    from dune_tui.controller import Controller, Decision

    c = Controller(with_variants("fortresses,shorter:4", players=2, seed=4))
    bots, kinds = [make_agent("heuristic", seed=s) for s in range(2)], []
    while not c.over:
        (request, *_) = c.pending()
        batches = c.submit(Decision(request.id, request.seat, bots[request.seat].decide(request)))
        kinds += [e.kind for e in batches[0].events]
    assert {"storm_placed", "fortress_built"} & set(kinds)


def _fortified(seed: int = 2):
    import random

    from dune_tui.games.express import apply, legal_actions

    for s in range(seed, seed + 20):  # random players build one in most games
        state = new_game(with_variants("fortresses,houses,shorter:8,tiebreak", players=3, seed=s))
        r = random.Random(0)
        while not state.over and max(state.fortress) < 0:
            seat = state.awaiting[0]
            apply(state, seat, r.choice(legal_actions(state, seat)))
        if max(state.fortress) >= 0:
            return state
    raise AssertionError("no fortress in 20 games")


def test_fortresses_cross_the_wire_in_a_view():
    import msgspec

    from dune_tui.games.express import view
    from dune_tui.net import views

    state = _fortified()
    wire = msgspec.msgpack.encode(views.to_wire(view(state, 1)))
    back = views.from_wire(msgspec.msgpack.decode(wire, type=views.any_view()))
    assert back.fortress == state.fortress and back.storm == state.storm and back.options.fortresses


def test_the_heuristic_values_a_manned_fortress():
    from dune_tui.ai.games.express.heuristic import value

    state = _fortified()
    state.result = None  # the position's value, whatever came of it
    owner = max(state.fortress)
    loc = state.fortress.index(owner)
    before = value(state, owner)
    state.fortress[loc] = -1
    assert value(state, owner) < before or not state.units(loc, owner)


def test_the_search_plays_fortresses():
    from dune_tui.ai import make_agent
    from dune_tui.controller import Controller

    c = Controller(with_variants("fortresses,shorter:2", players=2, seed=6))
    c.run([make_agent("mcts:easy", seed=1), make_agent("heuristic", seed=2)])
    assert c.over
