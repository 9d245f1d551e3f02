"""A cursor over the drawn map (issue 25): while a decision is about regions, the map takes the focus
(shift+Tab from the list), the arrow keys move a cursor between the lit regions as they sit on screen,
Enter picks the one under it as a click does, Esc goes back to the list."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_helpers import HUMAN, bot, human_waiting, make_app, pilot_test, screen_name, screen_text, until

from dune_tui.games.dune import Options
from dune_tui.games.dune.data import (
    ARRAKEEN,
    BROKEN_LAND,
    CARTHAG,
    CIELAGO_PLAIN,
    GREAT_FLAT,
    HABBANYA_SIETCH,
    MINOR_ERG,
    POLAR_SINK,
    SIETCH_TABR,
    TUEKS_SIETCH,
)
from dune_tui.session import Session
from dune_tui.ui.games.dune.map import MapView, next_region
from dune_tui.ui.games.dune.map_grid import boxes
from dune_tui.ui.widgets.decision import DecisionPanel
from dune_tui.ui.widgets.place_cursor import STEPS
from tests.profiles import cases

EVERY = range(10)


def atreides_setup() -> Session:
    """The Atreides place two troops in a non-strategic region: Cielago Plain, Great Flat, Broken Land and
    Minor Erg light up (Habbanya Sietch, between the first two on screen, does not)."""
    return Session(Options(players=2, seed=3, factions=("atreides", "harkonnen")), [HUMAN, bot()], bots_secret=3)


def map_rows(app) -> str:
    return "\n".join(screen_text(app).splitlines()[1:12])


async def on_the_map(pilot):
    """The setup question open, the list's key guard over, the map focused by shift+Tab."""
    app = pilot.app
    await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "setup_atreides")
    await pilot.pause(0.3)  # the new question's key guard
    await pilot.press("shift+tab")
    await pilot.pause()
    board = app.screen.query_one(MapView)
    assert app.focused is board
    return board


@pytest.mark.parametrize("size", [(40, 11), (47, 11), (72, 17)])  # the map's sizes: smallest, 80x24, 120x40
@pytest.mark.parametrize("start, step, goal", [
    (TUEKS_SIETCH, "right", CIELAGO_PLAIN), (CIELAGO_PLAIN, "right", HABBANYA_SIETCH),
    (GREAT_FLAT, "down", SIETCH_TABR), (SIETCH_TABR, "left", BROKEN_LAND), (BROKEN_LAND, "left", CARTHAG),
    (CARTHAG, "left", ARRAKEEN), (ARRAKEEN, "up", MINOR_ERG), (MINOR_ERG, "right", TUEKS_SIETCH),
    (CIELAGO_PLAIN, "down", POLAR_SINK), (POLAR_SINK, "up", CIELAGO_PLAIN),
])
def test_with_every_region_lit_the_arrows_go_to_the_neighbour_on_screen(size, start, step, goal):
    drawn = boxes(*size)
    assert next_region(drawn, EVERY, start, STEPS[step]) == goal


@settings(max_examples=cases(200), deadline=None)
@given(st.sets(st.integers(0, 9), min_size=1), st.integers(0, 9), st.sampled_from(sorted(STEPS)),
       st.integers(40, 120))
def test_the_cursor_lands_only_on_lit_regions_and_moves_the_way_pressed(lit, start, step, width):
    drawn = boxes(width, 11)
    goal = next_region(drawn, lit, start, STEPS[step])
    assert goal == start or goal in lit
    if goal != start:
        (x0, y0), (x1, y1) = ((b.x + b.w / 2, b.y + b.h / 2) for b in (drawn[start], drawn[goal]))
        dx, dy = STEPS[step]
        assert (x1 - x0) * dx + (y1 - y0) * dy > 0


@pytest.mark.slow
@pilot_test
async def test_a_region_picked_by_arrow_keys_and_enter_answers_the_decision():
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        board = await on_the_map(pilot)
        assert set(board.options) == {CIELAGO_PLAIN, GREAT_FLAT, BROKEN_LAND, MINOR_ERG}
        assert board.pointed == CIELAGO_PLAIN, "the cursor starts where the list points"
        assert "▶[1]" in map_rows(app)
        await pilot.press("right")  # over Habbanya Sietch, not lit
        await pilot.pause()
        assert board.pointed == GREAT_FLAT and "▶[2]" in map_rows(app) and "▶[1]" not in map_rows(app)
        await pilot.press("right")  # nothing lit further right: the cursor stays
        assert board.pointed == GREAT_FLAT
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.board.board[GREAT_FLAT * 9] == 2, what="two Atreides troops placed")
        assert not board.options and app.focused is not board


@pytest.mark.slow
@pilot_test
async def test_the_cursor_skips_unlit_regions_every_way():
    app = make_app(atreides_setup())
    async with app.run_test(size=(120, 40)) as pilot:
        board = await on_the_map(pilot)
        visited = {board.pointed}
        for key in ("down", "left", "up", "right", "right", "down", "left", "left", "up"):
            await pilot.press(key)
            await pilot.pause()
            assert board.pointed in board.options, key
            visited.add(board.pointed)
        assert visited == set(board.options), "every lit region is reached by the arrows"


