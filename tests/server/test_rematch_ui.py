"""The rematch key (issue 43): at the game over of a table of the table server, `a` opens the rematch (the same
seats, a new deal) and sits this terminal down at its seat there."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text, until, until_shown


async def test_a_at_the_game_over_of_a_server_table_sits_me_down_at_its_rematch(where, monkeypatch, as_login):  # noqa: F811
    me = my_login()
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=41), [SeatConfig(kind="human", login=me),
                                                     SeatConfig(kind="human", login="alice"),
                                                     SeatConfig(kind="bot", agent="random")], bots_secret=41)
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
            for seat in (0, 1):  # the players are away: their stand-ins play it to its end while I watch
                hosted.server._take_over(seat)
            await until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen", what="the game over",
                        timeout=90)
            await until_shown(pilot, "a Rematch")
            await pilot.press("a")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the rematch's game")
            rematch = next(n for n in daemon.tables if n != opened.table)
            assert app.table.path == str(where / f"{rematch}.sock") and app.table.seat == 0
            table = daemon.tables[rematch].table
            assert [s.login for s in table.session.seats] == [me, "alice", ""]
            assert table.session.options.seed != hosted.table.session.options.seed
            app.exit()
    finally:
        await daemon.close()
