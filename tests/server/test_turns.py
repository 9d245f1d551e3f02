"""Turn-based play on the table server: the list says whom a table waits for and since when (kept in the store:
a restart counts on from the same moment), and a login sees "your turn at <table> (since 2 h)" wherever it opens
dune-tui."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import msgspec
import pytest

from dune_tui.games.dune import Options
from dune_tui.net import lobby
from dune_tui.net.identity import my_login
from dune_tui.net.turn_limit import in_words, parse_duration
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import SPECTATOR, Notice
from dune_tui.ui.app import DuneApp
from dune_tui.ui.screens.tables import invitation
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, until, where  # noqa: F401 (the fixture)
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


async def test_an_absent_seats_decision_past_the_turn_limit_is_played_by_a_bot_and_the_table_says_so(where):  # noqa: F811
    daemon = await started(where)
    try:
        request = control.OpenTable(save=save_of(my_game(7)), pause=0, turn_limit=1.0)
        opened = await asyncio.to_thread(control.ask, where, request)
        hosted = daemon.tables[opened.table]
        said: list[str] = []
        hosted.table.attach(SPECTATOR, lambda m: said.append(m.text) if isinstance(m, Notice) else None)
        await until(lambda: any(e.seat == 0 for e in hosted.table.controller.log), 10)
        assert said[0] == (f"Seat 1 ({ME}) did not decide within the table's turn limit of 1 s: heuristic plays "
                           "this decision for it.")
        await until(lambda: 0 not in hosted.server.stand_ins)  # for that decision only
    finally:
        await daemon.close()


async def test_a_restart_counts_the_turn_limit_on_from_the_same_moment(where):  # noqa: F811
    daemon = await started(where)
    try:
        request = control.OpenTable(save=save_of(my_game(8)), pause=0, turn_limit=3600)
        opened = await asyncio.to_thread(control.ask, where, request)
        await my_turn(where)
        mine = len([e for e in daemon.tables[opened.table].table.controller.log if e.seat == 0])
        await asyncio.sleep(0.5)
        assert len([e for e in daemon.tables[opened.table].table.controller.log if e.seat == 0]) == mine  # in time
    finally:
        await daemon.close()
    with sqlite3.connect(where / place.DATABASE) as db:  # as if the server had been down for an hour
        db.execute("UPDATE turns SET since = since - 3600")
    daemon = await started(where)
    try:
        table = daemon.tables[opened.table].table
        await until(lambda: len([e for e in table.controller.log if e.seat == 0]) > mine, 10)
    finally:
        await daemon.close()


def test_a_turn_limit_is_said_as_people_say_it():
    assert [parse_duration(t) for t in ("24h", "90m", "30s", "2d", "3600", "1.5h")] == [
        86400, 5400, 30, 172800, 3600, 5400]
    for wrong, why in (("soon", "not a duration"), ("0s", "between 1 second and 30 days"), ("40d", "30 days")):
        with pytest.raises(ValueError, match=why):
            parse_duration(wrong)
    assert [in_words(s) for s in (86400 * 2, 86400, 1800, 1, 1.5)] == ["2 days", "24 h", "30 min", "1 s", "1.5 s"]


@pytest.mark.parametrize("door", ["", "ssh"])
async def test_the_menus_host_a_table_opens_it_on_the_server_and_it_waits_when_the_host_leaves(where, monkeypatch,  # noqa: F811
                                                                                              door):
    """At a front door (issue 44), the note names no command: its player has no shell to run `dune-tui join` in."""
    from dune_tui.net.identity import DOOR
    from dune_tui.ui.widgets.cycler import Cycler

    monkeypatch.setenv(DOOR, door)
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await ui_until(pilot, lambda: "Host a table on this server" in screen_text(app), what="the form")
            app.screen.query_one("#players", Cycler).set_values(list(range(2, 9)), 2)
            app.screen.query_one("#seat-1", Cycler).set_values(["human", "random"], "random")
            await pilot.press("enter")
            await ui_until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game screen")
            assert len(daemon.tables) == 1  # the server's table, not one of this process
            hosted = next(iter(daemon.tables.values()))
            assert hosted.owner == ME and hosted.table.session.seats[0].login == ME
            await ui_until(pilot, lambda: any(s.seat == 0 and s.connected for s in hosted.table.seat_list()),
                           what="the host at its seat")
            def said() -> str:
                return " ".join(str(n.message) for n in app._notifications)
            await ui_until(pilot, lambda: "Others sit down" in said(), what="the note to the host")
            assert ("dune-tui join" in said()) == (not door), said()
            app.table.close()  # the host leaves
            await ui_until(pilot, lambda: not any(s.seat == 0 and s.connected for s in hosted.table.seat_list()),
                           what="the host gone")
            app.exit()
        await asyncio.sleep(0.3)
        assert not hosted.table.closed and hosted.name in daemon.tables  # the table waits
        entry = await my_turn(where)
        assert entry.stem == hosted.name
    finally:
        await daemon.close()


def test_a_database_of_the_first_schema_gains_the_turns_when_it_opens(tmp_path):
    from dune_tui.server.store import SCHEMA, VERSION, Store

    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:  # as the first server wrote it
        db.executescript(f"{SCHEMA} PRAGMA user_version = 1;")
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION >= 2  # (3 added the record: ratings)
        assert db.execute("SELECT count(*) FROM turns").fetchone()[0] == 0


def test_an_invitation_whose_seat_is_asked_says_who_invites_and_that_it_is_your_turn():
    """alice, invited by bob to a table that waits for her seat's first decision, is told who invites her (what the
    README's shared-server lines show), and that it is her turn; bob at his own table is told it is his turn."""
    from dune_tui.net.lobby import Card, Listed, SeatCard, describe
    from dune_tui.ui.screens.tables import invitation

    now = time.time()
    card = Card(table="bob-1", host="bob", game_id="1", rules="dune", title="Dune", players=2, state="round 1",
                seats=(SeatCard(seat=0, status="reserved", login="alice", since=now - 120),
                       SeatCard(seat=1, status="taken", login="bob", here=False)))
    listed = Listed(where="/tmp", stem="bob-1", owner="bob", card=card)
    assert invitation(listed, "alice") == "bob invites you to a table (your turn, since 2 min)"
    assert describe(listed, "alice")[0].endswith("  bob invites you  your turn (since 2 min)")
    mine = Listed(where="/tmp", stem="bob-1", owner="bob", card=msgspec.structs.replace(
        card, seats=(card.seats[0], SeatCard(seat=1, status="taken", login="bob", since=now - 120))))
    assert invitation(mine, "bob") == "your turn at bob-1 (since 2 min)"
