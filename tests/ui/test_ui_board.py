"""The game screen as a board (issue 25): Arrakis drawn as a ring of regions, the decisions lit on the
map and picked by a click, the dice tray, the turn track. Each test reads the screen as a player sees it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_helpers import HUMAN, bot, human_waiting, make_app, pilot_test, play_until, screen_text, session, until

from dune_tui.games.dune import Options
from dune_tui.games.dune.data import ADJACENT, FACTION_LETTERS, POLAR_SINK, REGION_NAMES, RING, ZONE
from dune_tui.session import Session
from dune_tui.ui.games.dune.dice import DiceTray
from dune_tui.ui.games.dune.map import MapView
from dune_tui.ui.games.dune.map_grid import boxes
from tests.profiles import cases

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def touching(a, b) -> bool:
    """Two boxes share a stretch of border (more than a corner)."""
    xs = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    ys = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return (xs == 1 and ys > 1) or (ys == 1 and xs > 1)


@settings(max_examples=cases(60), deadline=None)
@given(st.integers(40, 160), st.integers(11, 40))
def test_neighbours_touch_on_screen_and_nothing_else_does(width, height):
    """R1: each ring region borders the next and the Polar Sink; no two other regions share a border."""
    where = boxes(width, height)
    for a in range(10):
        for b in range(a + 1, 10):
            assert touching(where[a], where[b]) == (b in ADJACENT[a]), (REGION_NAMES[a], REGION_NAMES[b])
    assert all(box.x >= 0 and box.x + box.w <= width and box.y + box.h <= height for box in where.values())


@pytest.mark.slow
@pilot_test
async def test_the_map_shows_every_region_its_zone_and_the_storm_in_words():
    game = session(2, seed=8)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        text = "\n".join(screen_text(app).splitlines()[1:12])
        state = app.screen.current.view
        short = ("Cielago", "Habbanya", "GtFlat", "Tabr", "Broken Land", "Carthag", "Arrakeen", "MinorErg", "Tuek's")
        for loc in RING:
            assert short[loc] in text, REGION_NAMES[loc]
            assert f"{ZONE[loc]}─" in text or f"{ZONE[loc]} ≋STORM" in text, "each region's zone is on its border"
        assert "Polar Sink" in text
        assert f"{state.storm} ≋STORM" in text
        assert "░" in text, "the storm's zone is shaded with a character, not only a colour"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        text = screen_text(app)
        for loc in RING:
            assert all(word in text for word in REGION_NAMES[loc].split()), "full names on a large terminal"
        assert "* strategic D desert" in text, "the legend"


@pilot_test
async def test_without_colour_the_board_still_shows_the_storm_and_the_factions_by_letter(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(session(2, seed=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        v = app.screen.current.view
        top = "\n".join(screen_text(app).splitlines()[1:12])
        assert "≋STORM" in top and "░" in top
        for loc in (*RING, POLAR_SINK):
            for f in range(8):
                if v.board[loc * 9 + f]:
                    assert f"{FACTION_LETTERS[f]}{v.board[loc * 9 + f]}" in top


def atreides_setup() -> Session:
    return Session(Options(players=2, seed=3, factions=("atreides", "harkonnen")), [HUMAN, bot()], bots_secret=3)


@pytest.mark.slow
@pilot_test
async def test_a_click_on_a_lit_region_answers_the_decision():
    """The Atreides' setup is about a region: the legal ones light up with their numbers, and a click on one
    places the two troops there (the same Decision as its key)."""
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "setup_atreides")
        await pilot.pause(0.3)  # the new question's key guard
        board = app.screen.query_one(MapView)
        lit = board.options
        assert lit and all(len(options) == 1 for options in lit.values())
        top = "\n".join(screen_text(app).splitlines()[1:12])
        for options in lit.values():
            assert f"[{options[0] + 1}]" in top, "each lit region carries its option's key"
        loc = max(lit)
        box = board.drawn[loc]
        await pilot.click(MapView, offset=(box.x + box.w // 2, box.y + box.h // 2))
        await until(pilot, lambda: app.screen.current is None or app.screen.current.phase != "setup_atreides")
        await until(pilot, lambda: app.screen.board.board[loc * 9] == 2, what="two Atreides troops placed")
        assert board.options != lit


@pilot_test
async def test_a_click_outside_the_lit_regions_does_nothing():
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "setup_atreides")
        await pilot.pause(0.3)
        board = app.screen.query_one(MapView)
        unlit = next(loc for loc in RING if loc not in board.options)
        box = board.drawn[unlit]
        await pilot.click(MapView, offset=(box.x + box.w // 2, box.y + box.h // 2))
        await pilot.pause(0.2)
        assert app.screen.current is not None and app.screen.current.phase == "setup_atreides"


def at_landing() -> Session:
    return play_until(session(4, seed=8), lambda s: s.phase == "land" and s.awaiting == (0,), seed=8)


def at_move() -> Session:
    return play_until(session(2, seed=5), lambda s: s.phase == "move" and s.awaiting == (0,), seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_board_landing(snap_compare, size):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.pause(0.3)

    assert snap_compare(make_app(at_landing(), resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_board_move_to_the_target(snap_compare, size):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.pause(0.3)

    assert snap_compare(make_app(at_move(), resumed=True), terminal_size=size, run_before=run_before)


def test_zones_hold_their_regions_side_by_side():
    """R1: the two regions of zones 2, 4 and 6 share a border on screen."""
    where = boxes(48, 11)
    for zone in (2, 4, 6):
        a, b = (loc for loc in RING if ZONE[loc] == zone)
        assert touching(where[a], where[b])


@pilot_test
async def test_arrow_keys_in_the_list_move_the_pointer_over_the_map():
    app = make_app(at_landing(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.pause(0.3)
        board = app.screen.query_one(MapView)
        shown = app.screen.query_one("#choices").shown
        landings = [n for n, c in enumerate(shown) if c.key[0] == "land"]
        assert landings, "the landing lists regions"
        for _ in range(landings[0] - (app.screen.query_one("#choices").highlighted or 0)):
            await pilot.press("down")
        await pilot.pause()
        assert board.pointed == shown[landings[0]].key[2]
        assert f"▶[{landings[0] + 1}" in screen_text(app)


@pytest.mark.slow
@pilot_test
async def test_the_turn_track_marks_the_step_of_the_decision():
    app = make_app(at_landing(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert "▶land" in screen_text(app).splitlines()[0]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        track = screen_text(app).splitlines()[1]
        assert "Turn: roll alliance recruitment Kanly spice ▶landing target movement battle construction storm" in track


@pytest.mark.slow
@pilot_test
async def test_the_tray_sets_the_kept_dice_apart_and_says_the_rolls_left():
    app = make_app(Session(Options(players=2, seed=8), [HUMAN, bot()], bots_secret=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        while app.screen.current.phase != "roll":
            await pilot.press("enter")
            await until(pilot, lambda: human_waiting(app))
        await pilot.pause(0.3)
        tray = "\n".join(screen_text(app).splitlines()[12:15])
        assert "rerolls:" in tray and "up to 6" in tray and "┊" not in tray  # "rolls: 6" read as rolls done
        await pilot.press("5", "6")  # the region and spice dice
        await pilot.pause()
        assert tray.count("●keep") == 0 and screen_text(app).count("●keep") >= 1
        await pilot.press("r")
        await until(pilot, lambda: human_waiting(app) and app.screen.current.view.kept)
        await pilot.pause(0.3)
        rows = screen_text(app).splitlines()[12:15]
        kept = bin(app.screen.current.view.kept).count("1")
        assert rows[0].startswith("╭") and "✓kept" in rows[0].split("┊")[0]
        assert rows[0].split("┊")[0].count("✓kept") == kept and "✓kept" not in rows[0].split("┊")[1]
        assert f"kept: {kept}" in rows[0] and "rerolls:" in rows[1] and f"up to {6 - kept}" in rows[2]


@pytest.mark.slow
@pilot_test
async def test_a_click_on_a_die_marks_it_as_its_key_does():
    app = make_app(Session(Options(players=2, seed=8), [HUMAN, bot()], bots_secret=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        while app.screen.current.phase != "roll":
            await pilot.press("enter")
            await until(pilot, lambda: human_waiting(app))
        await pilot.pause(0.3)
        tray = app.screen.query_one(DiceTray)
        start, _, die = tray.drawn[0]
        await pilot.click(DiceTray, offset=(start + 2, 1))
        await pilot.pause()
        assert tray.marks == 1 << die and f"╭{die + 1}●keep" in screen_text(app)
        await pilot.click(DiceTray, offset=(start + 2, 1))
        await pilot.pause()
        assert tray.marks == 0 and "●keep" not in screen_text(app)


def test_snapshot_board_landing_without_colour(snap_compare, monkeypatch):
    """NO_COLOR: the lit regions still read by their keys `[2]`, the storm by `░` and `≋STORM`."""
    monkeypatch.setenv("NO_COLOR", "1")

    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.pause(0.3)

    assert snap_compare(make_app(at_landing(), resumed=True), terminal_size=(80, 24), run_before=run_before)
