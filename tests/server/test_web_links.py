"""The browser front door's one-time links (issue 44): `dune-tui link` asks the server (its control socket, the
kernel saying who asks) for a link that opens one tab as the asker; the page claims it once, within minutes; the tab's
websocket key is used once too; the tab's process is bound to the asker in the server's doors. Anything else (a
link used again, expired, forged, a guest's asking, a server without the door) is refused with a sentence. The page
links nothing from elsewhere."""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

from dune_tui.net import wire  # noqa: E402
from dune_tui.net.identity import my_login  # noqa: E402
from dune_tui.server import control  # noqa: E402
from dune_tui.server.links import Links  # noqa: E402
from dune_tui.server.web import WebDoor  # noqa: E402
from tests.server.test_daemon import started, where  # noqa: E402, F401 (the fixture)


def test_a_link_opens_once_within_its_time_and_nothing_else_opens():
    now = [0.0]
    links = Links(lifetime=300, clock=lambda: now[0])
    token = links.issue("alice")
    assert links.claim(token) == "alice"
    assert links.claim(token) is None  # once
    late = links.issue("bob")
    now[0] = 301.0
    assert links.claim(late) is None  # expired
    fresh = links.issue("carol")
    assert links.claim(fresh[:-1] + ("A" if fresh[-1] != "A" else "B")) is None  # forged: one letter changed
    assert links.claim(fresh) == "carol"
    assert links.claim("") is None and links.claim("x" * 10_000) is None
    assert len(token) >= 22 and token not in repr(links.waiting)  # 128 bits; only its digest is kept


async def ask(where, request):  # noqa: F811
    return await asyncio.to_thread(control.ask, where, request)


async def test_dune_tui_link_opens_one_tab_as_its_asker(where):  # noqa: F811
    daemon = await started(where)
    door = None
    try:
        refused = await ask(where, control.MakeLink())
        assert "no browser front door" in refused.reason and "--web" in refused.reason

        door = WebDoor(daemon, host="127.0.0.1", port=0, command=["sleep", "30"])
        await door.start()
        answer = await ask(where, control.MakeLink())
        assert isinstance(answer, control.Done), answer
        url = answer.text
        assert re.fullmatch(rf"http://127\.0\.0\.1:{door.port}/\?t=[\w-]{{22,}}", url), url

        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{door.port}/") as guest:
                page = await guest.text()
            assert guest.status == 200 and '"/ws"' in page
            assert not re.search(r"""(src|href|url)\s*=?\s*\(?["']?(https?:)?//""", page)  # nothing from elsewhere
            assert "googleapis" not in page

            async with http.get(url) as first:
                mine = await first.text()
            assert first.status == 200
            key = re.search(r'"/ws/([\w-]+)"', mine).group(1)
            async with http.get(url) as again:
                used = await again.text()
            assert again.status == 403 and "used already or has expired" in used and "/ws/" not in used
            assert "`dune-tui" not in used  # (a shell command: the browser's player may have no shell there)
            assert '<a href="/">Play as a guest</a>' in used
            async with http.get(url.replace("?t=", "?t=x")) as forged:
                assert forged.status == 403

            async with http.ws_connect(f"http://127.0.0.1:{door.port}/ws/{key}?width=80&height=24") as ws:
                for _ in range(200):
                    if daemon.doors.bound:
                        break
                    await asyncio.sleep(0.02)
                assert list(daemon.doors.bound.values()) == [my_login()]  # the tab's process is the asker
                with pytest.raises(aiohttp.WSServerHandshakeError):  # the tab's key is used once
                    await http.ws_connect(f"http://127.0.0.1:{door.port}/ws/{key}?width=80&height=24")
                await ws.close()
            for _ in range(250):
                if not daemon.doors.bound:
                    break
                await asyncio.sleep(0.02)
            assert daemon.doors.bound == {}  # the tab closed: its process is gone, and unbound

        daemon.doors.bind(os.getpid(), "guest:7")  # this process, as a guest's tab
        try:
            guest_asks = await ask(where, control.MakeLink())
        finally:
            daemon.doors.unbind(os.getpid())
        assert "guest" in guest_asks.reason
    finally:
        if door is not None:
            await door.close()
        await daemon.close()


