"""The menu's "Tables on this server" lists the table server's tables beside the lobby's, and Enter sits the
player down at one: the server's user answers its socket (not the table's owner, as in the lobby)."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text, until


async def test_the_servers_table_is_listed_and_enter_sits_down_there(where, monkeypatch):  # noqa: F811
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))  # no lobby at all: the server's tables still show
    daemon = await started(where)
    try:
        game = Session(Options(players=2, seed=3), [SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")],
                       bots_secret=3)
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game)))
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: f"{opened.table}" in screen_text(app), what="the server's table")
            assert "1 free" in screen_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game screen")
            table = daemon.tables[opened.table].table
            await until(pilot, lambda: table.session.seats[0].login == my_login(), what="the seat kept for me")
            app.exit()
    finally:
        await daemon.close()
