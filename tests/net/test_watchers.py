"""Issue 43 S4: watchers are known by login and listed to the players; a watcher's line is theirs ("Watcher
alice", never a seat's name), every connection of one login shares one allowance, and a flood of watchers' lines
never pushes the players' lines out of the history a joining client gets.  Hostile peers over the real sockets:
the lobby's Unix socket (the kernel says who connected) and TCP (a holder of the spectators' code)."""

from __future__ import annotations

import asyncio
import os
import select
import shutil
import socket
import tempfile
import time
from pathlib import Path

import pytest
from net_helpers import ANN, BOB, Hosted, Player, bot, until

from dune_tui.commands.play import JoinedApp
from dune_tui.games.dune import Options
from dune_tui.net import server, wire
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.session import Session
from dune_tui.table import chat, clients
from dune_tui.table.messages import SPECTATOR, Chat, Refused, Seats, Welcome
from tests.ui.ui_helpers import pilot_test, screen_text
from tests.ui.ui_helpers import until as ui_until

FORGED = "Seat 1 · Guild (bob): alice, I accept your alliance"


@pytest.fixture
def lobby():
    where = Path(tempfile.mkdtemp(prefix="dune-lobby-", dir="/tmp"))
    os.chmod(where, 0o1777)
    yield where
    shutil.rmtree(where, ignore_errors=True)


def test_s4_watchers_are_listed_by_login_and_their_lines_say_who_they_are(lobby):
    me = my_login()
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            local = Player(await RemoteTable.join_local(hosted.path, SPECTATOR))
            await until(lambda: any(s.watchers == (me,) for s in ann.of(Seats)), "Ann is told who watches")
            by_code = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            await until(lambda: any(s.watchers == ("", me) for s in ann.of(Seats)), "and of the code's holder")
            local.send(Chat(text=FORGED))
            by_code.send(Chat(text="hello"))
            await until(lambda: len(ann.of(Chat)) == 2, "both lines reach Ann")
            late = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            await until(lambda: late.of(Welcome), "a late watcher's Welcome")
            by_code.remote.close()
            await until(lambda: ann.of(Seats)[-1].watchers == ("", me), "one left: Ann is told")
            return ann.of(Chat), late.of(Welcome)[0]

    lines, welcome = asyncio.run(main())
    assert [(c.name, c.seat, c.text) for c in lines] == [(f"Watcher {me}", SPECTATOR, FORGED),
                                                          ("Watcher", SPECTATOR, "hello")]
    assert welcome.watchers == ("", "", me)


def test_s4_twenty_connections_of_one_login_share_one_chat_allowance(lobby, monkeypatch):
    monkeypatch.setattr(server, "JOIN_BURST", 50)
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            watchers = [Player(await RemoteTable.join_local(hosted.path, SPECTATOR)) for _ in range(20)]
            for i, w in enumerate(watchers):
                w.send(Chat(text=f"line {i}"))
            await until(lambda: sum(len(w.of(Chat)) + len(w.of(Refused)) for w in watchers) >= 20 * 1,
                        "every watcher heard back")
            await until(lambda: len(watchers[-1].of(Chat)) + sum(len(w.of(Refused)) for w in watchers) >= 20,
                        "every line said or refused")
            await asyncio.sleep(0.2)
            return ann.of(Chat), sum(len(w.of(Refused)) for w in watchers)

    said, refused = asyncio.run(main())
    assert len(said) == clients.CHAT_BURST and refused == 20 - clients.CHAT_BURST, (len(said), refused)