async def test_b_on_the_tables_screen_shows_a_link_that_opens_a_tab_as_the_player(where, monkeypatch):  # noqa: F811
    from dune_tui.net.identity import IDENTITY
    from dune_tui.server import place
    from dune_tui.ui.app import DuneApp
    from dune_tui.ui.settings import Settings
    from tests.ui.ui_helpers import until

    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    door = WebDoor(daemon, host="127.0.0.1", port=0, command=["sleep", "30"])
    await door.start()

    def notes(app) -> str:
        return "\n".join(str(n.message) for n in app._notifications)

    try:
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: type(app.screen).__name__ == "TablesScreen", what="the tables screen")
            await pilot.press("b")
            await until(pilot, lambda: "?t=" in notes(app), what="the link")
            url = re.search(r"http://\S+", notes(app)).group(0)
            app.exit()
        assert url.startswith(f"http://127.0.0.1:{door.port}/?t=")
        assert daemon.links.claim(url.split("?t=")[1]) == my_login()  # a link for this player

        monkeypatch.setenv(IDENTITY, "guest:4")  # (shown only: the server asks the kernel)
        daemon.doors.bind(os.getpid(), "guest:4")
        try:
            app = DuneApp(None, Settings(autosave=False))
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.press("t", "b")
                await until(pilot, lambda: "No browser link" in notes(app), what="the refusal")
                assert "guest" in notes(app) and "?t=" not in notes(app)
                app.exit()
        finally:
            daemon.doors.unbind(os.getpid())
    finally:
        await door.close()
        await daemon.close()


def test_a_guest_tab_shows_itself_as_the_guest_it_is(monkeypatch):
    from dune_tui.net.identity import IDENTITY, my_identity

    monkeypatch.setenv(IDENTITY, "guest:12")
    assert my_identity() == "guest:12"
    monkeypatch.setenv(IDENTITY, "guest:../x")
    assert my_identity() == my_login()


async def test_hostile_tabs_huge_sizes_garbage_and_too_many_are_refused_or_neutralised(where, monkeypatch):  # noqa: F811
    from dune_tui.server import web

    monkeypatch.setattr(web, "TABS_LIMIT", 3)
    monkeypatch.setattr(web, "PER_ADDRESS", 2)
    record = where.parent / "tab"
    daemon = await started(where)
    door = WebDoor(daemon, host="127.0.0.1", port=0,
                   command=["sh", "-c", f'r={record}.$DUNE_TUI_IDENTITY; echo "$COLUMNS $ROWS" > $r; cat >> $r'])
    await door.start()
    base = f"http://127.0.0.1:{door.port}/ws"
    try:
        async with aiohttp.ClientSession() as http:
            first = await http.ws_connect(f"{base}?width=99999&height=-5")
            for garbage in ("not json", "{}", "[]", '["stdin", 5]', '["resize", "big"]', '["ping", 7]', "[" * 5000):
                await first.send_str(garbage)
            await first.send_bytes(b"\x00\xff")
            await first.send_str('["resize", {"width": 10000, "height": 10000}]')
            await first.send_str('["ping", "still here"]')
            pong = await asyncio.wait_for(first.receive_json(), 5)
            assert pong == ["pong", "still here"]  # garbage ignored, the tab alive

            second = await http.ws_connect(base)
            third = await http.ws_connect(base)  # a third tab from one address
            refused = await asyncio.wait_for(third.receive(), 5)
            assert refused.type == aiohttp.WSMsgType.CLOSE and "2 tabs are open from your address" in refused.extra
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))) as other:
                elsewhere = await other.ws_connect(base)  # from another address: its tab
                await elsewhere.send_str('["ping", "in"]')
                assert await asyncio.wait_for(elsewhere.receive_json(), 5) == ["pong", "in"]
                fourth = await other.ws_connect(base)  # past the server's limit
                refused = await asyncio.wait_for(fourth.receive(), 5)
                assert refused.type == aiohttp.WSMsgType.CLOSE and "as many tabs" in (refused.extra or "")
                for ws in (first, second, third, elsewhere, fourth):
                    await ws.close()
        for _ in range(250):
            if not door.tabs:
                break
            await asyncio.sleep(0.02)
        assert not door.tabs and daemon.doors.bound == {}
        text = Path(f"{record}.guest:1").read_text(errors="replace")
        assert text.startswith("500 1\n")  # the first size clamped (a width over 500, a height under 1)
        assert '"width": 500, "height": 200' in text and "10000" not in text  # the resize clamped
    finally:
        await door.close()
        await daemon.close()


