"""Hostile saves in the game's menu and Load screen: shown as plain text, never a crash, never markup."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from dune_tui.games.dune import Options
from dune_tui.saves import autosave
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot, condition, steps: int = 500) -> None:
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never happened:\n{screen_text(pilot.app)}")


def menu_app(folder) -> DuneApp:
    app = DuneApp(None, Settings(save_dir=folder, pause=0.0, bots="thread"))
    app.animation_level = "none"
    return app


def hostile(session, folder, **seat) -> None:
    path = autosave(session, folder)
    doc = msgspec.json.decode(path.read_bytes())
    doc["saved_at"] = "9999-12-31T23:59:59-23:59"  # the audit's OverflowError on the Load screen
    for entry in doc["seats"]:
        entry.update(seat)
    path.write_bytes(msgspec.json.encode(doc))


def test_load_screen_shows_hostile_saves_literally(play_game, tmp_path):
    folder = tmp_path / "saves"
    hostile(play_game(Options(players=2, seed=3), 10), folder, kind="human", name="[bold red]Ann[/]\u001b[2J")
    (folder / "[b]planted.dune.json").write_bytes(b"{")

    async def scenario():
        app = menu_app(folder)
        async with app.run_test(size=(120, 30)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await pilot.press("l")
            await until(pilot, lambda: type(app.screen).__name__ == "LoadScreen")
            await pilot.pause(0.1)
            text = screen_text(app)
            assert app.is_running
            assert "[bold red]Ann[/]" in text  # the markup printed as typed
            assert "[b]planted" in text and "unreadable" in text
            assert "\x1b" not in text

    asyncio.run(scenario())


def test_menu_continue_shows_a_planted_file_name_literally(play_game, tmp_path):
    folder = tmp_path / "saves"
    path = autosave(play_game(Options(players=2, seed=3), 10), folder)
    path.rename(folder / "autosave-[reverse]x.dune.json")

    async def scenario():
        app = menu_app(folder)
        async with app.run_test(size=(120, 30)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await until(pilot, lambda: "Continue: " in screen_text(app))
            assert "Continue: autosave-[reverse]x.dune.json" in screen_text(app)

    asyncio.run(scenario())


def test_menu_says_why_the_save_directory_is_refused(tmp_path):
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(0o777)

    async def scenario():
        app = menu_app(folder)
        async with app.run_test(size=(120, 30)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await until(pilot, lambda: "refusing the save directory" in screen_text(app).replace("\n", " "))

    asyncio.run(scenario())


def test_load_screen_counts_one_saved_game_in_the_singular(play_game, tmp_path):
    folder = tmp_path / "saves"
    autosave(play_game(Options(players=2, seed=3), 10), folder)

    async def scenario():
        app = menu_app(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await pilot.press("l")
            await until(pilot, lambda: "saved game" in screen_text(app))
            assert "1 saved game in" in screen_text(app)

    asyncio.run(scenario())


def damaged_autosave(play_game, folder):
    """An autosave cut in half, with a good backup of the same game (the turn before) beside it."""
    game = play_game(Options(players=2, seed=3), 10)
    path = autosave(game, folder)
    autosave(game, folder)  # the first is now the backup
    path.write_bytes(path.read_bytes()[:200])
    return path


@pytest.mark.slow
def test_menu_continue_opens_the_backup_of_a_damaged_autosave_and_says_so(play_game, tmp_path):
    folder = tmp_path / "saves"
    damaged_autosave(play_game, folder)

    async def scenario():
        app = DuneApp(None, Settings(save_dir=folder, pause=30.0, bots="thread"))  # the bots wait: the log stays
        app.animation_level = "none"
        async with app.run_test(size=(120, 30)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await pilot.press("c")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")
            await until(pilot, lambda: "is damaged" in " ".join(screen_text(app).split()))
            text = " ".join(screen_text(app).split())
            assert "backup" in text and "Cannot continue" not in text

    asyncio.run(scenario())


def test_load_screen_lists_a_damaged_autosave_by_its_backup_not_as_unreadable(play_game, tmp_path):
    folder = tmp_path / "saves"
    damaged_autosave(play_game, folder)

    async def scenario():
        app = menu_app(folder)
        async with app.run_test(size=(160, 30)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await pilot.press("l")
            await until(pilot, lambda: "saved game" in screen_text(app))
            text = screen_text(app)
            assert "unreadable" not in text and "to move" in text and "backup" in text
            await pilot.press("enter")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")

    asyncio.run(scenario())
