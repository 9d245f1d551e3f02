"""What a peer of the table server cannot make it do with the server's files (issue 44): a client's Save naming a
directory is refused over the protocol, and nothing is written there."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.client import RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.server import control
from dune_tui.session import Session
from dune_tui.table.messages import Save
from tests.server.test_daemon import SEATS, save_of, started, where  # noqa: F401 (the fixture)


async def test_a_peers_save_naming_a_directory_is_refused_and_nothing_is_written(where, tmp_path):  # noqa: F811
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=4), [SEATS[0], SEATS[2], SEATS[2]], bots_secret=4)
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=0))
        remote = await RemoteTable.join_local(str(where / f"{opened.table}.sock"), None, host=my_login())
        elsewhere = tmp_path / "elsewhere"
        remote.writer.write(wire.encode(Save(name="mine", directory=str(elsewhere), ref=1)))
        await asyncio.wait_for(remote.wait_closed(), 10)
        assert "does not send Save" in remote.reason
        assert not elsewhere.exists() and opened.table in daemon.tables  # the table plays on
    finally:
        await daemon.close()
