"""Snapshots of the main screens at 80x24 (compact) and 120x40 (roomy).

Update them after a deliberate change with `pytest tests/ui/test_ui_snapshots.py --snapshot-update`
and look at the report before committing."""

from __future__ import annotations

import functools

import pytest
from test_ui_cards import after_a_battle, played_out, show_reveal
from ui_helpers import (
    HUMAN,
    answer,
    at_commit,
    bot,
    human_waiting,
    make_app,
    near_the_end,
    play_to_game_over,
    play_until,
    screen_name,
    session,
    until,
)

from dune_tui.games.dune import Options
from dune_tui.session import Session
from dune_tui.ui.games.dune.dice import worm_forced
from dune_tui.ui.widgets.advice import AdvicePanel

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
def test_new_game(snap_compare, size, monkeypatch):
    from dune_tui.record import ratings

    monkeypatch.setattr(ratings, "measured", lambda: {"dune": {"heuristic": ratings.Rating(35.796, 4.441)}})
    assert snap_compare(make_app(), press=["n", "_"], terminal_size=size)  # (the levels' ratings as measured once)


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


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size):
    async def run_before(pilot) -> None:
        await play_to_game_over(pilot)
        await pilot.pause()

    assert snap_compare(make_app(near_the_end(), resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare, size):
    assert snap_compare(make_app(), press=["r", "_"], terminal_size=size)


def test_too_small(snap_compare):
    assert snap_compare(make_app(), terminal_size=(60, 18))


def test_game_without_colour(snap_compare, monkeypatch):
    """NO_COLOR: every piece still reads by its letter (F1, G2) and the marks by their signs."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(at_commit(), resumed=True), terminal_size=(80, 24), run_before=waiting_for_human())


# ---------------------------------------------------------------- issue 25's board, state by state
# What the other files already snapshot at 80x24 and 120x40: lit regions (test_ui_board landing, and without
# colour), the chosen target (test_ui_board move), the current battle `×` and the commit (test_game_battle_commit
# here), marked dice (test_game_roll_with_marked_dice), the house cards, the reveal side by side and the game-over
# picture (test_ui_cards), the turn track on every game screen's top line.  Below: the rest.  The positions are
# made once for both sizes (functools.cache): the app runs are what takes the time.

@functools.cache
def worm_to_keep() -> Session:
    """Round 3, seat 0 rolling with five dice kept and the worm on the spice die: it must be kept (R4)."""
    return play_until(session(2, seed=5), lambda s: s.phase == "roll" and s.awaiting == (0,)
                      and bin(s.kept).count("1") >= 2 and worm_forced(s), seed=5)


@functools.cache
def a_battle():
    return after_a_battle()


def atreides_setup() -> Session:
    return Session(Options(players=2, seed=3, factions=("atreides", "harkonnen")), [HUMAN, bot()], bots_secret=3)


async def map_cursor_on_broken_land(pilot) -> None:
    await until(pilot, lambda: human_waiting(pilot.app))
    await pilot.pause(0.3)  # the new question's key guard
    await pilot.press("shift+tab", "down")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_map_cursor(snap_compare, size):
    """The map has the keys: the cursor `▶[3]` and its heavy frame on Broken Land, the other lit regions keyed,
    the footer's map keys."""
    assert snap_compare(make_app(atreides_setup()), terminal_size=size, run_before=map_cursor_on_broken_land)


@pytest.mark.slow
def test_map_cursor_without_colour(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(atreides_setup()), terminal_size=(80, 24), run_before=map_cursor_on_broken_land)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_dice_kept_and_the_worm_to_keep(snap_compare, size):
    """The kept dice left of `┊` (`✓kept`), the worm `!must` … `must keep` among the ones to roll, rolls left."""
    assert snap_compare(make_app(worm_to_keep(), resumed=True), terminal_size=size, run_before=waiting_for_human())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_advisor(snap_compare, size):
    """`h`: the search's top options with bars and chances, over the log (a fixed number of iterations)."""
    app = make_app(session(2, seed=7))
    app.settings.advisor = "mcts:iters=50"

    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.press("h")
        await until(pilot, lambda: bool(pilot.app.screen.query_one(AdvicePanel).advice), what="the advice")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.slow
def test_battle_reveal_without_colour(snap_compare, monkeypatch):
    """NO_COLOR: the two sides by their letters `[G]`, `[F]` and names, strengths in figures."""
    monkeypatch.setenv("NO_COLOR", "1")
    game, reveal = a_battle()

    async def run_before(pilot) -> None:
        await show_reveal(pilot, reveal, game.history)

    assert snap_compare(make_app(game, resumed=True), terminal_size=(80, 24), run_before=run_before)


def test_game_over_picture_scrolled_into_sight_at_80x24(snap_compare):
    """At 80x24 the picture (strategic regions round by round, battles won-lost) is under the statistics:
    End scrolls to it."""
    async def run_before(pilot) -> None:
        await until(pilot, lambda: screen_name(pilot.app) == "GameOverScreen")
        await pilot.press("end")
        await pilot.pause()

    assert snap_compare(make_app(played_out(4, 2)[0], resumed=True), terminal_size=(80, 24), run_before=run_before)