async def test_a_tab_gets_the_spare_process_started_ahead_and_another_is_started(where):  # noqa: F811
    daemon = await started(where)
    door = WebDoor(daemon, host="127.0.0.1", port=0)  # the menu's own process, warm
    await door.start()
    try:
        for _ in range(500):
            if door.spare is not None:
                break
            await asyncio.sleep(0.02)
        first = door.spare.process.pid
        url = f"http://127.0.0.1:{door.port}/ws?width=100&height=30"
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
            drawn = b""
            while b"New game" not in drawn:  # the menu, drawn by the spare
                message = await asyncio.wait_for(ws.receive(), 20)
                assert message.type == aiohttp.WSMsgType.BINARY, message
                drawn += message.data
            assert [t.pid for t in door.tabs] == [first] and daemon.doors.bound == {first: "guest:1"}
            for _ in range(500):
                if door.spare is not None:
                    break
                await asyncio.sleep(0.02)
            assert door.spare.alive and door.spare.process.pid != first  # the next tab's, started ahead
        spare = door.spare.process
    finally:
        await door.close()
        await daemon.close()
    await asyncio.wait_for(spare.wait(), 5)  # a spare never used ends with the door


async def test_a_guest_tab_is_told_it_is_at_the_web_door_and_its_home_is_in_the_server_s_directory(where):  # noqa: F811
    """Issue 44: a guest's home was a temporary directory in /tmp, outside the server's directory; and a tab's UI
    was not told it is at a front door (where it must offer no path and no shell command)."""
    record = where.parent / "tab"
    daemon = await started(where)
    door = WebDoor(daemon, host="127.0.0.1", port=0,
                   command=["sh", "-c", f'echo "$DUNE_TUI_DOOR $DUNE_TUI_SAVE_DIR" > {record}.new; '
                                        f'mv {record}.new {record}; cat'])
    await door.start()
    try:
        async with aiohttp.ClientSession() as http, http.ws_connect(f"http://127.0.0.1:{door.port}/ws") as ws:
            for _ in range(250):
                if record.exists():
                    break
                await asyncio.sleep(0.02)
            told, saves = record.read_text().split()
            assert told == "web" and Path(saves).is_relative_to(where / "guests"), saves
            await ws.close()
        for _ in range(250):
            if not door.tabs:
                break
            await asyncio.sleep(0.02)
        assert not Path(saves).parent.exists()  # the guest's home goes with the tab
    finally:
        await door.close()
        await daemon.close()


