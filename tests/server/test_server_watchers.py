"""Issue 43 S4 over the server's socket (`dune-tui serve`): watchers are listed to the players by login (the
server's own recorder is not a watcher), their lines say "Watcher <login>", and the connections of one login
share one chat allowance."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net import server
from dune_tui.net.client import RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.server import control
from dune_tui.session import Session
from dune_tui.table import clients
from dune_tui.table.messages import SPECTATOR, Chat, Refused, Seats
from tests.server.test_daemon import SEATS, save_of, started, until, where  # noqa: F401 (where: a fixture)


async def test_s4_watchers_at_a_server_table_are_listed_by_login_and_share_one_allowance(where, monkeypatch):  # noqa: F811
    monkeypatch.setattr(server, "JOIN_BURST", 50)
    me = my_login()
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=4), [SEATS[0], SEATS[2], SEATS[2]], bots_secret=4)
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=0))
        path = str(where / f"{opened.table}.sock")
        player = await RemoteTable.join_local(path, None, host=me)
        got: list = []
        player.attach(player.seat, lambda message: got.append(message))
        assert player.welcome.watchers == (), "the server's recorder is no watcher"
        watchers = [await RemoteTable.join_local(path, SPECTATOR, host=me) for _ in range(10)]
        refused: list = []
        for w in watchers:
            w.attach(SPECTATOR, lambda message: refused.append(message) if isinstance(message, Refused) else None)
        await until(lambda: any(isinstance(m, Seats) and m.watchers == (me,) * 10 for m in got))
        for i, w in enumerate(watchers):
            w.receive(None, Chat(text=f"line {i}"))
        await until(lambda: len(refused) == 10 - clients.CHAT_BURST)
        await until(lambda: sum(isinstance(m, Chat) for m in got) >= clients.CHAT_BURST)  # (they cross a socket)
        await asyncio.sleep(0.2)  # and no more come
        lines = [m for m in got if isinstance(m, Chat)]
        assert [c.name for c in lines] == [f"Watcher {me}"] * clients.CHAT_BURST
        for w in [player, *watchers]:
            w.close()
    finally:
        await daemon.close()
