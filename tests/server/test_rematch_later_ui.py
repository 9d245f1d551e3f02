"""The rematch key later (issue 43): the game over screen of a table server's table asks for the rematch once the
table has closed, and after the server has restarted too (the finished table is in the store), and sits this
terminal down at its seat there."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.server import daemon as daemon_module
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text, until, until_shown


async def test_a_at_a_game_over_whose_table_has_closed_opens_the_rematch_after_a_restart(where, monkeypatch,  # noqa: F811
                                                                                       as_login):  # noqa: F811
    me = my_login()
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    monkeypatch.setattr(daemon_module, "GRACE_SECONDS", 0.5)  # the finished table closes at once,
    monkeypatch.setattr(daemon_module, "REMATCH_SECONDS", 0.5)  # not kept for a rematch while it is open
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=43), [SeatConfig(kind="human", login=me),
                                                     SeatConfig(kind="human", login="alice"),
                                                     SeatConfig(kind="bot", agent="random")], bots_secret=43)
        as_login.now = "bob"
        request = control.OpenTable(save=save_of(game), pause=0, takeover="random", after=3600)
        opened = await asyncio.to_thread(control.ask, where, request)
        hosted = daemon.tables[opened.table]
        as_login.now = me
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: opened.table in screen_text(app), what="the table")
            await pilot.press("w")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game, watched")
            for seat in (0, 1):
                hosted.server._take_over(seat)
            await until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen", what="the game over",
                        timeout=90)
            await until(pilot, lambda: opened.table not in daemon.tables, what="the finished table closed")
            await daemon.close()
            daemon = await started(where)  # later: the server restarted, the finished table in its store only
            await until_shown(pilot, "a Rematch")
            await pilot.press("a")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the rematch's game")
            rematch = next(iter(daemon.tables))
            assert app.table.path == str(where / f"{rematch}.sock") and app.table.seat == 0
            assert [s.login for s in daemon.tables[rematch].table.session.seats] == [me, "alice", ""]
            app.exit()
    finally:
        await daemon.close()
