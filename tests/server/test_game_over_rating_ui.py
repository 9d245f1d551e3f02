"""The game over at a table of the table server (issue 46) shows how the game moved my rating there: before →
after, ±, as the server rated the table's end."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net.identity import my_login
from dune_tui.record.ratings import change_text
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text, until


async def test_the_game_over_at_a_server_table_shows_my_rating_change(where, monkeypatch, as_login):  # noqa: F811
    me = my_login()
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=42), [SeatConfig(kind="human", login=me),
                                                     SeatConfig(kind="human", login="alice"),
                                                     SeatConfig(kind="bot", agent="random")], bots_secret=42)
        as_login.now = me
        request = control.OpenTable(save=save_of(game), pause=0, takeover="random", after=3600)
        opened = await asyncio.to_thread(control.ask, where, request)
        hosted = daemon.tables[opened.table]
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: opened.table in screen_text(app), what="the table")
            await pilot.press("enter")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="my seat")
            assert app.table.seat == 0
            hosted.server.stand_in(0, "random")  # my decisions played for me (the screen shows them), alice's too
            hosted.server._take_over(1)
            await until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen", what="the game over",
                        timeout=90)
            await daemon.store.settled()  # (the table's end is rated in the writer's transaction)
            before, after = daemon.store.rating_change(game.game_id, me)
            line = change_text("Dune: The Dice Game", before, after)
            await until(pilot, lambda: line in screen_text(app), what="my rating change")
            assert "→" in line and after != before
            app.exit()
    finally:
        await daemon.close()
