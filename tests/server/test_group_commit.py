"""Group commit (issue 43): the server's tables keep their decisions through the store's writer thread, so the event
loop never waits for the disk; a decision reaches the clients only once it is committed; a writer that stops is
said in the log and at the table, which then takes no decision more (nothing shown is lost)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time

from dune_tui.controller import Decision
from dune_tui.server.store import Store
from dune_tui.session import SeatConfig
from dune_tui.table.messages import Board, Notice, Refused
from tests.table.table_helpers import HUMAN, Client, session, table, until

PEOPLE = [HUMAN, SeatConfig(kind="human", name="Bea")]


def held(db_path, seconds: float) -> threading.Thread:
    """Another process's write lock on the database for `seconds` (as a slow fsync would hold a commit)."""
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    release = threading.Timer(seconds, lambda: (other.execute("COMMIT"), other.close()))
    release.start()
    return release


def committed(db_path, game_id: str) -> int:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT count(*) FROM decisions WHERE table_id = ?", (game_id,)).fetchone()[0]


async def open_table(store: Store, seed: int):
    game = session(2, seats=list(PEOPLE), seed=seed)
    t = table(game, keeper=store.keeper("bob"))
    clients = [Client(t, 0), Client(t, 1)]
    running = asyncio.ensure_future(t.run())
    await until(lambda: any(c.open_requests() for c in clients), "a request")
    return t, clients, running


def answer(client: Client) -> None:
    request = client.open_requests()[0]
    client.send(Decision(request.id, request.seat, request.legal[0]))


async def test_the_loop_runs_on_while_a_commit_waits_for_the_disk_and_nothing_is_shown_before(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store.open(path)
    store.start_writer()
    a, a_clients, a_run = await open_table(store, seed=3)
    b, b_clients, b_run = await open_table(store, seed=4)
    await asyncio.sleep(0.1)  # the tables' first writes are in
    boards = [len(c.of(Board)) for c in a_clients + b_clients]
    seen_committed = []  # each Board after the decisions: how many were on the disk when it came
    for c in a_clients:
        c.conn.send = lambda m, c=c: (c.got.append(m), isinstance(m, Board)
                                       and seen_committed.append(committed(path, a.session.game_id)))
    groups = store.writer.groups

    release = held(path, 0.6)
    ticks, last, gap = 0, time.monotonic(), 0.0
    answer(next(c for c in a_clients if c.open_requests()))  # A's decision: its commit waits for the lock
    started = time.monotonic()
    answer(next(c for c in b_clients if c.open_requests()))  # B's meanwhile, on the same loop
    while time.monotonic() - started < 0.4:  # the loop is not blocked: it ticks every few ms
        await asyncio.sleep(0.005)
        now = time.monotonic()
        ticks, gap, last = ticks + 1, max(gap, now - last), now
    assert gap < 0.2, f"the event loop was blocked {gap:.2f}s while a commit waited for the disk"
    assert ticks > 20
    assert [len(c.of(Board)) for c in a_clients + b_clients] == boards, "a decision was shown before it was kept"
    assert committed(path, a.session.game_id) == 0

    await until(lambda: all(len(c.of(Board)) > n for c, n in zip(a_clients + b_clients, boards, strict=True)),
                "the decisions shown once committed")
    release.join()
    assert seen_committed and all(n >= 1 for n in seen_committed), "a Board came before its decision was committed"
    assert committed(path, b.session.game_id) == 1
    assert store.writer.groups - groups <= 3, "the waiting writes were not committed together"
    for t, running in ((a, a_run), (b, b_run)):
        t.close()
        await running
    store.close()


async def test_a_writer_that_stops_is_logged_told_and_the_table_takes_no_more(tmp_path, caplog):
    path = tmp_path / "tables.sqlite3"
    store = Store.open(path)
    store.start_writer()
    t, clients, running = await open_table(store, seed=5)
    await asyncio.sleep(0.1)
    boards = [len(c.of(Board)) for c in clients]

    def broken(group):
        raise RuntimeError("a bug in the writer")

    store.writer._commit = broken
    player = next(c for c in clients if c.open_requests())
    caplog.set_level(logging.ERROR, logger="dune_tui.server")
    answer(player)
    await until(lambda: t.closed, "the table stopped")
    await running
    assert "the database writer stopped (RuntimeError: a bug in the writer)" in caplog.text
    assert "restart the server" in caplog.text
    notices = [m.text for c in clients for m in c.of(Notice)]
    assert notices and all("cannot keep this game any more" in n for n in notices), notices
    assert [len(c.of(Board)) for c in clients] == boards, "a decision not kept was shown"
    assert committed(path, t.session.game_id) == 0

    before = len(t.controller.log)
    request = next((r for c in clients for r in c.open_requests()), None)
    if request is not None:  # a request still open at a client: its answer is refused, not taken
        asker = next(c for c in clients if request in c.open_requests())
        asker.send(Decision(request.id, request.seat, request.legal[0]))
        assert asker.of(Refused)
    assert len(t.controller.log) == before
    assert isinstance(store.writer.stopped, Exception)
    store.close()


async def test_a_table_closed_while_its_decision_is_kept_tells_nothing_more_and_keeps_it(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store.open(path)
    store.start_writer()
    t, clients, running = await open_table(store, seed=6)
    await asyncio.sleep(0.1)
    boards = [len(c.of(Board)) for c in clients]
    release = held(path, 0.3)
    answer(next(c for c in clients if c.open_requests()))
    t.close()  # the server stops meanwhile
    await running
    release.join()
    await asyncio.sleep(0.2)
    assert [len(c.of(Board)) for c in clients] == boards, "a closed table told a decision"
    store.close()  # what the writer has queued is written
    assert committed(path, t.session.game_id) == 1
