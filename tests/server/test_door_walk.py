"""A player at a front door (issue 44) walks the screens: none offers a shell command (they have no shell on the
server) or shows a path of the server's (their UI runs as the server's user; their saves are "your saves")."""

from __future__ import annotations

import asyncio
import re

import pytest

from dune_tui import saves
from dune_tui.net.identity import DOOR, IDENTITY
from dune_tui.server import control, place
from dune_tui.table.messages import SaveFailed
from dune_tui.ui.app import DuneApp
from dune_tui.ui.screens.modals import NotSaved
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import human_waiting, screen_name, screen_text, session, until, until_shown

ME = "key:alice"
COMMAND = re.compile(r"dune-tui [a-z]|`(?:dune-tui|ssh|serve)\b")


class Walk:
    """What the player read so far (each screen and every notification), checked at each step."""

    def __init__(self, app, *private: str) -> None:
        self.app, self.private, self.seen = app, private, 0

    def check(self, step: str) -> str:
        notes = [str(n.message) for n in self.app._notifications]
        text = " ".join((screen_text(self.app) + " " + " ".join(notes)).split())
        assert not COMMAND.search(text), f"{step}: a shell command: {text}"
        for path in self.private:
            assert path not in text, f"{step}: a path of the server's ({path}): {text}"
        self.seen += 1
        return text


@pytest.mark.slow
@pytest.mark.parametrize("door", ["ssh"])  # (the web door differs only in its way back, tested in tests/ui)
async def test_at_a_door_no_screen_offers_a_shell_command_or_a_path_of_the_servers(where, monkeypatch, as_login,  # noqa: F811
                                                                                  save_dir, door):
    monkeypatch.setenv(DOOR, door)
    monkeypatch.setenv(IDENTITY, ME)
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    as_login.now = ME
    daemon = await started(where)
    try:
        game = saves.autosave(session(2, seed=9), save_dir)  # a game to continue, in the player's own saves
        table = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(session(3, seed=5)),
                                                                               pause=0))
        assert isinstance(table, control.Opened), table
        app = DuneApp(None, Settings(pause=0.0, bots="thread"))
        walk = Walk(app, str(where), str(save_dir), "/tmp/")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: screen_name(app) == "MainMenu")
            walk.check("the menu")
            for key, shown, what in (("question_mark", "Help", "the menu's help"),
                                     ("t", table.table, "Tables on this server"),
                                     ("l", "in your saves", "Load"),
                                     ("y", "Your games", "Your games"),
                                     ("r", "a short reference", "the rules"),
                                     ("n", "New game", "the new game's form")):
                await pilot.press(key)
                await until_shown(pilot, shown)
                walk.check(what)
                if key == "t":
                    await pilot.press("b")  # a link to the browser door: this server has none
                    await until(pilot, lambda: "no browser front door" in walk.check("no link"), what="no link")
                await pilot.press("escape")
                await until(pilot, lambda: screen_name(app) == "MainMenu", what="back to the menu")
            await pilot.press("c")
            await until(pilot, lambda: human_waiting(app), what="the game continued")
            walk.check("the game")
            for keys, shown, what in ((["question_mark"], "Help", "the game's help"),
                                      (["ctrl+s"], "Save the game as", "save as"),
                                      (["q"], "keep playing", "the leave dialog")):
                await pilot.press(*keys)
                await until_shown(pilot, shown)
                walk.check(what)
                await pilot.press("escape")
                await until(pilot, lambda: human_waiting(app), what="back to the game")
            autosave = str(game)  # an autosave that fails says why and where the last good one is
            app.table.clients.broadcast(SaveFailed(reason=f"cannot write {autosave}: [Errno 28] No space left on "
                                                   f"device: '{save_dir}'", last_good=autosave))
            await until(pilot, lambda: "Autosave failed" in walk.check("a failed autosave"), what="the failure")
            assert f"(the last good save: {game.name})" in walk.check("a failed autosave")
            app.push_screen(NotSaved(f"cannot write {autosave}: disk full", last_good=autosave))
            text = await until_shown(pilot, "could NOT be saved")
            assert f"The last good save: {game.name}" in walk.check("not saved") and text
            app.exit()
        assert walk.seen >= 14
    finally:
        await daemon.close()
