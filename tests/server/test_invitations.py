"""Invitations (issue 43, S6): a login sees the invitations the server holds for them, in the menu's line and in
`dune-tui tables`; 500 fake cards in the lobby (a host they are not, a socket of somebody else's) give no
invitation line and are not where `dune-tui join` with no argument goes."""

from __future__ import annotations

import asyncio
import os
import socket

from dune_tui.cli import main
from dune_tui.commands.host import find_table
from dune_tui.games.dune import Options
from dune_tui.net import lobby
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text, until


def fake_cards(folder, me: str, count: int = 500) -> list[socket.socket]:
    """Cards that say mallory hosts them and keeps a seat for `me`, written by `me` (not mallory); a few with a
    live socket."""
    socks = []
    for n in range(count):
        game_id = f"20261125-1010{n // 100:02d}-{n % 100:04x}"
        card = lobby.Card(table=lobby.table_name("mallory", game_id), host="mallory", game_id=game_id, rules="dune",
                          title="Dune: The Dice Game", players=2, state="round 1",
                          seats=(lobby.SeatCard(seat=0, status="reserved", login=me),
                                 lobby.SeatCard(seat=1, status="bot", name="x")))
        lobby.publish(folder, card)
        if n < 3:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.bind(str(folder / f"{card.table}.sock"))
            sock.listen(4)
            socks.append(sock)
    return socks


async def test_the_servers_invitation_is_told_and_500_fake_cards_are_not(where, monkeypatch, as_login, capsys):  # noqa: F811
    me = my_login()
    folder = where.parent / "lobby"
    folder.mkdir()
    os.chmod(folder, 0o1777)
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv(lobby.ENV, str(folder))
    socks = fake_cards(folder, me)
    daemon = await started(where)
    try:
        assert await asyncio.to_thread(find_table, None, me) is None  # the fakes are nobody's invitation
        game = Session(Options(players=3, seed=31), [SeatConfig(kind="human"), SeatConfig(kind="human"),
                                                     SeatConfig(kind="bot", agent="random")], bots_secret=31)
        as_login.now = "bob"
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game)))
        done = await asyncio.to_thread(control.ask, where, control.ManageTable(table=opened.table, verb="invite",
                                                                               login=me))
        assert done.text == "seat 1 is kept for " + me
        as_login.now = me
        found = await asyncio.to_thread(find_table, None, me)
        assert found is not None and not isinstance(found, str) and found.stem == opened.table
        assert await asyncio.to_thread(main, ["tables"]) == 0
        listed = capsys.readouterr().out
        assert f"bob's table {opened.table}" in listed and "bob invites you" in listed
        assert "mallory invites you" not in listed
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "invites you" in screen_text(app), what="the invitation line")
            assert "bob invites you to a table: press t" in screen_text(app)
            assert "mallory" not in screen_text(app) and "more)" not in screen_text(app)
            app.exit()
        done = await asyncio.to_thread(control.ask, where, control.ManageTable(table=opened.table, verb="decline"))
        assert done.text == "you declined bob's invitation"
        assert await asyncio.to_thread(find_table, None, me) is None
    finally:
        await daemon.close()
        for sock in socks:
            sock.close()
