"""A finished game opened again shows its result, not a game to play: Continue skips it, Load and
`load` show the game-over screen with its statistics and a replay; the Load list fits 80 columns."""

from __future__ import annotations

import os

import pytest
from ui_helpers import bot, human_waiting, make_app, pilot_test, play_until, screen_name, screen_text, session, until

from dune_tui import saves
from dune_tui.games.dune import Options
from dune_tui.session import SeatConfig, Session


def finished(seed: int = 3) -> Session:
    return play_until(session(2, seed=seed), lambda s: s.over, seed=seed)


def going(seed: int = 9) -> Session:
    return play_until(session(2, seed=seed), lambda s: s.turn >= 2 and s.active == 0 and s.phase == "roll",
                      seed=seed)


@pilot_test
async def test_continue_with_only_a_finished_game_says_there_is_none(save_dir):
    done = saves.autosave(finished(), save_dir)
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "No game to continue" in screen_text(app))
        assert f"No game to continue: {done.name.removesuffix('.dune.json')} is over (Load shows it)." \
            in screen_text(app)
        await pilot.press("c")
        await pilot.pause(0.2)
        assert screen_name(app) == "MainMenu"


@pilot_test
async def test_continue_prefers_the_latest_unfinished_game(save_dir):
    older = saves.autosave(going(), save_dir)
    saves.autosave(finished(), save_dir)
    os.utime(older, (1, 1))
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: f"Continue: {older.name}" in screen_text(app))
        await pilot.press("c")
        await until(pilot, lambda: human_waiting(app))
        assert not app.screen.table.session.state.over


@pytest.mark.slow
@pilot_test
async def test_loading_a_finished_game_shows_its_result_statistics_and_replay(save_dir):
    game = finished()
    path = saves.autosave(game, save_dir)
    before = path.read_bytes()
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("l")
        await until(pilot, lambda: "finished: " in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")
        text = screen_text(app)
        assert "Game over" in text and game.state.result.text[:40] in text.replace("\n", " ")
        assert "Statistics" in text and "r Replay" in text
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "ReplayScreen")
        text = screen_text(app)
        assert f"Replay: the game's {len(game.log)} decisions" in text
        assert "The storm starts in zone" in text  # the first event, at the top
        await pilot.press("end")
        await until(pilot, lambda: game.state.result.text[:30] in screen_text(app).replace("\n", " "))
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("m")
        await until(pilot, lambda: screen_name(app) == "MainMenu")
    assert path.read_bytes() == before  # looking at a finished game does not write it again


@pytest.mark.slow
@pilot_test
async def test_a_finished_game_given_to_the_app_opens_on_its_result(save_dir):
    """`dune-tui load NAME` of a finished game: the app starts on the game-over screen."""
    path = saves.autosave(finished(), save_dir)
    app = make_app(saves.load(path), save_dir, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")
        assert "Statistics" in screen_text(app)


LONG = SeatConfig(kind="human", name="Alexandrina Longname-Harkonnen")


@pytest.mark.slow
@pilot_test
async def test_the_load_list_fits_80_columns_and_tells_the_highlighted_save_in_full(save_dir):
    saves.autosave(finished(), save_dir)
    six = Session(Options(players=6, seed=5, dice="splitmix"), [LONG, *[bot("mcts:hard")] * 5], bots_secret=5)
    play_until(six, lambda s: s.round >= 2)
    saves.save_named(six, "The very long name of a game we played on a Sunday", save_dir)
    saves.autosave(going(), save_dir)
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("l")
        await until(pilot, lambda: "3 saved games" in screen_text(app))
        table = app.screen.query_one("#saves")
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no sideways scrolling
        header = screen_text(app).splitlines()[2]
        assert all(column in header for column in ("Name", "Saved", "Round", "Status"))
        assert "The very long name of a game …" in screen_text(app)  # cut in the list...
        for _ in range(3):
            if "The very long name of a game we played on a Sunday —" in screen_text(app):
                break
            await pilot.press("down")
        text = screen_text(app).replace("\n", " ")
        assert "The very long name of a game we played on a Sunday — to move: " in text  # ...whole under it
        assert "6 players: " in text and "Alexandrina Longname-Harkonnen" in text
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: "Players" in screen_text(app).splitlines()[2])
