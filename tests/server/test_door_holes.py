"""What a peer of the table server cannot make it do (issue 44): write a file where it says (a client's Save naming a
directory is refused over the protocol, nothing written), sit a guest at a table."""

from __future__ import annotations

import asyncio

import pytest

from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.server import control
from dune_tui.session import Session
from dune_tui.table.messages import SPECTATOR, Save
from tests.server.test_daemon import SEATS, save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import BOT, HUMAN, as_login, join, opened_by_bob  # noqa: F401 (the fixture)


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



async def test_a_guest_may_watch_a_table_but_never_sit_at_it(where, as_login):  # noqa: F811
    """A front door's guest (`guest:N`: a browser tab without a link) plays solo and watches, never takes a seat,
    not even a free one (it would be kept for a guest's number, which another tab gets after a restart)."""
    daemon = await started(where)
    try:
        table, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, BOT], 61)
        for wanted in (None, 1):
            with pytest.raises(JoinRefused, match="a guest may watch, not sit"):
                await join(as_login, "guest:7", path, wanted)
        assert [s.login for s in daemon.tables[table].table.session.seats] == ["", "", ""]
        watcher = await join(as_login, "guest:7", path, SPECTATOR)
        assert watcher.seat == SPECTATOR
        watcher.close()
    finally:
        await daemon.close()
