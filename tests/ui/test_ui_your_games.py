"""The main menu's "Your games" (issue 46): the finished games, their filters, the record, Enter opens a review."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from ui_helpers import make_app, pilot_test, screen_name, screen_text, until, until_shown

from dune_tui.games import express
from dune_tui.games.dune import Options
from dune_tui.record.ratings import bot_ratings
from dune_tui.review import Budget
from dune_tui.saves import schema
from dune_tui.saves.files import write_atomic
from dune_tui.saves.store import to_file
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.screens import review as review_screen
from dune_tui.ui.screens.games import GamesScreen
from dune_tui.ui.screens.review import ReviewScreen
from tests.review.games import play

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SEATS = [SeatConfig(kind="human", name="You"), SeatConfig(kind="bot", agent="heuristic"),
         SeatConfig(kind="bot", agent="mcts:easy")]


def write(folder, options, game_id: str, day: int):
    when = datetime(2025, 1, day, 12, 0, tzinfo=UTC)
    session = Session(options, SEATS[:options.players], play(options), created=when, game_id=game_id,
                      bots_secret=1)
    save = to_file(session, f"autosave-{game_id}", "auto")
    save.saved_at = when
    folder.mkdir(mode=0o700, exist_ok=True)
    session.path = folder / f"autosave-{game_id}.dune.json"
    write_atomic(session.path, schema.encode(save), keep_backup=False)
    return session


@pytest.fixture
def two_games(save_dir, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    first = write(save_dir, Options(players=2, seed=3), "game-one", 1)
    second = write(save_dir, express.with_variants("houses,shorter:6", players=3, seed=2), "game-two", 2)
    yield first, second
    monkeypatch.delenv("TZ")
    time.tzset()


@pytest.mark.parametrize("size", SIZES)
def test_your_games(snap_compare, two_games, size, monkeypatch):
    from dune_tui.record import ratings

    monkeypatch.setattr(ratings, "measured", lambda: {"dune": {  # the levels as measured once: a snapshot that holds
        "random": ratings.Rating(18.298, 3.975), "heuristic": ratings.Rating(35.796, 4.441),
        "mcts:easy": ratings.Rating(20.697, 3.983)}})

    async def run_before(pilot) -> None:
        await until(pilot, lambda: screen_name(pilot.app) == "MainMenu")
        await pilot.press("y")
        await until_shown(pilot, "Your record: 2 games")  # (the index is read in a thread)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pilot_test
async def test_your_games_answers_its_keys_while_the_index_is_read(two_games, monkeypatch):
    """A first reading of many saves takes a while: the screen says it reads them, and a key works meanwhile."""
    import threading

    from dune_tui.ui.screens import games

    gate, original = threading.Event(), games.finished_games

    def slow(*args, **kwargs):  # the index, as long as the test says (10 s at most: a UI thread it blocked is back)
        gate.wait(10)
        return original(*args, **kwargs)

    monkeypatch.setattr(games, "finished_games", slow)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("y")
        await until_shown(pilot, "Your games", "Reading your games…", timeout=5)
        await pilot.press("g")  # a key, handled while the index is read
        await until_shown(pilot, "g game: Dune: The Dice Game", "Reading your games…", timeout=5)
        gate.set()
        await until_shown(pilot, "Your record: 1 game,")  # the list, filtered as asked meanwhile
        assert "Dune Express (houses" not in screen_text(app)


@pilot_test
async def test_your_games_lists_filters_and_opens_the_review(two_games, monkeypatch):
    monkeypatch.setattr(review_screen, "BUDGET", Budget(iters=4, rollouts=2))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("y")
        text = await until_shown(pilot, "Your games", "Dune Express (houses,shorter:6)", "Your record: 2 games")
        assert text.index("2025-01-02") < text.index("2025-01-01")  # newest first
        await pilot.press("g")  # game: dune
        await until(pilot, lambda: "g game: Dune: The Dice Game" in screen_text(app))
        assert "Dune Express (houses" not in screen_text(app) and "Your record: 1 game," in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.analysis is not None,
                    timeout=120, what="the review")
        assert str(app.screen.review.path) == str(two_games[0].path)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen), what="back to the list")


@pilot_test
async def test_your_games_without_games(save_dir):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("y")
        await until_shown(pilot, "No finished game yet")


@pilot_test
async def test_the_new_game_screen_shows_each_measured_bot_levels_rating(save_dir):
    heuristic = bot_ratings("dune")["heuristic"]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("n")
        await until_shown(pilot, f"heuristic, rated {heuristic.mu:.1f} ({heuristic.low:.1f}–{heuristic.high:.1f})")


@pilot_test
async def test_the_new_game_screen_says_a_bot_level_has_no_rating_yet(save_dir, monkeypatch):
    from dune_tui.record import ratings

    monkeypatch.setattr(ratings, "measured", lambda: {"dune": {"heuristic": ratings.Rating(30.0, 2.0)}})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("n")
        await until_shown(pilot, "heuristic, rated 30.0 (26.0–34.0)")
        assert "human, " not in screen_text(app)
        await pilot.press("up", "right")  # the game: Dune Express, whose levels were not measured here
        await until_shown(pilot, "Dune Express", "heuristic, not rated yet")
        assert "rated 30.0" not in screen_text(app)


async def play_to_the_game_over(measured: dict) -> str:
    from ui_helpers import near_the_end, play_to_game_over

    from dune_tui.record import ratings

    ratings.measured.cache_clear()
    original = ratings.measured
    ratings.measured = lambda: measured
    try:
        app = make_app(near_the_end(), resumed=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await play_to_game_over(pilot)
            await pilot.pause()
            return screen_text(app)
    finally:
        ratings.measured = original


@pilot_test
async def test_the_game_over_screen_says_how_the_game_moved_your_rating(save_dir):
    from dune_tui.record.ratings import Rating

    text = await play_to_the_game_over({"dune": {"random": Rating(18.0, 4.0)}})
    assert "Your rating in Dune: The Dice Game: 25.0 → " in text
    assert "Your rating" not in await play_to_the_game_over({})  # against a bot of unknown rating: none moves


def canned_record(rules: str):
    from dune_tui.record import Finished, Seat
    from dune_tui.server.control import Ranked, Record

    when = datetime(2025, 1, 3, 12, 0, tzinfo=UTC)
    mine = Finished(game_id="g1", rules="dune", title="Dune: The Dice Game", variants="", started=when, ended=when,
                    seats=(Seat(name="Alice", kind="human", agent="", login="alice", side="Fremen", won=True),
                           Seat(name="Bob", kind="human", agent="", login="bob", side="Atreides")),
                    you=0, way="alone", rounds=5, decisions=80, path="table g1")
    board = (Ranked(identity="alice", mu=31.25, sigma=2.5, games=12), Ranked(identity="key:carol", mu=27.0,
             sigma=3.0, games=5), Ranked(identity="bob", mu=22.5, sigma=4.0, games=3))
    return Record(rules=rules, board=board if rules == "dune" else (), games=(mine,))


@pytest.mark.parametrize("size", SIZES)
def test_leaderboard(snap_compare, save_dir, monkeypatch, size):
    from dune_tui.ui.screens import leaderboard

    monkeypatch.setattr(leaderboard, "ask_record", canned_record)

    async def run_before(pilot) -> None:
        await until(pilot, lambda: screen_name(pilot.app) == "MainMenu")
        await pilot.press("y")
        await until(pilot, lambda: screen_name(pilot.app) == "GamesScreen")
        await pilot.press("s")
        await until_shown(pilot, "key:carol", "Your games here")

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pilot_test
async def test_the_leaderboard_without_a_server_says_so(save_dir, monkeypatch):
    from dune_tui.server import control

    monkeypatch.setattr(control, "find", lambda: None)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("y", "s")
        await until_shown(pilot, "Leaderboard: Dune: The Dice Game", "No table server runs on this machine")
        await pilot.press("g")
        await until_shown(pilot, "Leaderboard: Dune Express")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "GamesScreen")
