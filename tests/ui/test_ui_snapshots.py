"""Snapshots of the main screens at 80x24 (compact) and 120x40 (roomy).

Update them after a deliberate change with `pytest tests/ui/test_ui_snapshots.py --snapshot-update`
and look at the report before committing."""

from __future__ import annotations

import pytest
from ui_helpers import answer, at_commit, human_waiting, make_app, near_the_end, screen_name, session, until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def waiting_for_human(*keys: str):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_main_menu(snap_compare, size):
    assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare, size):
    assert snap_compare(make_app(), press=["n", "_"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_roll_with_marked_dice(snap_compare, size):
    game = session(2, seed=8)

    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        while pilot.app.screen.current.phase != "roll":
            await answer(pilot)
            await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.press("1", "2")
        await pilot.pause()

    assert snap_compare(make_app(game), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_game_battle_commit(snap_compare, size):
    assert snap_compare(make_app(at_commit(), resumed=True), terminal_size=size,
                        run_before=waiting_for_human("right"))


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size):
    async def run_before(pilot) -> None:
        app = pilot.app
        while screen_name(app) != "GameOverScreen":
            await until(pilot, lambda: human_waiting(app) or screen_name(app) in ("GameOverScreen", "Reveal"))
            if screen_name(app) == "Reveal":
                await pilot.press("enter")
            elif screen_name(app) != "GameOverScreen":
                await answer(pilot)
        await pilot.pause()

    assert snap_compare(make_app(near_the_end(), resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare, size):
    assert snap_compare(make_app(), press=["r", "_"], terminal_size=size)


def test_too_small(snap_compare):
    assert snap_compare(make_app(), terminal_size=(60, 18))


def test_game_without_colour(snap_compare, monkeypatch):
    """NO_COLOR: every piece still reads by its letter (F1, G2) and the marks by their signs."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(at_commit(), resumed=True), terminal_size=(80, 24), run_before=waiting_for_human())
