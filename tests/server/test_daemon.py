"""`dune-tui serve`'s process in the test's loop: a table opened through the control socket, played over its Unix
socket as a lobby's table is, stopped and started again from the store; its directory its own (S3); the control
socket's bad requests refused with a sentence."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.saves import schema
from dune_tui.saves.store import to_file
from dune_tui.server import control, place
from dune_tui.server.daemon import Daemon
from dune_tui.server.store import Store
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import Board, Chat, DecisionRequest, Welcome

SEATS = [SeatConfig(kind="human"), SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")]


def save_of(session: Session) -> bytes:
    return schema.encode(to_file(session, f"autosave-{session.game_id}", "auto"))


@pytest.fixture
def where():
    """A short path: a Unix socket's is at most 107 bytes (pytest's tmp_path is too long)."""
    folder = tempfile.mkdtemp(prefix="dt-")
    yield place.prepare(Path(folder) / "server")
    shutil.rmtree(folder, ignore_errors=True)


async def started(where, **how) -> Daemon:
    daemon = Daemon(where, Store.open(where / place.DATABASE), bots="thread", **how)
    await daemon.start()
    return daemon


class Player:
    """A client at a seat of a server's table: answers its requests at random until told to stop."""

    def __init__(self, remote: RemoteTable, seed: int = 0) -> None:
        self.remote, self.rng = remote, random.Random(seed)
        self.boards: list[Board] = []
        self.answering = True
        self.unanswered: list[DecisionRequest] = []  # the requests that came once it stopped answering
        remote.attach(remote.seat, self._take)

    def _take(self, message) -> None:
        if isinstance(message, Board):
            self.boards.append(message)
        for request in message.requests if isinstance(message, Welcome) else [message]:
            if isinstance(request, DecisionRequest) and self.answering:
                action = self.rng.choice(request.legal)
                self.remote.receive(None, Decision(request.id, request.seat, action))
            elif isinstance(request, DecisionRequest):
                self.unanswered.append(request)


async def until(condition, seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


async def test_a_table_opened_on_the_server_is_back_where_it_was_after_a_restart(where):
    daemon = await started(where)
    game = Session(Options(players=3, seed=4), [SEATS[0], SEATS[2], SEATS[2]], bots_secret=4)
    opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=0))
    assert isinstance(opened, control.Opened) and opened.table == f"{my_login()}-{game.game_id}"
    listed = await asyncio.to_thread(control.listing, where)
    assert [e.stem for e in listed] == [opened.table] and listed[0].card.host == my_login()
    path = str(where / f"{opened.table}.sock")
    me = Player(await RemoteTable.join_local(path, None, host=my_login()))
    assert me.remote.seat == 0
    me.remote.receive(None, Chat(text="good luck"))
    await until(lambda: len(me.boards) >= 12)
    me.answering = False
    controller = daemon.tables[opened.table].table.controller
    # the bots' turns, if any, end: the table waits for my seat, asked after my last answer was taken (a fixed
    # wait was too short on a loaded machine: a bot decided after the decisions were read)
    await until(lambda: me.unanswered and controller.state.awaiting == (0,))
    decisions = controller.log[:]
    await daemon.close()
    await me.remote.wait_closed()
    assert me.remote.reason == control.STOPPING

    daemon = await started(where)
    try:
        table = daemon.tables[opened.table].table
        assert table.controller.log == decisions
        again = await RemoteTable.join_local(path, None, host=my_login())
        assert again.seat == 0  # the seat kept for its player
        assert again.welcome.decisions == len(decisions)
        assert [c.text for c in again.welcome.chat] == ["good luck"]
        assert again.welcome.seats[0].login == my_login()
        again.close()
    finally:
        await daemon.close()


async def test_the_same_game_is_not_opened_twice_and_a_bad_save_is_refused(where):
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=5), list(SEATS), bots_secret=5)
        first = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game)))
        assert isinstance(first, control.Opened)
        twice = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game)))
        assert twice.reason == f"the game {game.game_id} is open on this server already: table {first.table}, in " \
                               "Tables on this server"
        bad = await asyncio.to_thread(control.ask, where, control.OpenTable(save=b'{"format": 3}'))
        assert isinstance(bad, wire.Goodbye)
        assert bad.reason == "cannot open this game: this is not a dune-tui save (JSON, but not one of ours)"
        old = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), protocol=1))
        assert "use the same version of dune-tui as the server" in old.reason
        slow = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=1e9))
        assert slow.reason == "the pause must be between 0 and 60 seconds"
    finally:
        await daemon.close()