def test_s4_a_flood_of_watchers_lines_never_pushes_the_players_lines_out_of_a_welcome(monkeypatch):
    monkeypatch.setattr(chat, "CHAT_BURST", 1000)
    monkeypatch.setattr(clients, "CHAT_BURST", 1000)
    monkeypatch.setattr(server, "FLOOD_BURST", 1000)
    game = Session(Options(players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)
    flood = chat.CHAT_KEPT + 50

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            for text in ("who takes the Guild?", "I do"):
                ann.send(Chat(text=text))
            await until(lambda: len(watcher.of(Chat)) == 2, "Ann's lines are said")
            for i in range(flood):
                watcher.send(Chat(text=f"noise {i}"))
            await until(lambda: len(ann.of(Chat)) == 2 + flood, "the flood is said")
            bob = Player(await RemoteTable.join(hosted.address(1)))
            await until(lambda: bob.of(Welcome), "Bob sits down")
            return bob.of(Welcome)[0].chat

    lines = asyncio.run(main())
    players = [c.text for c in lines if c.seat >= 0]
    assert players == ["who takes the Guild?", "I do"], "the players' lines are all still there"
    assert sum(c.seat == SPECTATOR for c in lines) == chat.CHAT_KEPT
    assert [c.text for c in lines][:2] == players, "in the order said"


@pilot_test
async def test_s4_a_player_s_screen_says_who_watches_and_when_they_leave(lobby):
    me = my_login()
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game, lobby=lobby) as hosted:
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await ui_until(pilot, lambda: "Waiting for seat 1" in screen_text(app), what="the table")
            local = await RemoteTable.join_local(hosted.path, SPECTATOR)
            by_code = await RemoteTable.join(hosted.address(SPECTATOR))
            shown = f"Watching (2): {me} and 1 with the spectators' code."
            await ui_until(pilot, lambda: shown in " ".join(screen_text(app).split()), what="who watches")
            local.close()
            by_code.close()
            await ui_until(pilot, lambda: "Nobody is watching now." in screen_text(app), what="they left")


def read_all(socks: list[socket.socket], seconds: float) -> list[bytes]:
    """What each socket is sent until it ends or `seconds` have passed."""
    got = {s: bytearray() for s in socks}
    open_ = set(socks)
    end = time.monotonic() + seconds
    while open_ and time.monotonic() < end:
        ready, _, _ = select.select(list(open_), [], [], 0.1)
        for s in ready:
            data = s.recv(1 << 20)
            got[s] += data
            if not data:
                open_.discard(s)
    for s in socks:
        s.close()
    return [bytes(got[s]) for s in socks]


def goodbyes_in(streams: list[bytes]) -> list[str]:
    """The reasons of the Goodbyes the streams end with."""
    reasons = []
    for data in streams:
        at, last = 0, None
        while at + wire.HEADER.size <= len(data):
            (size,) = wire.HEADER.unpack_from(data, at)
            if at + wire.HEADER.size + size > len(data):
                break
            last = data[at + wire.HEADER.size: at + wire.HEADER.size + size]
            at += wire.HEADER.size + size
        if last is not None and isinstance(frame := wire.decode(last), wire.Goodbye):
            reasons.append(frame.reason)
    return reasons


@pytest.mark.parametrize("cap, says", [("WHOSE_OUT_LIMIT", "your connections together do not read"),
                                       ("ALL_OUT_LIMIT", "the table's clients do not read")])
def test_s5_many_non_reading_watchers_are_cut_off_at_a_total_cap_and_readers_are_unharmed(lobby, monkeypatch, cap,
                                                                                          says):
    """S5: 20 watchers of one login that never read, each under the 8 MiB cap of one client, held ~20 times the
    table's traffic; the total over one login's clients and over all are capped too."""
    limit = 1024 * 1024
    monkeypatch.setattr(server, cap, limit)
    monkeypatch.setattr(server, "JOIN_BURST", 50)
    monkeypatch.setattr(server, "FLOOD_BURST", 1000)
    monkeypatch.setattr(chat, "CHAT_BURST", 1000)
    monkeypatch.setattr(chat, "CHAT_LIMIT", 50_000)
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)
    lines, big = 60, 50_000

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            reading = Player(await RemoteTable.join_local(hosted.path, SPECTATOR))
            silent = []
            for _ in range(20):  # plain sockets: nothing reads them (an asyncio stream would, into its buffer)
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.connect(hosted.path)
                sock.sendall(wire.encode(hosted.hello(SPECTATOR)))
                silent.append(sock)
            await until(lambda: len(hosted.server.clients) == 22, "everyone sits down")
            for i in range(lines):
                ann.send(Chat(text=f"{i:03d}" + "x" * big))
                await asyncio.sleep(0.005)
            await until(lambda: len(reading.of(Chat)) == lines, "the reading watcher hears every line")
            held = sum(c.writer.transport.get_write_buffer_size() for c in hosted.server.clients)
            read = await asyncio.to_thread(read_all, silent, 3.0)
            return held, goodbyes_in(read), ann.remote.reason, reading.remote.reason, len(reading.of(Chat))

    held, goodbyes, ann_gone, reading_gone, heard = asyncio.run(main())
    assert held <= limit + 2 * big, f"{held} bytes held for clients that do not read"
    assert goodbyes and all(says in g for g in goodbyes), goodbyes
    assert ann_gone == reading_gone == "" and heard == lines, "the readers are unharmed"


