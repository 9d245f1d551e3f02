"""The server's store: every table it hosts in one SQLite database, as the game is played.

    store = Store.open(path)                      # StoreError: a sentence (a damaged or foreign file is left as it is)
    keeper = store.keeper(owner="bob")            # a table's Keeper: opened, decided, checkpoint, finished, closed
    keeper.opened(session, tell)                  # the table, its seats and its game as a save, in one transaction
    keeper.decided(at, entry)                     # the decision just applied: committed before anyone is told
    store.unfinished()                            # the tables to reopen at the server's start
    kept = store.rebuild(table_id)                # Kept(session, owner, settings, chat), replayed

What goes in is msgspec's: the game as its save (`saves` writes it, JSON, the same bytes as a save file), each
decision's action and each chat line as msgpack.  A table is rebuilt from the store alone as a save is loaded: the
save of its last checkpoint (options, seats, the log up to then, the bots' secret, the hints) replayed through the
controller, then every decision kept after it, then the seats as they were last held.

SQLite in WAL mode with `synchronous=FULL`: a commit returns only once the write-ahead log is on the disk (fsync), as
the file journal's fdatasync.  The server starts the store's writer (writer.py, `store.start_writer()`): one thread
commits every table's pending writes together, one transaction and one fsync for the group, and each table tells its
clients of a decision once that commit is done; the event loop never waits for the disk.  (Without the writer, as
in the tests, each write is its own transaction, made at once.)  So neither a `kill -9` of the server nor a
power cut loses a decision anyone was shown.  (`NORMAL` would save that fsync per decision: nothing lost on a crash of
the process, but a power cut could lose the decisions since the last WAL checkpoint.)

This module is the one small interface (`Store`, `TableKeeper`); PostgreSQL could take SQLite's place behind it for
several servers sharing one lobby: the same four tables, `BYTEA` for the blobs, each decision one transaction
(`INSERT ... ON CONFLICT DO NOTHING`), and `SELECT ... FOR UPDATE` on a table's row where two servers could both
open it (docs/PROTOCOL.md, "The table server").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from ..controller import play_on
from ..saves import schema
from ..saves.errors import SaveError
from ..saves.store import autosave_due, session_from_save, to_file, turns_done
from ..session import SeatConfig, Session
from ..table.keeper import Keeper
from ..table.messages import Chat, Notice, Save, SaveFailed
from ..text import MESSAGE_LIMIT, printable
from . import record
from .control import FinishedTable
from .writer import Writer, WriterStopped

VERSION = 4  # PRAGMA user_version: the schema below (1: without `turns`; 2: without `ratings` and `rated`; 3: without
# `sittings`, and a `rated` row per seat only)
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,            -- the game id
    owner TEXT NOT NULL,            -- the login that opened it
    rules TEXT NOT NULL,
    created TEXT NOT NULL,          -- ISO 8601, UTC
    updated TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'finished')),
    result TEXT NOT NULL DEFAULT '',
    save BLOB NOT NULL,             -- the game at its last checkpoint, as a save (JSON)
    settings BLOB NOT NULL          -- Settings (msgpack)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    agent TEXT NOT NULL,
    name TEXT NOT NULL,
    login TEXT NOT NULL,            -- who holds it ('' : free)
    claimed INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS decisions (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    at INTEGER NOT NULL,            -- its place in the game's log, from 0
    seat INTEGER NOT NULL,
    action BLOB NOT NULL,           -- msgpack
    PRIMARY KEY (table_id, at)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    at INTEGER NOT NULL,            -- events of the game before the line
    line BLOB NOT NULL,             -- table.messages.Chat (msgpack)
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
""" + "\n"
TURNS = """
CREATE TABLE IF NOT EXISTS turns (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,          -- a human seat the table asks to decide
    since REAL NOT NULL,            -- since when (Unix time): a restart counts on from there
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
"""
RATINGS = """
CREATE TABLE IF NOT EXISTS ratings (
    identity TEXT NOT NULL,         -- a login, or "key:NAME" (the SSH door's)
    rules TEXT NOT NULL,            -- a rating per identity and game
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (identity, rules)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rated (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    identity TEXT NOT NULL,         -- who held the seat at the end ("bot:LEVEL" for a bot), or who left it
    won INTEGER NOT NULL,
    left_game INTEGER NOT NULL,     -- the seat abandoned the game: ranked last
    mu_before REAL,                 -- NULL: the game moved no rating of that seat
    sigma_before REAL,
    mu_after REAL,
    sigma_after REAL,
    PRIMARY KEY (table_id, seat, identity)  -- (a seat's leaver and who took it over: two rows)
) WITHOUT ROWID;
"""
SITTINGS = """
CREATE TABLE IF NOT EXISTS sittings (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    n INTEGER NOT NULL,             -- the order they last sat down there, from 0 (the last: who sat down last)
    login TEXT NOT NULL,            -- a person who sat down at the seat (a leaver is rated last at the end)
    at INTEGER NOT NULL,            -- decisions of the game made when they first sat down there
    covered INTEGER NOT NULL,       -- a bot played for the seat since they were last there
    PRIMARY KEY (table_id, seat, n)
) WITHOUT ROWID;
"""
REKEY = """
CREATE TABLE rated_4 (table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    identity TEXT NOT NULL, won INTEGER NOT NULL, left_game INTEGER NOT NULL, mu_before REAL, sigma_before REAL,
    mu_after REAL, sigma_after REAL, PRIMARY KEY (table_id, seat, identity)) WITHOUT ROWID;
INSERT INTO rated_4 SELECT * FROM rated;
DROP TABLE rated;
ALTER TABLE rated_4 RENAME TO rated;
"""
log = logging.getLogger("dune_tui.server")
SYNCHRONOUS = "FULL"  # see the module's docstring
BUSY_MS = 5000


