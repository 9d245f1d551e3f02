"""Group commit (issue 43): the server's tables keep their decisions through the store's writer thread, so the event
loop never waits for the disk; a decision reaches the clients only once it is committed; a writer that stops is
said in the log and at the table, which then takes no decision more (nothing shown is lost)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable

from dune_tui.controller import Decision
from dune_tui.server.store import Store
from dune_tui.server.writer import BUSY_MS
from dune_tui.session import SeatConfig
from dune_tui.table.messages import Board, Notice, Refused
from tests.table.table_helpers import HUMAN, Client, session, table, until

PEOPLE = [HUMAN, SeatConfig(kind="human", name="Bea")]


def held(db_path) -> Callable[[], None]:
    """Another process's write lock on the database (as a slow fsync would hold a commit), until the test calls what
    this returns (never a timer: on a loaded machine a timer may end the wait before the test has looked)."""
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return lambda: (other.execute("COMMIT"), other.close())


async def settled(store: Store) -> None:
    """Every write queued so far is committed and its waiter told (the writer takes its queue in order)."""
    await store.writer.put(lambda db: None)
    await asyncio.sleep(0)


def recorded(store: Store) -> tuple[list, list[list]]:
    """The writes put on the store's writer from now until the test puts `None` in the first list returned, and
    the groups the writer commits from now on (each the list of its writes)."""
    put_writes: list = []
    groups: list[list] = []
    put, commit = store.writer.put, store.writer._commit

    def putting(write):
        if None not in put_writes:
            put_writes.append(write)
        return put(write)

    store.writer.put = putting
    store.writer._commit = lambda group: (groups.append([write for write, _, _ in group]), commit(group))
    return put_writes, groups


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
    tables = [await open_table(store, seed=seed) for seed in (3, 4, 5)]  # A's, B's and C's
    (a, a_clients, _), others = tables[0], [clients for _, clients, _ in tables[1:]]
    everyone = [c for _, clients, _ in tables for c in clients]
    await settled(store)  # the tables' first writes are in
    boards = [len(c.of(Board)) for c in everyone]
    seen_committed = []  # each Board after the decisions: how many were on the disk when it came
    for c in a_clients:
        c.conn.send = lambda m, c=c: (c.got.append(m), isinstance(m, Board)
                                       and seen_committed.append(committed(path, a.session.game_id)))
    waited, groups = recorded(store)

    release = held(path)  # held until the loop has gone round: a loop that waited for the disk would never get there
    ticks, last, gap = 0, time.monotonic(), 0.0
    answer(next(c for c in a_clients if c.open_requests()))  # A's decision: its commit waits for the lock
    for clients in others:  # B's and C's meanwhile, on the same loop
        answer(next(c for c in clients if c.open_requests()))
    while ticks < 40:  # the loop is not blocked: it goes round while the commit waits
        await asyncio.sleep(0.005)
        now = time.monotonic()
        ticks, gap, last = ticks + 1, max(gap, now - last), now
    # a loop that waited for the lock would stop for the busy timeout (5 s) before it went round again
    assert gap < BUSY_MS / 1000 / 2, f"the event loop was blocked {gap:.2f}s while a commit waited for the disk"
    assert [len(c.of(Board)) for c in everyone] == boards, "a decision was shown before it was kept"
    assert all(committed(path, t.session.game_id) == 0 for t, _, _ in tables)
    waited.append(None)  # what was put while the disk was held: A's, B's and C's decisions
    release()

    await until(lambda: all(len(c.of(Board)) > n for c, n in zip(everyone, boards, strict=True)),
                "the decisions shown once committed")
    assert seen_committed and all(n >= 1 for n in seen_committed), "a Board came before its decision was committed"
    await settled(store)
    assert all(committed(path, t.session.game_id) == 1 for t, _, _ in tables)
    waited.remove(None)
    assert len(waited) >= 3, "A's, B's and C's decisions were put while the disk was held"
    # the group the writer had taken when it met the lock (A's decision), then everything that waited behind it
    together = [group for group in groups if set(waited) & set(group)]
    assert len(together) <= 2, f"the writes that waited for the disk were committed in {len(together)} groups"
    for t, _, running in tables:
        t.close()
        await running
    store.close()


async def test_a_writer_that_stops_is_logged_told_and_the_table_takes_no_more(tmp_path, caplog):
    path = tmp_path / "tables.sqlite3"
    store = Store.open(path)
    store.start_writer()
    t, clients, running = await open_table(store, seed=5)
    await settled(store)
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
    await settled(store)
    boards = [len(c.of(Board)) for c in clients]
    release = held(path)
    answer(next(c for c in clients if c.open_requests()))
    t.close()  # the server stops meanwhile
    await running
    release()
    await settled(store)  # the decision's commit is done and told to the closed table
    for _ in range(10):
        await asyncio.sleep(0)
    assert [len(c.of(Board)) for c in clients] == boards, "a closed table told a decision"
    store.close()  # what the writer has queued is written
    assert committed(path, t.session.game_id) == 1
