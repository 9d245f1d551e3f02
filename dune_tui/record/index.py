"""The index of finished games: a SQLite file beside the saves (`games.sqlite3`, 0600), rebuilt from the save
files each time it is read.  The saves stay the truth: a file changed since it was indexed (by its size and time)
is read again, a file gone leaves the index, an unreadable index is rebuilt in memory.  One game is listed once
whatever its files (its autosave, named saves of it, a copy): by its game id, from the file with most decisions."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

import msgspec

from ..saves.files import SUFFIX, save_dir, trusted
from ..saves.store import read_save
from .entry import Finished, read

INDEX = "games.sqlite3"
VERSION = 1  # PRAGMA user_version: another one is dropped and rebuilt (the saves hold everything)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    name TEXT PRIMARY KEY,        -- the save's file name in the directory
    mtime_ns INTEGER NOT NULL,
    size INTEGER NOT NULL,
    game_id TEXT,                 -- NULL: not a finished game (or unreadable)
    decisions INTEGER NOT NULL DEFAULT 0,
    me TEXT NOT NULL DEFAULT '',  -- the login it was read for (whose seat is `you`)
    entry BLOB                    -- the Finished, msgspec JSON
);
CREATE INDEX IF NOT EXISTS files_game ON files (game_id);
"""
_decoder = msgspec.json.Decoder(Finished)


def finished_games(directory: str | os.PathLike | None = None, *, me: str = "") -> list[Finished]:
    """Every finished game saved in the directory, newest first, once each; `me`: your login (a seat kept for it
    is yours; else the first person's seat at this keyboard).  SaveError if the directory is not trusted."""
    folder = trusted(save_dir(directory))
    if not folder.is_dir():
        return []
    with _open(folder) as db:
        _refresh(db, folder, me)
        rows = db.execute("SELECT entry, MAX(decisions) FROM files WHERE game_id IS NOT NULL GROUP BY game_id")
        games = [_decoder.decode(entry) for entry, _ in rows]
    return sorted(games, key=lambda g: (g.ended.isoformat() if g.ended else "", g.game_id), reverse=True)


@contextlib.contextmanager
def _open(folder: Path):
    """The index, in a transaction; a damaged one is removed (the next reading makes it anew) and this reading
    is answered from the saves alone, as when the index cannot be written."""
    path = folder / INDEX
    try:
        db = _connect(path)
    except (OSError, sqlite3.Error):
        with contextlib.suppress(OSError):
            if path.is_file() and not path.is_symlink():
                path.unlink()
        db = _connect(":memory:")
    try:
        with db:
            yield db
    finally:
        db.close()


def _connect(path) -> sqlite3.Connection:
    if path != ":memory:":
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600))
    db = sqlite3.connect(path, timeout=5)
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] != VERSION:
            db.executescript(f"DROP TABLE IF EXISTS files; PRAGMA user_version = {VERSION};")
        db.executescript(_SCHEMA)
    except BaseException:
        db.close()
        raise
    return db


def _refresh(db: sqlite3.Connection, folder: Path, me: str) -> None:
    known = {name: (mtime, size, login) for name, mtime, size, login in
             db.execute("SELECT name, mtime_ns, size, me FROM files")}
    seen = set()
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") or not entry.name.endswith(SUFFIX):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat()
                seen.add(entry.name)
                stamp = (st.st_mtime_ns, st.st_size, me)
                if known.get(entry.name) == stamp:
                    continue
                game = _read(Path(entry.path), me)
                db.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (entry.name, st.st_mtime_ns, st.st_size, game and game.game_id,
                            game.decisions if game else 0, me, game and msgspec.json.encode(game)))
    db.executemany("DELETE FROM files WHERE name = ?", [(name,) for name in known if name not in seen])


def _read(path: Path, me: str) -> Finished | None:
    try:
        return read(read_save(path), path, me)
    except Exception:  # not a save, damaged, of a newer version: not a finished game of the record
        return None
