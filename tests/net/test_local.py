"""The table's Unix socket in the lobby: every attack the TCP tests make is refused there too, the seat comes from
the kernel's word on who connected (never from the client), and a seat kept for a login refuses anyone else."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from net_helpers import ANN, BOB, Hosted, Player, bot, hear, say, state_fields, until
from test_server import assert_no_secrets

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import SPECTATOR, Board, Chat, Refused, Seats, Welcome


@pytest.fixture
def lobby():
    """A lobby directory as the real one is made: in /tmp, sticky and world-writable."""
    where = Path(tempfile.mkdtemp(prefix="dune-lobby-", dir="/tmp"))
    os.chmod(where, 0o1777)
    yield where
    shutil.rmtree(where, ignore_errors=True)


async def goodbye_for(hosted: Hosted, frame: bytes) -> str:
    reader, writer = await hosted.raw()
    writer.write(frame)
    await writer.drain()
    bye = await hear(reader)
    assert isinstance(bye, wire.Goodbye), bye
    assert await reader.read() == b"", "the table closed the connection"
    writer.close()
    return bye.reason


def test_every_attack_over_the_unix_socket_is_refused_and_the_game_goes_on(lobby, caplog):
    caplog.set_level(logging.INFO, logger="dune_tui.net")
    alices = SeatConfig(kind="human", agent="", name="alice", login="alice-not-here")
    game = Session(Options(players=4, seed=12), [ANN, BOB, alices, bot()], bots_secret=12)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            ann = Player(await hosted.join(0))
            await until(lambda: ann.open_requests(), "Ann is asked")
            before = state_fields(ann.of(Welcome)[0].view)
            reasons = {
                "garbage": await goodbye_for(hosted, wire.HEADER.pack(7) + b"\xc1garbag"),
                "oversized": await goodbye_for(hosted, wire.HEADER.pack(50_000_000)),
                "protocol": await goodbye_for(hosted, wire.encode(hosted.hello(1, protocol=99))),
                "no hello": await goodbye_for(hosted, wire.encode(Chat(text="hi"))),
                "alice's seat": await goodbye_for(hosted, wire.encode(hosted.hello(2))),
                "not a seat": await goodbye_for(hosted, wire.encode(hosted.hello(3))),
                # a name in the Hello is the client's word: it does not make anyone alice
                "claims alice": await goodbye_for(hosted, wire.encode(
                    wire.Hello(protocol=wire.PROTOCOL, name="alice-not-here", seat=2))),
            }
            reader, writer = await hosted.raw()
            await say(writer, hosted.hello(1))
            assert isinstance(await hear(reader), Welcome)
            r = ann.open_requests()[0]
            await say(writer, Decision(r.id, 0, r.legal[0]))  # Ann's request, as Ann
            await say(writer, Decision(r.id, 1, r.legal[0]))  # Ann's request, as Bob
            await say(writer, Decision(r.id - 1, 1, ("pass",)))  # stale
            refusals = []
            while len(refusals) < 3:
                m = await hear(reader)
                refusals += [m] if isinstance(m, Refused) else []
            writer.write(b"".join(wire.encode(Chat(text="")) for _ in range(500)))
            await writer.drain()
            while not isinstance(bye := await hear(reader), wire.Goodbye):
                pass
            reasons["flood"] = bye.reason
            await until(lambda: not any(c.seat == 1 for c in hosted.server.clients), "Bob is gone")
            reader2, writer2 = await hosted.raw()
            await say(writer2, hosted.hello(1))
            await hear(reader2)
            await say(writer2, ann.of(Welcome)[0])
            while not isinstance(bye := await hear(reader2), wire.Goodbye):
                pass
            reasons["welcome"] = bye.reason
            after = state_fields(ann.of(Board)[-1].view if ann.of(Board) else ann.of(Welcome)[0].view)
            ann.send(Decision(r.id, 0, r.legal[0]))
            await until(lambda: len(game.log) >= 1, "the game moved on")
            return ann, reasons, refusals, before, after

    ann, reasons, refusals, before, after = asyncio.run(main())
    assert "not a message of this protocol" in reasons["garbage"]
    assert "over the limit" in reasons["oversized"]
    assert "protocol" in reasons["protocol"] and "same version" in reasons["protocol"]
    assert "Hello" in reasons["no hello"]
    assert reasons["alice's seat"] == "seat 3 is alice-not-here's"
    assert reasons["claims alice"] == "seat 3 is alice-not-here's"
    assert "not a player's seat" in reasons["not a seat"]
    assert "slow down" in reasons["flood"]
    assert "does not send Welcome" in reasons["welcome"]
    texts = [x.reason for x in refusals]
    assert "you sit at seat 2, not 1" in texts[0]
    assert all("not asked" in t for t in texts[1:3])
    assert before == after, "Ann's view did not change while the attacks went on"
    assert not ann.of(Refused)
    assert_no_secrets(ann, 0)
    for what in ("alice-not-here's", "over the limit", "slow down", f"{my_login()} (local)"):
        assert what in caplog.text, what


def test_a_login_sits_at_its_own_seat_a_free_one_or_watches_and_keeps_its_seat(lobby):
    me = my_login()
    mine = SeatConfig(kind="human", agent="", login=me, name=me)
    game = Session(Options(players=3, seed=5), [ANN, mine, bot()], bots_secret=5)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            first = Player(await RemoteTable.join_local(hosted.path))  # my own seat first
            again = Player(await RemoteTable.join_local(hosted.path))  # my seat from another terminal
            await until(lambda: any(isinstance(m, wire.Goodbye) for m in first.got) or first.remote.closed)
            free = Player(await RemoteTable.join_local(hosted.path, 0))  # the free seat, asked for by number
            watcher = Player(await RemoteTable.join_local(hosted.path, SPECTATOR))
            another = Player(await RemoteTable.join_local(hosted.path, SPECTATOR))
            await until(lambda: free.of(Seats) and another.of(Welcome), "the seats are told")
            await asyncio.sleep(0.1)
            assert not watcher.remote.closed and not another.remote.closed, "watchers do not replace one another"
            return first, again, free, watcher, [s.login for s in game.seats]

    first, again, free, watcher, logins = asyncio.run(main())
    assert first.remote.seat == 1 and again.remote.seat == 1
    assert "another terminal" in first.remote.reason
    assert free.remote.seat == 0 and watcher.remote.seat == SPECTATOR
    assert logins == [me, me, ""], "the free seat is kept for who sat there (saved with the game)"
    assert game.seats[0].name == "Ann", "a seat's name is kept; a nameless seat takes the login"


def test_a_client_refuses_a_table_answered_by_another_login_than_its_card_names(lobby):
    """Someone who swapped a table's socket for theirs is caught by the kernel's word on who answers."""
    game = Session(Options(players=2, seed=5), [ANN, bot()], bots_secret=5)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            try:
                await RemoteTable.join_local(hosted.path, host="alice")
            except JoinRefused as e:
                refused = str(e)
            mine = await RemoteTable.join_local(hosted.path, host=my_login())
            mine.close()
            return refused, mine.seat

    refused, seat = asyncio.run(main())
    assert refused == f"the table's socket is answered by {my_login()}, not by alice, whose table it claims to be"
    assert seat == 0


def test_a_seat_joined_with_a_code_stays_its_players_while_away(lobby):
    """A seat whose code was handed to a player on another machine is not free to the lobby when they drop."""
    game = Session(Options(players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            ann = await RemoteTable.join(hosted.address(0))
            ann.close()
            await until(lambda: not hosted.server.clients, "Ann away")
            local = await RemoteTable.join_local(hosted.path)
            try:
                await RemoteTable.join_local(hosted.path, 0)
            except JoinRefused as e:
                refused = str(e)
            local.close()
            return local.seat, refused

    seat, refused = asyncio.run(main())
    assert seat == 1, "the free seat, not Ann's"
    assert refused == "the table refused: seat 1 is taken"