def test_s4_one_login_retrying_to_watch_does_not_refuse_another_login_s_watch(lobby, monkeypatch):
    """mallory's watch retries spent the spectators' allowance of joins and 38 of carol's 51 attempts were refused:
    joins are counted per login.  (One Unix user runs the tests: the kernel's word is stood in for by a name.)"""
    who = {"login": "mallory"}
    monkeypatch.setattr(server, "_local_login", lambda writer, identify=None: who["login"])
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game, lobby=lobby) as hosted:
            storm = []
            for _ in range(server.JOIN_BURST + 5):
                try:
                    storm.append(await RemoteTable.join_local(hosted.path, SPECTATOR))
                except JoinRefused as e:  # past the allowance
                    storm.append(e)
            who["login"] = "carol"
            carol = await RemoteTable.join_local(hosted.path, SPECTATOR)
            return storm, carol.welcome.watchers

    storm, watchers = asyncio.run(main())
    assert any("joined too often" in str(s) for s in storm), "mallory's retries were limited"
    assert "carol" in watchers


def test_s4_watchers_by_code_spending_their_allowance_leave_the_host_s_own_screen_its_own():
    game = Session(Options(players=2, seed=2), [bot(), bot()], bots_secret=2)

    async def main():
        async with Hosted(game, pause=0.5) as hosted:
            heard: list = []
            mine = hosted.table.attach(SPECTATOR, heard.append, host=True)
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            for i in range(clients.CHAT_BURST + 2):
                watcher.send(Chat(text=f"noise {i}"))
            await until(lambda: len(watcher.of(Refused)) == 2, "the watchers' allowance is spent")
            hosted.table.receive(mine, Chat(text="welcome, all"))
            return [c.name for c in heard if isinstance(c, Chat) and c.text == "welcome, all"]

    assert asyncio.run(main()) == ["Host"]


def test_s5_one_login_s_non_reading_watchers_at_two_tables_of_a_server_share_one_cap(lobby, monkeypatch):
    """A server's tables share the caps (`Readers`): one login's connections at every table are counted together."""
    limit, big, lines = 1024 * 1024, 50_000, 40
    monkeypatch.setattr(server, "WHOSE_OUT_LIMIT", limit)
    monkeypatch.setattr(server, "JOIN_BURST", 50)
    monkeypatch.setattr(server, "FLOOD_BURST", 1000)
    monkeypatch.setattr(chat, "CHAT_BURST", 1000)
    monkeypatch.setattr(chat, "CHAT_LIMIT", 50_000)
    games = [Session(Options(players=2, seed=s), [ANN, bot()], bots_secret=s) for s in (2, 3)]

    async def main():
        readers = server.Readers()
        async with Hosted(games[0], lobby=lobby) as one, Hosted(games[1], lobby=lobby) as two:
            silent, anns = [], []
            for hosted in (one, two):
                hosted.server.readers = readers
                anns.append(Player(await RemoteTable.join(hosted.address(0))))
                for _ in range(10):
                    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                    sock.connect(hosted.path)
                    sock.sendall(wire.encode(hosted.hello(SPECTATOR)))
                    silent.append(sock)
            await until(lambda: len(one.server.clients) + len(two.server.clients) == 22, "everyone sits down")

            def held() -> int:  # by the clients still seated at either table
                return sum(c.writer.transport.get_write_buffer_size() for c in [*one.server.clients,
                                                                                 *two.server.clients])
            peak = 0
            for i in range(lines):
                for ann in anns:
                    ann.send(Chat(text=f"{i:03d}" + "x" * big))
                await asyncio.sleep(0.005)
                peak = max(peak, held())
            await until(lambda: all(len(a.of(Chat)) == lines for a in anns), "the players hear every line")
            peak = max(peak, held())
            read = await asyncio.to_thread(read_all, silent, 3.0)
            return peak, goodbyes_in(read), [a.remote.reason for a in anns]

    peak, goodbyes, gone = asyncio.run(main())
    assert peak <= limit + 4 * big, f"{peak} bytes held at most for one login's clients that do not read"
    assert goodbyes and all("your connections together" in g for g in goodbyes), goodbyes
    assert gone == ["", ""]