async def test_garbage_on_the_control_socket_is_answered_with_a_sentence(where):
    daemon = await started(where)
    try:
        def raw(data: bytes) -> object:
            with socket.socket(socket.AF_UNIX) as s:
                s.connect(str(where / place.CONTROL))
                s.sendall(data)
                head = s.recv(4)
                body = b""
                while len(body) < wire.HEADER.unpack(head)[0]:
                    body += s.recv(65536)
                return control._answers.decode(body)

        answer = await asyncio.to_thread(raw, wire.HEADER.pack(5) + b"\xc1\xc1\xc1\xc1\xc1")
        assert answer.reason.startswith("not a request of this server")
        answer = await asyncio.to_thread(raw, wire.HEADER.pack(2**31))
        assert answer.reason == f"a request of {2**31} bytes is over the limit of {control.REQUEST_LIMIT}"
        assert isinstance(await asyncio.to_thread(control.ask, where, control.ListTables()), control.Tables)
    finally:
        await daemon.close()


def test_a_state_directory_that_is_not_the_servers_own_is_refused(tmp_path):
    link = tmp_path / "link"
    link.symlink_to(tmp_path)
    with pytest.raises(place.ServerUnsafe, match="is a symbolic link"):
        place.prepare(link)
    open_dir = tmp_path / "open"
    open_dir.mkdir()
    os.chmod(open_dir, 0o1777)
    with pytest.raises(place.ServerUnsafe, match="may be written by others"):
        place.prepare(open_dir)
    (tmp_path / "file").write_text("")
    with pytest.raises(place.ServerUnsafe, match="is not a directory"):
        place.prepare(tmp_path / "file")
    with pytest.raises(place.ServerUnsafe, match="too long a path for its tables' sockets"):
        place.prepare(tmp_path / ("x" * 60))
    made = place.prepare(Path(tempfile.mkdtemp(prefix="dt-")) / "new")
    assert made.stat().st_mode & 0o777 == 0o711
    shutil.rmtree(made.parent)


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("chown") is None, reason="needs root to give a directory away")
def test_a_state_directory_another_user_made_first_is_refused(tmp_path):
    squatted = tmp_path / "squatted"
    squatted.mkdir(mode=0o711)
    os.chown(squatted, 65534, 65534)  # nobody made it first (S3)
    with pytest.raises(place.ServerUnsafe, match="belongs to"):
        place.prepare(squatted)


async def test_a_client_refuses_a_server_whose_directory_others_may_write(where):
    daemon = await started(where)
    try:
        os.chmod(where, 0o777)
        with pytest.raises(control.Unreachable, match="may be written by others"):
            await asyncio.to_thread(control.ask, where, control.ListTables())
        assert await asyncio.to_thread(control.listing, where) == []
    finally:
        os.chmod(where, 0o711)
        await daemon.close()


async def test_a_refused_join_at_a_server_table_says_why(where):
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=6), [SeatConfig(kind="human", login="alice"), *SEATS[1:]],
                       bots_secret=6)
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game)))
        with pytest.raises(JoinRefused, match="seat 1 is alice's"):
            await RemoteTable.join_local(str(where / f"{opened.table}.sock"), 0, host=my_login())
    finally:
        await daemon.close()


async def test_a_table_nobody_sits_at_is_played_by_its_takeover_bot_in_time(where):
    daemon = await started(where)
    try:
        game = Session(Options(players=3, seed=7), list(SEATS), bots_secret=7)
        request = control.OpenTable(save=save_of(game), pause=0, takeover="random", after=0.2)
        opened = await asyncio.to_thread(control.ask, where, request)
        table = daemon.tables[opened.table].table
        await until(lambda: len(table.controller.log) >= 10)
    finally:
        await daemon.close()


async def test_one_login_opens_at_most_its_share_of_tables(where):
    daemon = await started(where, per_login=2)
    try:
        answers = []
        for seed in (8, 9, 10):
            game = Session(Options(players=3, seed=seed), list(SEATS), bots_secret=seed)
            answers.append(await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game))))
        assert [type(a) for a in answers] == [control.Opened, control.Opened, wire.Goodbye]
        assert answers[2].reason == f"{my_login()} has 2 tables open on this server already"
    finally:
        await daemon.close()


async def test_the_bots_of_every_table_think_in_the_shared_pool_of_worker_processes(where):
    daemon = Daemon(where, Store.open(where / place.DATABASE), bots="pool")
    await daemon.start()
    try:
        assert daemon.pool is not None and daemon.pool.workers == (os.cpu_count() or 1)
        tables = []
        for seed in (11, 12):
            game = Session(Options(players=3, seed=seed), [SEATS[0], SeatConfig(kind="bot", agent="heuristic"),
                                                           SeatConfig(kind="bot", agent="heuristic")],
                           bots_secret=seed)
            request = control.OpenTable(save=save_of(game), pause=0, takeover="random", after=0)
            opened = await asyncio.to_thread(control.ask, where, request)
            tables.append(daemon.tables[opened.table].table)
        assert all(t.runner.kind == "pool" for t in tables)
        await until(lambda: all({e.seat for e in t.controller.log} >= {1, 2} and len(t.controller.log) >= 20
                                for t in tables), seconds=60)
        assert len(multiprocessing.active_children()) <= daemon.pool.workers  # no child process per table
    finally:
        await daemon.close()
