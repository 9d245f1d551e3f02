"""The players the server's front doors know by key: each SSH public key's SHA256 fingerprint → a display name,
unique on the server (whatever its case), in the server's database.

    players = Players(store)
    players.name_of("SHA256:…")            # "alice", or "" for a key never seen
    players.register("SHA256:…", "alice")   # "" once kept, else the sentence saying why not (taken, not a name)
    code = players.code_for("alice")        # a one-time code (10 minutes) that adds a second key to alice
    players.redeem("SHA256:…", code)        # that key is alice's too: her name, or "" (a wrong or spent code)

A name is what `key:NAME` is made of (session.KEY_NAME: letters, digits, `.`, `_`, `-`, up to 20): nothing in it
can move a terminal's cursor or name a file elsewhere.
"""

from __future__ import annotations

import re
import secrets
import sqlite3
import time
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
CODE = re.compile(r"key-[a-z2-7]{8}")  # a one-time code for a second key (never a name)
CODE_SECONDS = 600.0
CODES_LIMIT = 1000  # codes waiting at once (the oldest go first)


class Players:
    def __init__(self, store: Store) -> None:
        self.db = store.db
        self.db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} COMMIT;")
        self.codes: dict[str, tuple[str, float]] = {}  # one-time code → (name, until): in memory only

    def name_of(self, fingerprint: str) -> str:
        row = self.db.execute("SELECT name FROM keys WHERE fingerprint = ?", (fingerprint,)).fetchone()
        return row[0] if row else ""

    def register(self, fingerprint: str, name: str) -> str:
        """Keep `name` for the key `fingerprint` (a new player): "" or why not."""
        if not KEY_NAME.fullmatch(name) or CODE.fullmatch(name.lower()):
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

    def code_for(self, name: str) -> str:
        """A new one-time code that makes a key `name`'s (for CODE_SECONDS)."""
        now = time.monotonic()
        self.codes = {c: held for c, held in self.codes.items() if held[1] > now}
        while len(self.codes) >= CODES_LIMIT:
            self.codes.pop(next(iter(self.codes)))
        code = "key-" + "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(8))
        self.codes[code] = (name, now + CODE_SECONDS)
        return code

    def redeem(self, fingerprint: str, code: str) -> str:
        """Make the key `fingerprint` the player's whose code this is (once): their name, or ""."""
        name, until = self.codes.pop(code.lower(), ("", 0.0))
        if not name or until < time.monotonic():
            return ""
        try:
            with self.db:
                self.db.execute("INSERT INTO keys (fingerprint, name, since) VALUES (?, ?, ?)",
                                (fingerprint, name, datetime.now(UTC).isoformat(timespec="seconds")))
        except sqlite3.IntegrityError:  # (this key is someone's already)
            return ""
        return name
