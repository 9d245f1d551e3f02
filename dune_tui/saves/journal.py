"""The journal: every decision made since the last autosave, on disk before anyone is shown it.

An autosave is written at the end of each turn; a decision made since is appended to the game's journal,
`autosave-<game id>.dune.json.journal` beside the autosave, and flushed to the disk (fdatasync) before the table
tells anyone it was made.  A kill -9 or a power cut loses no decision the screen has shown: loading the autosave
replays its log, then the journal's decisions that follow it (`recover`).

The file is 0600 and made of lines, each one msgspec JSON array `[crc32, record]`, the CRC-32 of the record's
bytes as written: a line cut short (the process died mid-write) or damaged is detected, and it and everything after
it are dropped; every complete record before it is recovered.  The first record is a `Header` naming the game.

At each autosave the journal is folded into it: rewritten (atomically) to hold only the decisions of the turn the
autosave just saved, which the autosave's backup (`.bak`, the turn before) lacks, so that a damaged autosave's backup
plus the journal still recover every decision.  saves/README.md documents the format.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from pathlib import Path
from typing import Any

import msgspec

from .files import MAX_BYTES, ensure_dir, write_atomic

FORMAT = "dune-tui-journal"
VERSION = 1
SUFFIX = ".journal"


class Header(msgspec.Struct, tag="header", kw_only=True):
    """The first record: the journal of which game."""

    format: str = FORMAT
    version: int = VERSION
    game_id: str


class Entry(msgspec.Struct, tag="decision", kw_only=True):
    """One decision: the `at`-th of the game's log (from 0), by `seat`."""

    at: int
    seat: int
    action: tuple[Any, ...]  # nested lists come back as lists, like a save's log (rules.as_action)


Record = Header | Entry

_encoder = msgspec.json.Encoder()
_line = msgspec.json.Decoder(tuple[int, msgspec.Raw])
_record = msgspec.json.Decoder(Record)


class Read(msgspec.Struct, kw_only=True):
    """What a journal holds: its game, its complete records in order, and how many bytes after them were
    dropped (a torn or damaged tail)."""

    game_id: str = ""
    entries: list[Entry] = []
    dropped: int = 0  # bytes after the last good record (0: the file ends cleanly)


def journal_path(save: Path) -> Path:
    return save.with_name(save.name + SUFFIX)


def encode(record: Record) -> bytes:
    body = _encoder.encode(record)
    return _encoder.encode((zlib.crc32(body), msgspec.Raw(body))) + b"\n"


def decode(data: bytes) -> Read:
    """The complete records of a journal's bytes: every line up to the first that is cut short, damaged (its
    checksum), not a record, or out of place (a header after the first line, or no header first)."""
    read, good, pos = Read(), 0, 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            break  # the last line, cut short
        record = _record_of(data[pos:end])
        if record is None or isinstance(record, Header) != (pos == 0) or (
                isinstance(record, Header) and (record.format != FORMAT or record.version != VERSION)):
            break
        if isinstance(record, Header):
            read.game_id = record.game_id
        else:
            read.entries.append(record)
        pos = good = end + 1
    read.dropped = len(data) - good
    return read


def _record_of(line: bytes) -> Record | None:
    try:
        crc, body = _line.decode(line)
        if zlib.crc32(body) != crc:
            return None
        return _record.decode(body)
    except (msgspec.MsgspecError, UnicodeDecodeError, RecursionError, ValueError):
        return None


def read(path: Path) -> Read | None:
    """The journal at `path`, or None if there is none (or it cannot be read: the autosave alone is then
    loaded).  Opened read-only; never more than the save size limit."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError:
        return None
    return decode(data[:MAX_BYTES])


def follow(read: Read, log: list, game_id: str) -> list[Entry]:
    """The entries of a journal that continue a log: from the entry for position len(log) on, each the next
    one (those before it, already in the log, are skipped; a gap ends the list).  None for another game's."""
    if read.game_id != game_id:
        return []
    out: list[Entry] = []
    for entry in read.entries:
        if entry.at == len(log) + len(out):
            out.append(entry)
        elif entry.at > len(log) + len(out):
            break
    return out


def _same(logged, entry: Entry) -> bool:
    """A log's entry and a journal's are the same decision (tuples and lists alike)."""
    return logged.seat == entry.seat and msgspec.to_builtins(logged.action) == msgspec.to_builtins(entry.action)


class Journal:
    """The journal a table writes: `append` each decision (durable when it returns), `fold` after each autosave.
    Any OSError is the caller's to report: the game goes on, its autosaves still save it."""

    def __init__(self, save: Path, game_id: str) -> None:
        self.path, self.game_id = journal_path(save), game_id
        self.turn: list[Entry] = []  # appended since the last fold (the autosave's .bak lacks them)
        self._fd: int | None = None

    def start(self, log: list) -> None:
        """Begin at a table: the journal rewritten clean (a torn tail dropped) with those of its entries that the
        game's `log` holds (the turn the backup lacks, and any recovered since), kept until the next fold but
        one, ready to append."""
        found = read(self.path)
        kept = [e for e in (found.entries if found and found.game_id == self.game_id else [])
                if e.at < len(log) and _same(log[e.at], e)]
        self._rewrite(kept)
        self.turn = kept

    def append(self, at: int, seat: int, action) -> None:
        entry = Entry(at=at, seat=seat, action=tuple(action))
        if self._fd is None:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.write(self._fd, encode(entry))
        getattr(os, "fdatasync", os.fsync)(self._fd)
        self.turn.append(entry)

    def drop_from(self, at: int) -> None:
        """The decisions from the `at`-th on were taken back (undo): the journal rewritten without them."""
        found = read(self.path)
        kept = [e for e in (found.entries if found and found.game_id == self.game_id else []) if e.at < at]
        self.turn = [e for e in self.turn if e.at < at]
        self._rewrite(kept)

    def fold(self) -> None:
        """The autosave now holds every entry: keep only the last turn's (for its backup), start a new turn."""
        kept, self.turn = self.turn, []
        self._rewrite(kept)

    def _rewrite(self, entries: list[Entry]) -> None:
        self.close()
        ensure_dir(self.path.parent)  # a resumed game's first decision may come before any save made the folder
        data = encode(Header(game_id=self.game_id)) + b"".join(encode(e) for e in entries)
        write_atomic(self.path, data, keep_backup=False)

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def remove(self) -> None:
        self.close()
        with contextlib.suppress(OSError):
            os.unlink(self.path)
