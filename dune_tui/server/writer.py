"""The store's writer: one thread owns a connection to the database for the writes, and commits in groups.

    writer = Writer(path)                 # its own connection (WAL, synchronous=FULL), its thread started
    done = writer.put(write)              # on the event loop: write(db) queued; `done` an asyncio future
    error = await done                    # None: on the disk; a sqlite3.Error: that write was refused (rolled back)
    writer.close()                        # what is queued is written, then the thread ends

The tables put their writes (decisions, chat, seats, checkpoints) on its queue and await.  The thread takes
everything pending and writes it in ONE transaction, so ONE fsync (each write in a savepoint of its own: a write the
database refuses is rolled back alone), then resolves each waiter on its loop.  So the event loop never waits for
the disk, and a human's decision at one table never queues behind the other tables' fsyncs, one by one: they share
one.  Durability is unchanged: a write's future resolves only once its transaction is on the disk.

A writer that stops (an error that is not the database refusing one write) says so in the log, and every write
queued or put later fails with `WriterStopped`: the tables stop taking decisions rather than show one not kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("dune_tui.server")
BUSY_MS = 5000


class WriterStopped(Exception):
    """The store's writer stopped: nothing more can be kept (the sentence says why)."""


def _settle(done: asyncio.Future, result) -> None:
    if done.cancelled():
        return
    if isinstance(result, WriterStopped):
        done.set_exception(result)
    else:
        done.set_result(result)


class Writer:
    def __init__(self, path: Path, synchronous: str = "FULL") -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute(f"PRAGMA synchronous = {synchronous}")
        self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        self.db.execute("PRAGMA foreign_keys = ON")
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.stopped: WriterStopped | None = None
        self.groups = 0  # transactions committed (each one fsync)
        self.thread = threading.Thread(target=self._run, name="dune-tui store writer", daemon=True)
        self.thread.start()

    def put(self, write: Callable[[sqlite3.Connection], object]) -> asyncio.Future:
        """Queue `write(db)` (run in the writer's thread, inside its transaction: it must only use `db` and what it
        was given); the future resolves once it is on the disk (None) or refused (the sqlite3.Error)."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        with self.lock:
            if self.stopped is None:
                self.queue.put((write, loop, done))
                return done
        done.set_exception(self.stopped)
        return done

    def close(self) -> None:
        """Write what is queued, then stop the thread and close the connection."""
        self.queue.put(None)
        self.thread.join()
        self.db.close()

    def _run(self) -> None:
        group: list = []
        try:
            while True:
                item = self.queue.get()
                group = [item]
                while item is not None:  # everything pending: one transaction
                    try:
                        item = self.queue.get_nowait()
                    except queue.Empty:
                        break
                    group.append(item)
                last = group[-1] is None
                group = [i for i in group if i is not None]
                if group:
                    self._commit(group)
                group = []
                if last:
                    return
        except BaseException as e:  # a bug, the memory, the disk gone: nothing more is kept
            why = f"{type(e).__name__}: {e}"
            log.critical("the database writer stopped (%s): no table takes a decision any more; every decision "
                         "shown is in the database: restart the server", why)
            with self.lock:
                self.stopped = WriterStopped(f"the server's database writer stopped ({why})")
            while True:
                try:
                    item = self.queue.get_nowait()
                except queue.Empty:
                    break
                if item is not None:
                    group.append(item)
            for _, loop, done in group:
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(_settle, done, self.stopped)

    def _commit(self, group: list) -> None:
        results: list = []
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for write, _, _ in group:
                self.db.execute("SAVEPOINT one")
                try:
                    write(self.db)
                except sqlite3.Error as e:
                    self.db.execute("ROLLBACK TO one")
                    results.append(e)
                else:
                    results.append(None)
                self.db.execute("RELEASE one")
            self.db.execute("COMMIT")
        except sqlite3.Error as e:  # the commit itself refused (the disk full...): every write of the group
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            results = [e] * len(group)
        self.groups += 1
        for (_, loop, done), result in zip(group, results, strict=True):
            with contextlib.suppress(RuntimeError):  # (its loop is closed: nobody waits any more)
                loop.call_soon_threadsafe(_settle, done, result)