@pytest.mark.slow
@pilot_test
async def test_esc_gives_the_keys_back_to_the_list():
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        board = await on_the_map(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#choices")
        assert "┃" not in map_rows(app), "the cursor's frame shows only while the map has the keys"
        await pilot.press("4")  # Minor Erg, by its number again
        await until(pilot, lambda: app.screen.board.board[MINOR_ERG * 9] == 2, what="troops in Minor Erg")
        assert not board.allow_focus() and app.focused is not board


@pytest.mark.slow
@pilot_test
async def test_a_new_question_takes_no_keys_for_a_moment_on_the_map_either(monkeypatch):
    """The decision panel's guard: shift+Tab pressed as the question appears moves nothing; the list then
    has the keys. (The guard is held longer here so that a busy machine cannot end it before the key.)"""
    monkeypatch.setattr(DecisionPanel, "GUARD", 60.0)
    init = DecisionPanel.__init__

    def after_another_question(self, *args, **kwargs) -> None:  # the first question of a game has no guard
        init(self, *args, **kwargs)
        self._asked_phase = "another kind"

    monkeypatch.setattr(DecisionPanel, "__init__", after_another_question)
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await until(pilot, lambda: app.screen.current is not None and panel.guarded, timeout=30)
        await pilot.press("shift+tab")
        assert app.focused is not app.screen.query_one(MapView)
        panel._end_guard()  # (the moment over: ended here rather than waited for, the guard held so long)
        await until(pilot, lambda: human_waiting(app))
        assert app.focused is app.screen.query_one("#choices")


@pytest.mark.slow
@pilot_test
async def test_the_footer_and_help_list_the_maps_keys():
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_map(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "←↑↓→ Move" in footer and "⏎ Pick" in footer and "esc List" in footer and "? Help" in footer
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(app) == "Help")
        help_text = screen_text(app)
        assert "Move" in help_text and "Pick" in help_text and "List" in help_text


@pilot_test
async def test_without_colour_the_cursor_reads_by_its_marks(monkeypatch):
    """NO_COLOR: the cursor is `▶` before the region's key and a heavy frame, not only a colour."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        board = await on_the_map(pilot)
        await pilot.press("down")
        await pilot.pause()
        assert board.pointed == BROKEN_LAND
        rows = map_rows(app).splitlines()
        box = board.drawn[BROKEN_LAND]
        assert rows[box.y][box.x + 1:].startswith("▶[3]")
        assert rows[box.y + 1][box.x] == "┃" == rows[box.y + 1][box.x + box.w - 1]
        assert map_rows(app).count("▶") == 1


@pytest.mark.slow
@pilot_test
async def test_m_gives_the_map_the_keys_while_regions_are_lit():
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "setup_atreides")
        await pilot.pause(0.3)  # the new question's key guard
        await pilot.press("m")
        await pilot.pause()
        board = app.screen.query_one(MapView)
        assert app.focused is board and "▶[1]" in map_rows(app)
        await pilot.press("down", "enter")
        await until(pilot, lambda: not board.options, what="the setup answered from the map")
        await pilot.press("m")  # nothing lit now: the map does not take the keys, and says so
        await pilot.pause()
        assert app.focused is not board


def highlighted(app) -> str:
    """The option highlighted in the list, as the list shows it (`3 Place …`)."""
    choices = app.screen.query_one("#choices")
    return str(choices.get_option_at_index(choices.highlighted).prompt)


@pytest.mark.slow
@pilot_test
async def test_the_lists_highlight_follows_the_map_cursor_and_the_cursor_the_list():
    app = make_app(atreides_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        board = await on_the_map(pilot)
        assert highlighted(app).startswith("1 ") and "▶[1]" in map_rows(app)
        await pilot.press("down")  # the cursor to Broken Land: the list's highlight to its option
        await pilot.pause()
        assert board.pointed == BROKEN_LAND and "▶[3]" in map_rows(app)
        assert highlighted(app).startswith("3 ") and "Broken Land" in highlighted(app)
        await pilot.press("escape", "up")  # the list's highlight up a line: the cursor to Great Flat
        await pilot.pause()
        assert highlighted(app).startswith("2 ") and "Great Flat" in highlighted(app)
        assert board.pointed == GREAT_FLAT and "▶[2]" in map_rows(app) and map_rows(app).count("▶") == 1
        await pilot.press("shift+tab")  # back on the map, the cursor where the list is
        await pilot.pause()
        assert app.focused is board and board.pointed == GREAT_FLAT


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pilot_test
async def test_the_list_and_the_map_never_disagree(size):
    """Arrows on the map and on the list, the keys passed to and fro: after each key the list's highlighted
    option is about the region the map marks `▶`, and Enter picks that region."""
    app = make_app(atreides_setup())
    async with app.run_test(size=size) as pilot:
        board = await on_the_map(pilot)
        names = {CIELAGO_PLAIN: "Cielago Plain", GREAT_FLAT: "Great Flat", BROKEN_LAND: "Broken Land",
                 MINOR_ERG: "Minor Erg"}
        for key in ("down", "left", "escape", "down", "shift+tab", "up", "right", "escape", "up", "up",
                    "shift+tab", "left", "down", "right"):
            await pilot.press(key)
            await pilot.pause()
            assert names[board.pointed] in highlighted(app), (key, board.pointed, highlighted(app))
            assert "\n".join(screen_text(app).splitlines()[1:1 + board.size.height]).count("▶") == 1
        picked = board.pointed
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.board.board[picked * 9] == 2, what="the marked region picked")
