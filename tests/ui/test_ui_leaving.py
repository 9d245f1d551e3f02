"""Leaving a game when it cannot be saved (issue 27 bug 1): the dialog says so plainly, the game stays open,
another directory is offered; leaving unsaved is a deliberate choice, and the exit says where the last good
save is."""

from __future__ import annotations

import pytest
from ui_helpers import human_waiting, make_app, pilot_test, screen_name, screen_text, session, until

from dune_tui import saves


def blocked_dir(tmp_path):
    path = tmp_path / "not-a-directory"
    path.write_text("a file where the save directory should be")
    return path


@pytest.mark.slow
@pilot_test
async def test_a_failed_save_on_quitting_is_said_and_another_directory_saves_the_game(tmp_path):
    game = session(2, seed=9)
    app = make_app(game, blocked_dir(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("q", "y")
        await until(pilot, lambda: screen_name(app) == "NotSaved")
        text = screen_text(app)
        assert "could NOT be saved" in text and "The game is saved" not in text
        assert "stays open" in text
        assert app.is_running and any(type(s).__name__ == "GameScreen" for s in app.screen_stack)
        elsewhere = tmp_path / "elsewhere"
        await pilot.press(*str(elsewhere), "enter")
        await until(pilot, lambda: not app.is_running)
    assert app.return_value == 0
    saved = saves.latest_autosave(elsewhere)
    assert len(saves.load(saved).log) == len(game.log)
    note = app.exit_note().splitlines()  # no failure to tell: where the game is and how to resume it
    assert note[0] == f"The game is saved in {saved}" and note[1].startswith("Resume it with: ")  # (the program as
    assert note[1].endswith(f" load --save-dir {elsewhere} {saved.name.removesuffix('.dune.json')}")  # typed)


@pytest.mark.slow
@pilot_test
async def test_after_a_failed_save_escape_keeps_playing_and_ctrl_x_leaves_unsaved_with_a_note(tmp_path):
    app = make_app(session(2, seed=9), blocked_dir(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("q", "y")
        await until(pilot, lambda: screen_name(app) == "NotSaved")
        await pilot.press("escape")
        await until(pilot, lambda: human_waiting(app))  # the game goes on
        await pilot.press("q", "m")
        await until(pilot, lambda: screen_name(app) == "NotSaved")
        await pilot.press("ctrl+x")
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running)
    note = app.exit_note()
    assert note.startswith("dune-tui: the game could not be saved (") and "no save of this game" in note


@pilot_test
async def test_quitting_unsaved_exits_1_and_names_the_last_good_save(tmp_path):
    folder = tmp_path / "saves"
    app = make_app(session(2, seed=9), folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        first = saves.latest_autosave(folder)
        assert first is not None  # a new game is saved at once
        app.table.save_dir = blocked_dir(tmp_path)  # the disk goes away under the game
        await pilot.press("q", "y")
        await until(pilot, lambda: screen_name(app) == "NotSaved")
        assert str(first) in screen_text(app).replace("\n", "") or "last good save" in screen_text(app)
        await pilot.press("ctrl+x")
        await until(pilot, lambda: not app.is_running)
    assert app.return_value == 1  # the exit status `_run` returns
    assert f"the last good save is {first}" in app.exit_note()