def test_dune_tui_starts_without_textual_serve_or_aiohttp_even_to_parse_serve_web():
    """textual-serve and aiohttp are imported by `serve --web` alone, once it runs: never at dune-tui's start-up (nor
    `dune-tui link`'s)."""
    import subprocess
    import sys

    code = ("import sys; from dune_tui.cli import parse_args; parse_args(['serve', '--web', '8080']); "
            "parse_args(['link']); import dune_tui.ui, dune_tui.server.daemon, dune_tui.commands.link; "
            "print(sorted(m for m in ('textual_serve', 'aiohttp', 'playwright') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]", out.stderr


async def test_a_table_s_link_opens_its_tab_at_that_table_and_no_link_names_a_table_the_asker_cannot_sit_at(
        where, monkeypatch, capsys):  # noqa: F811
    """Issue 44: a link made for a table (`dune-tui link TABLE`) opens its tab's process as `dune-tui join TABLE`,
    the asker's; a table that is not there, or where every seat is another login's, gets no link but a sentence."""
    from dune_tui.games.dune import Options
    from dune_tui.session import SeatConfig, Session
    from tests.server.test_daemon import save_of

    record = where.parent / "tab"
    daemon = await started(where)
    door = WebDoor(daemon, host="127.0.0.1", port=0,
                   command=["sh", "-c", f'echo "$0 $1 $DUNE_TUI_IDENTITY" > {record}.new; mv {record}.new {record}; '
                                        "cat"])
    await door.start()
    try:
        mine = Session(Options(players=2, seed=3), [SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")],
                       bots_secret=3)
        theirs = Session(Options(players=2, seed=4), [SeatConfig(kind="human", login="alice"),
                                                      SeatConfig(kind="bot", agent="random")], bots_secret=4)
        tables = [(await ask(where, control.OpenTable(save=save_of(game), pause=0))).table for game in (mine, theirs)]

        gone = await ask(where, control.MakeLink(table="nobody-123"))
        assert gone.reason == "no table 'nobody-123' on this server", gone
        from dune_tui.cli import parse_args
        from dune_tui.server import place

        monkeypatch.setenv(place.ENV, str(where))
        args = parse_args(["link", "nobody-123"])  # the command line says how to list the tables
        assert await asyncio.to_thread(args.func, args) == 1
        assert capsys.readouterr().err == ("dune-tui link: no table 'nobody-123' on this server (`dune-tui tables` "
                                           "lists them)\n")
        full = await ask(where, control.MakeLink(table=tables[1]))
        assert isinstance(full, wire.Goodbye) and "seat 1 is alice's" in full.reason, full
        assert not daemon.links.waiting  # no link made for either

        answer = await ask(where, control.MakeLink(table=tables[0]))
        assert isinstance(answer, control.Done), answer
        async with aiohttp.ClientSession() as http:
            async with http.get(answer.text) as page:
                key = re.search(r'"/ws/([\w-]+)"', await page.text()).group(1)
            async with http.ws_connect(f"http://127.0.0.1:{door.port}/ws/{key}") as ws:
                for _ in range(250):
                    if record.exists():
                        break
                    await asyncio.sleep(0.02)
                assert record.read_text().split() == ["join", tables[0], my_login()]
                await ws.close()
    finally:
        await door.close()
        await daemon.close()


async def test_a_table_s_tab_says_why_and_opens_the_menu_if_the_table_is_gone_or_will_not_seat_its_player(
        where, monkeypatch):  # noqa: F811
    """Issue 44: a table's link opened after the table ended, or once its seats are others' (a seat kept for another
    login): the tab says so and opens the main menu, still the player's (nothing to retype, nothing lost)."""
    from dune_tui.games.dune import Options
    from dune_tui.server import place
    from dune_tui.session import SeatConfig, Session
    from dune_tui.ui.app import DuneApp
    from dune_tui.ui.screens.opening import OpeningTable
    from dune_tui.ui.settings import Settings
    from tests.server.test_daemon import save_of
    from tests.ui.ui_helpers import until

    monkeypatch.setenv(place.ENV, str(where))
    daemon = await started(where)
    try:
        theirs = Session(Options(players=2, seed=4), [SeatConfig(kind="human", login="alice"),
                                                      SeatConfig(kind="bot", agent="random")], bots_secret=4)
        table = (await ask(where, control.OpenTable(save=save_of(theirs), pause=0))).table
        for name, sentence in (("nobody-123", "The table nobody-123 is not on this server any more"),
                               (table, f"Could not sit down at the table {table}: the table refused: no free "
                                       f"seat for {my_login()}: seat 1 is alice's")):
            app = DuneApp(None, Settings(autosave=False), first=OpeningTable(name))
            async with app.run_test(size=(100, 30)) as pilot:
                await until(pilot, lambda a=app: type(a.screen).__name__ == "MainMenu" and a.focused is not None
                            and a.focused.id == "menu-list" and a.screen.query("#too-small"),
                            what="the main menu mounted, its list focused")
                assert [type(s).__name__ for s in app.screen_stack] == ["Launch", "MainMenu"]
                said = "\n".join(str(n.message) for n in app._notifications)
                assert sentence in said and "Tables on this server lists the open ones" in said, said
                app.exit()
    finally:
        await daemon.close()


async def test_b_on_a_table_of_the_server_makes_a_link_that_opens_at_that_table(where, monkeypatch):  # noqa: F811
    """Issue 44: b in Tables on this server, the highlight on a table of the server where the player may sit: the
    link opens the tab at that table (the board first, not the menu)."""
    from dune_tui.games.dune import Options
    from dune_tui.server import place
    from dune_tui.session import SeatConfig, Session
    from dune_tui.ui.app import DuneApp
    from dune_tui.ui.settings import Settings
    from tests.server.test_daemon import save_of
    from tests.ui.ui_helpers import until

    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    door = WebDoor(daemon, host="127.0.0.1", port=0, command=["sleep", "30"])
    await door.start()
    try:
        mine = Session(Options(players=2, seed=3), [SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")],
                       bots_secret=3)
        table = (await ask(where, control.OpenTable(save=save_of(mine), pause=0))).table
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: type(app.screen).__name__ == "TablesScreen" and app.screen.selected()
                        is not None, what="the tables screen, the table highlighted")
            await pilot.press("b")
            said = lambda: "\n".join(str(n.message) for n in app._notifications)  # noqa: E731
            await until(pilot, lambda: "?t=" in said(), what="the link")
            assert f"as you, at the table {table})" in said()
            url = re.search(r"http://\S+", said()).group(0)
            app.exit()
        assert daemon.links.claim_link(url.split("?t=")[1]) == (my_login(), table)
    finally:
        await door.close()
        await daemon.close()
