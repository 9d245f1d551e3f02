"""The players the server's front doors know by key: each SSH public key's SHA256 fingerprint → a display name,
unique on the server (whatever its case), in the server's database.

    players = Players(store)
    players.name_of("SHA256:…")            # "alice", or "" for a key never seen
    players.register("SHA256:…", "alice")   # "" once kept, else the sentence saying why not (taken, not a name)

A name is what `key:NAME` is made of (session.KEY_NAME: letters, digits, `.`, `_`, `-`, up to 20): nothing in it
can move a terminal's cursor or name a file elsewhere.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from ..session import KEY_NAME
from ..text import printable
from .store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY COLLATE NOCASE,   -- the display name: key:NAME at the tables
    since TEXT NOT NULL                     -- ISO 8601, UTC
);
CREATE TABLE IF NOT EXISTS keys (
    fingerprint TEXT PRIMARY KEY,           -- SHA256:… of an SSH public key
    name TEXT NOT NULL REFERENCES players(name) ON DELETE CASCADE,
    since TEXT NOT NULL
);
"""
NAME_RULE = "letters, digits, '.', '_' or '-', up to 20, starting with a letter or digit"


class Players:
    def __init__(self, store: Store) -> None:
        self.db = store.db
        self.db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} COMMIT;")

    def name_of(self, fingerprint: str) -> str:
        row = self.db.execute("SELECT name FROM keys WHERE fingerprint = ?", (fingerprint,)).fetchone()
        return row[0] if row else ""

    def register(self, fingerprint: str, name: str) -> str:
        """Keep `name` for the key `fingerprint` (a new player): "" or why not."""
        if not KEY_NAME.fullmatch(name):
            return f"{printable(name, limit=40)!r} is not a name here: {NAME_RULE}"
        now = datetime.now(UTC).isoformat(timespec="seconds")
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute("INSERT INTO players (name, since) VALUES (?, ?)", (name, now))
                self.db.execute("INSERT INTO keys (fingerprint, name, since) VALUES (?, ?, ?)",
                                (fingerprint, name, now))
        except sqlite3.IntegrityError:
            return f"the name {name} is taken: choose another"
        return ""