class StoreError(Exception):
    """The database cannot be used, or one table in it cannot be read back: the sentence says why."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """How the server plays a table, beside its game: the bots' pace, the takeover of an away seat, the turn limit,
    and the owner's choices (a private table takes its invited logins only; a table closed to watchers takes none)."""

    pause: float = 0.5
    takeover: str = ""
    after: float = 120.0
    turn_limit: float = 0.0  # seconds an away seat's decision may wait before a bot plays it (0: for ever)
    private: bool = False
    watchers: bool = True
    rematch_of: str = ""  # the game id of the finished game this table is the rematch of ("": none)


class Listed(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    owner: str
    rules: str
    state: str
    updated: str


class Kept(msgspec.Struct, kw_only=True):
    """A table rebuilt from the store."""

    session: Any
    owner: str
    settings: Settings
    chat: list[tuple[int, Chat]]


_pack = msgspec.msgpack.Encoder()
_action = msgspec.msgpack.Decoder(tuple[Any, ...])
_chat = msgspec.msgpack.Decoder(Chat)
_settings = msgspec.msgpack.Decoder(Settings)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Store:
    """The database of one server.  Its connection is the event loop's (reads, and the writes until the writer
    is started); the writer's thread has its own."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self.db, self.path = db, path
        self.writer: Writer | None = None

    def start_writer(self) -> None:
        """From now on the tables' writes go through one thread, committed in groups (writer.py)."""
        if self.writer is None:
            self.writer = Writer(self.path, SYNCHRONOUS)

    @classmethod
    def open(cls, path: Path) -> Store:
        """Open (or create, 0600) the database at `path`; StoreError with a sentence if it is not a dune-tui
        server's database or is damaged.  A file that is refused is never changed."""
        path = Path(path)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise StoreError(f"cannot open the server's database {printable(path, limit=200)}: not a regular file")
        if not path.exists():
            with contextlib.suppress(FileExistsError):
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))
        try:
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open the server's database {printable(path, limit=200)}: {e}") from None
        try:
            cls._prepare(db)
        except (sqlite3.Error, StoreError) as e:
            db.close()
            raise StoreError(f"cannot open the server's database {printable(path, limit=200)}: "
                             f"{printable(str(e), limit=200)}; it is left as it is (move it away to start with an "
                             "empty one)") from None
        return cls(db, path)

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]  # reads the header: "file is not a database"
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 and names:
            raise StoreError("it is a database, but not a dune-tui server's")
        if version > VERSION:
            raise StoreError(f"it was written by a newer dune-tui (schema {version}, this one knows {VERSION})")
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise StoreError(f"it is damaged ({check})")
        if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise StoreError("it cannot be put in WAL mode")
        db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        db.execute("PRAGMA foreign_keys = ON")
        added = {0: SCHEMA + TURNS + RATINGS + SITTINGS, 1: TURNS + RATINGS + SITTINGS, 2: RATINGS + SITTINGS,
                 3: REKEY + SITTINGS}.get(version)
        if added:  # (executescript commits first: the transaction is in the script)
            db.executescript(f"BEGIN IMMEDIATE; {added} PRAGMA user_version = {VERSION}; COMMIT;")

    def close(self) -> None:
        """Close the database (what the writer has queued is written first)."""
        if self.writer is not None:
            with contextlib.suppress(sqlite3.Error):
                self.writer.close()
            self.writer = None
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    # ------------------------------------------------------------- tables
    def keeper(self, owner: str, settings: Settings | None = None) -> TableKeeper:
        return TableKeeper(self, owner, settings or Settings())

    def tables(self) -> list[Listed]:
        rows = self.db.execute("SELECT id, owner, rules, state, updated FROM tables ORDER BY created, id")
        return [Listed(id=i, owner=o, rules=r, state=s, updated=u) for i, o, r, s, u in rows]

    def finished_for(self, login: str, limit: int = 10) -> list[FinishedTable]:
        """The last `limit` finished tables `login` opened or held a seat at, the latest first."""
        rows = self.db.execute(
            "SELECT id, owner, rules, result, updated FROM tables t WHERE state = 'finished' AND (owner = ?1 OR "
            "EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.login = ?1)) ORDER BY updated DESC, id "
            "LIMIT ?2", (login, limit))
        return [FinishedTable(id=i, owner=o, rules=r, result=res, updated=u) for i, o, r, res, u in rows]

    def unfinished(self) -> list[str]:
        return [t.id for t in self.tables() if t.state == "open"]

    # ------------------------------------------------------------- the record (record.py)
    def finished_games(self, who: str) -> list:
        return record.finished_games(self.db, who)

    def leaderboard(self, rules: str) -> list:
        return record.leaderboard(self.db, rules)

    async def settled(self) -> None:
        """Until every write queued so far is on the disk (the writer's queue; at once without a writer)."""
        if self.writer is not None:
            with contextlib.suppress(Exception):  # (a writer stopped says so in the log)
                await self.writer.put(lambda db: None)

    def rating_change(self, table_id: str, who: str):
        return record.rating_change(self.db, table_id, who)

    def sittings(self, table_id: str) -> dict[int, list[record.Sitting]]:
        """Who sat down at each seat of the table, in order (the last: who sat down last), as kept."""
        out: dict[int, list[record.Sitting]] = {}
        for seat, login, at, covered in self.db.execute(
                "SELECT seat, login, at, covered FROM sittings WHERE table_id = ? ORDER BY seat, n", (table_id,)):
            out.setdefault(seat, []).append(record.Sitting(login, at, bool(covered)))
        return out

    def decisions(self, table_id: str) -> int:
        return self.db.execute("SELECT count(*) FROM decisions WHERE table_id = ?", (table_id,)).fetchone()[0]

    def rebuild(self, table_id: str) -> Kept:
        """The table `table_id` as it was: its last checkpoint's save replayed, then the decisions after it, its
        seats and its chat.  StoreError with a sentence for a table that cannot be read back (the others can)."""
        where = f"table {printable(table_id, limit=80)} of {printable(self.path, limit=200)}"
        row = self.db.execute("SELECT owner, save, settings FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise StoreError(f"no {where}")
        owner, blob, settings = row
        try:
            session = session_from_save(schema.decode(bytes(blob)), Path(where), verify=True, strict=False)
            kept = self.db.execute("SELECT at, seat, action FROM decisions WHERE table_id = ? AND at >= ? ORDER BY at",
                                   (table_id, len(session.log))).fetchall()
            after = []
            for at, seat, action in kept:
                if at != len(session.log) + len(after):
                    raise StoreError(f"decision {len(session.log) + len(after) + 1} is missing")
                after.append((seat, _action.decode(action)))
            play_on(session.controller, after, session.history)
            seats = [SeatConfig(kind=k, agent=a, name=n, login=lg, claimed=bool(c)) for k, a, n, lg, c in
                     self.db.execute("SELECT kind, agent, name, login, claimed FROM seats WHERE table_id = ? "
                                     "ORDER BY seat", (table_id,))]
            if len(seats) == len(session.seats):
                session.seats = seats
            chat = [(at, _chat.decode(line)) for at, line in self.db.execute(
                "SELECT at, line FROM chat WHERE table_id = ? ORDER BY n", (table_id,))]
            settings = _settings.decode(settings)
        except (SaveError, StoreError) as e:
            raise StoreError(f"cannot reopen {where}: {e}".replace(f"cannot load {where}: ", "")) from None
        except Exception as e:  # a blob that does not decode, a decision the rules refuse
            why = printable(" ".join(str(e).split()), limit=MESSAGE_LIMIT)
            notes = "; ".join(getattr(e, "__notes__", ()))
            raise StoreError(f"cannot reopen {where}: {type(e).__name__}: {why}"
                             + (f" ({notes})" if notes else "")) from None
        session.recovered = len(after)
        session.recovery = ""
        return Kept(session=session, owner=owner, settings=settings, chat=chat)


class TableKeeper(Keeper):
    """The table's `Keeper` (the shape of `table.keeper.Keeper`): told the game opened, each decision as it is made
    (durable when `decided` returns, before any client hears of it), a checkpoint at each turn's end, the end, the
    close; each chat line (an ally's too); and, from the server's recorder, the seats as they change.  Every write is
    one short transaction; a write the database refuses is logged and told to the table once (`tell`), and the game
    goes on."""

    last_saved = None  # (the host's screen asks a keeper for its files: the server's has none)
    save_dir = None

    def __init__(self, store: Store, owner: str, settings: Settings) -> None:
        self.store, self.db, self.owner, self.settings = store, store.db, owner, settings
        self.session: Session | None = None
        self.tell: Callable[[object], None] = lambda message: None
        self.said = 0
        self.error: str | None = None  # why the last write failed (None: it did not)
        self.leavers: Callable[[], record.Abandoned] = record.Abandoned  # who left the game (the table server's)

    def opened(self, session: Session, tell: Callable[[object], None] | None = None) -> None:
        """The table starts (a new game, or one reopened): its row, seats and game as a save.  Raises
        sqlite3.Error: a table the store cannot keep is not opened."""
        self.session = session
        if tell is not None:
            self.tell = tell
        now, save = _now(), self._save()
        with _transaction(self.db):
            self.db.execute("INSERT INTO tables (id, owner, rules, created, updated, state, save, settings) "
                            "VALUES (?, ?, ?, ?, ?, 'open', ?, ?) ON CONFLICT (id) DO UPDATE SET updated = "
                            "excluded.updated", (session.game_id, self.owner, schema.rules_of_save(save), now,
                                                 now, schema.encode(save), _pack.encode(self.settings)))
            _seats(self.db, self._seat_rows())
            known = self.store.decisions(session.game_id)
            self.db.executemany("INSERT OR IGNORE INTO decisions (table_id, at, seat, action) VALUES (?, ?, ?, ?)",
                                [(session.game_id, at, e.seat, _pack.encode(e.action))
                                 for at, e in enumerate(session.log) if at >= known])
        self.said = self.db.execute("SELECT coalesce(max(n) + 1, 0) FROM chat WHERE table_id = ?",
                                    (session.game_id,)).fetchone()[0]
        self.since = dict(self.db.execute("SELECT seat, since FROM turns WHERE table_id = ?", (session.game_id,)))

    def decided(self, at: int, entry):
        """The `at`-th decision of the log (from 0), and its seat's wait over: on the disk when this returns, or,
        with the store's writer, when the future it returns is done (WriterStopped: it never will be)."""
        row, waited = (self.session.game_id, at, entry.seat, _pack.encode(entry.action)), entry.seat in self.since

        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO decisions (table_id, at, seat, action) VALUES (?, ?, ?, ?)", row)
            if waited:
                db.execute("DELETE FROM turns WHERE table_id = ? AND seat = ?", (row[0], row[2]))

        self.since = {seat: at for seat, at in self.since.items() if seat != entry.seat}
        done = self._write(write)
        return done if isinstance(done, asyncio.Future) else None

    def undone(self, at: int) -> None:
        """The decisions from the `at`-th on were taken back (undo against bots): gone from the store too."""
        game_id = self.session.game_id

        def write() -> None:
            with _transaction(self.db):
                self.db.execute("DELETE FROM decisions WHERE table_id = ? AND at >= ?", (game_id, at))

        self._write(write)

    def waiting(self, since: dict[int, float]) -> None:
        """The human seats the table asks to decide, each since when: kept, so that a restart counts on."""
        game_id, self.since = self.session.game_id, since
        rows = [(game_id, seat, at) for seat, at in since.items()]

        def write(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM turns WHERE table_id = ?", (game_id,))
            db.executemany("INSERT INTO turns (table_id, seat, since) VALUES (?, ?, ?)", rows)

        self._write(write)

    def checkpoint(self, force: bool = False) -> tuple[None, str | None]:
        """A turn may have ended (force: keep the whole game now): the game as a save, so that a rebuild replays
        from it.  (None, why it failed or None; with the writer, a failure is told and logged when it comes.)"""
        session = self.session
        if not (force or autosave_due(session)):
            return None, None
        row, seats = (self._blob(), _now(), session.game_id), self._seat_rows()

        def write(db: sqlite3.Connection) -> None:
            db.execute("UPDATE tables SET save = ?, updated = ? WHERE id = ?", row)
            _seats(db, seats)

        error = self._write(write)
        if error is None or isinstance(error, asyncio.Future):
            session.autosaved_turn = turns_done(session.state)
            return None, None
        return None, error

    def finished(self) -> None:
        """The game is over: kept as finished, and rated (record.py), whoever abandoned it last (`leavers`)."""
        session, left = self.session, self.leavers()
        text = printable(getattr(session.state.result, "text", "") or "", limit=MESSAGE_LIMIT)
        row, seats = (text, self._blob(), _now(), session.game_id), self._seat_rows()

        def write(db: sqlite3.Connection) -> None:
            db.execute("UPDATE tables SET state = 'finished', result = ?, save = ?, updated = ? WHERE id = ?", row)
            _seats(db, seats)
            record.rate_table(db, session, left)

        self._write(write)

    def closed(self) -> None:
        """The table stops (the server stops): nothing to write, every decision is in (or in the writer's queue,
        which the store's close writes)."""

    def seated(self) -> None:
        """Who holds each seat changed (a login sat down at a free seat, which is kept for it)."""
        seats = self._seat_rows()
        self._write(lambda db: _seats(db, seats))

    def sat(self, seat: int, sittings: list[record.Sitting]) -> None:
        """Who sat down at `seat`, in order (the table server's, as it changes): kept, so that a restart between a
        leave and the game's end still rates the leaver last."""
        game_id = self.session.game_id
        rows = [(game_id, seat, n, s.login, s.at, int(s.covered)) for n, s in enumerate(sittings)]

        def write(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM sittings WHERE table_id = ? AND seat = ?", (game_id, seat))
            db.executemany("INSERT INTO sittings (table_id, seat, n, login, at, covered) VALUES (?, ?, ?, ?, ?, ?)",
                           rows)

        self._write(write)

    def settled(self, settings: Settings) -> None:
        """The owner changed how the table is played (private, watchers): kept for the next start."""
        self.settings = settings
        row = (_pack.encode(settings), _now(), self.session.game_id)
        self._write(lambda db: db.execute("UPDATE tables SET settings = ?, updated = ? WHERE id = ?", row))

    def chat(self, at: int, line: Chat) -> None:
        """A line said at the table, after `at` events of the game."""
        row = (self.session.game_id, self.said, at, _pack.encode(line))
        self._write(lambda db: db.execute("INSERT INTO chat (table_id, n, at, line) VALUES (?, ?, ?, ?)", row))
        self.said += 1

    def save(self, message: Save) -> SaveFailed:
        return SaveFailed(reason="the table server keeps this game", ref=message.ref)

    def exit_note(self) -> str:
        return ""

    # ------------------------------------------------------------ helpers
    def _write(self, write: Callable[[sqlite3.Connection], object]) -> str | asyncio.Future | None:
        """Run a write (`write(db)`, in a transaction): at once (why the database refused it, or None), or, with
        the store's writer, queued (its future).  A refusal is logged, told to the table once, and returned."""
        if self.store.writer is not None:
            done = self.store.writer.put(write)
            done.add_done_callback(self._written)
            return done
        try:
            with _transaction(self.db):
                write(self.db)
        except sqlite3.Error as e:
            return self._refused(e)
        self.error = None
        return None

    def _written(self, done: asyncio.Future) -> None:
        if done.cancelled():
            return
        if isinstance(done.exception(), WriterStopped):
            if self.error != "stopped":
                log.error("table %s: stops taking decisions (%s)", self.session.game_id, done.exception())
                self.tell(Notice(text=f"The server cannot keep this game any more ({done.exception()}): this "
                                      "table stops; everything shown so far is kept."))
            self.error = "stopped"
        elif done.result() is not None:
            self._refused(done.result())
        elif self.error != "stopped":
            self.error = None

    def _refused(self, e: sqlite3.Error) -> str:
        log.error("table %s: the database refused a write (%s)", self.session.game_id, e)
        if self.error is None:
            self.tell(Notice(text=f"The server cannot keep this game ({e}): a restart of the server would lose "
                                  "what is played from now."))
        self.error = str(e)
        return self.error

    def _save(self):
        return to_file(self.session, f"autosave-{self.session.game_id}", "auto")

    def _blob(self) -> bytes:
        return schema.encode(self._save())

    def _seat_rows(self) -> list[tuple]:
        return [(self.session.game_id, i, s.kind, s.agent, s.name, s.login, int(s.claimed))
                for i, s in enumerate(self.session.seats)]


def _seats(db: sqlite3.Connection, rows: list[tuple]) -> None:
    db.executemany(
        "INSERT INTO seats (table_id, seat, kind, agent, name, login, claimed) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (table_id, seat) DO UPDATE SET kind = excluded.kind, agent = excluded.agent, "
        "name = excluded.name, login = excluded.login, claimed = excluded.claimed", rows)


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection):
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
