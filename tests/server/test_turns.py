"""Turn-based play on the table server: the list says whom a table waits for and since when (kept in the store:
a restart counts on from the same moment), and a login sees "your turn at <table> (since 2 h)" wherever it opens
dune-tui."""

from __future__ import annotations

import asyncio
import time

from dune_tui.games.dune import Options
from dune_tui.net import lobby
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.screens.tables import invitation
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text
from tests.ui.ui_helpers import until as ui_until

ME = my_login()


def my_game(seed: int) -> Session:
    """A human seat kept for me, then bots: the table soon waits for my decision."""
    seats = [SeatConfig(kind="human", login=ME), SeatConfig(kind="bot", agent="random")]
    return Session(Options(players=2, seed=seed), seats, bots_secret=seed)


async def my_turn(where) -> lobby.Listed:  # noqa: F811
    listed: list[lobby.Listed] = []

    async def look() -> bool:
        listed[:] = await asyncio.to_thread(control.listing, where)
        return bool(listed) and listed[0].card.turn_since(ME) > 0

    for _ in range(500):
        if await look():
            return listed[0]
        await asyncio.sleep(0.02)
    raise AssertionError(f"the table never waited for {ME}: {listed}")


async def test_the_list_says_whom_a_table_waits_for_and_since_when_even_after_a_restart(where):  # noqa: F811
    daemon = await started(where)
    try:
        before = time.time()
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(my_game(5)), pause=0))
        entry = await my_turn(where)
        since = entry.card.turn_since(ME)
        assert before <= since <= time.time()
        assert [s.seat for s in entry.card.seats if s.since] == [0]
        assert entry.card.turn_since("somebody-else") == 0
        assert invitation(entry, ME) == f"your turn at {opened.table} (since 0 s)"
        assert "your turn (since 0 s)" in lobby.describe(entry, ME)[0]
    finally:
        await daemon.close()
    await asyncio.sleep(1.1)
    daemon = await started(where)
    try:
        again = await my_turn(where)
        assert again.card.turn_since(ME) == since  # counted from the same moment, not from the restart
    finally:
        await daemon.close()


def test_how_long_a_table_has_waited_is_said_in_a_few_characters():
    assert [lobby.waited(0, now) for now in (42, 750, 7300, 3 * 86400 + 5)] == ["42 s", "12 min", "2 h", "3 days"]


async def test_the_menu_and_the_tables_screen_say_your_turn_and_since_when(where, monkeypatch):  # noqa: F811
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(my_game(6)), pause=0))
        await my_turn(where)
        hosted = daemon.tables[opened.table]
        seat = next(iter(hosted.table.clients.since))
        hosted.table.clients.since[seat] -= 2 * 3600 + 60  # as if it had waited two hours
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(100, 30)) as pilot:
            said = f"your turn at {opened.table} (since 2 h)"
            await ui_until(pilot, lambda: said in screen_text(app), what="the menu's line")
            await pilot.press("t")
            await ui_until(pilot, lambda: "Tables on this server" in screen_text(app) and said in screen_text(app),
                           what="the tables screen's line")
            app.exit()
    finally:
        await daemon.close()
