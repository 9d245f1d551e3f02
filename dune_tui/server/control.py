"""The server's control socket: a client asks for the server's tables, or opens a table on it.

    where = find()                                  # the directory of a running server, or None
    listing(where)                                  # its tables as the lobby lists them (lobby.Listed)
    unlisted(name)                                  # a table it lists not to this login (private), by its name
    opened = ask(where, OpenTable(save=..., ...))   # Opened(table) or wire.Goodbye(reason)
    manage(where, table, "invite", login="alice")   # Done(text) or wire.Goodbye(reason): the owner's controls

One request per connection, a frame each way as on a table's socket (a 4-byte length, then one tagged msgspec
Struct in msgpack; `wire`): `ListTables` → `Tables`, `OpenTable` → `Opened` (the table's name: its socket is
`<directory>/<name>.sock`, where the client sits down with the table protocol), `ManageTable` (the owner's
controls) → `Done` with a sentence, `MakeLink` → `Done` with a one-time link to the browser front door,
`AskRecord` → `Record` (a game's leaderboard and the asker's finished games); or `Goodbye` with the reason.  The
kernel says who asks (SO_PEERCRED): whoever opens a table owns it.  A client trusts only a server whose directory is
not writable by others and whose socket is answered by the directory's owner.
"""

from __future__ import annotations

import os
import re
import socket
import stat
from pathlib import Path

import msgspec

from ..net import lobby, wire
from ..net.identity import login_of, peer_uid
from ..record.entry import Finished
from ..text import printable
from . import place

ASK_SECONDS = 5.0
STOPPING = "the table server is stopping; the table will be back, where it was, when it starts again"  # its Goodbye
REQUEST_LIMIT = 5 * 1024 * 1024  # an OpenTable carries a save (at most saves' 4 MiB)
NO_TABLE = "no table "  # the server's answer for a table it does not have (the command line says how to list them)
BY_OWNER = ", who opened the table, "  # in every goodbye of the owner's controls (ui/closed.py: final, not a stop)
TABLE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*-\d{8}-\d{6}-[0-9a-f]{4}")  # <owner>-<game id>


class ListTables(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    protocol: int = wire.PROTOCOL


class OpenTable(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Open a table with this game: a save's bytes (a new game's, or a saved one to resume), replayed by the
    server as a save is loaded; the opener's seat kept for the opener in it.  The pace, the takeover of an
    away seat and the turn limit as `dune-tui host` takes them."""

    protocol: int = wire.PROTOCOL
    save: bytes
    pause: float = 0.5
    takeover: str = ""
    after: float = 120.0
    turn_limit: float = 0.0  # seconds an away seat's decision may wait before a bot plays it (0: for ever)


VERBS = ("invite", "release", "kick", "private", "public", "watchers", "no-watchers", "decline", "rematch")


class ManageTable(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """The owner's controls of their table (`decline`: the invited login's): `invite` a login (to `seat`, or the
    first free one), `release` a seat, `kick` a login, make it `private` or `public`, open it to `watchers` or
    not (`no-watchers`); `rematch` a finished game."""

    protocol: int = wire.PROTOCOL
    table: str
    verb: str
    login: str = ""
    seat: int = -1  # from 0; -1: none named


class MakeLink(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A one-time link that opens a browser tab at the server's browser front door as whoever asks
    (`dune-tui link`): answered with `Done(text=the link)`; with `table`, the tab opens at that table of the server,
    where the asker may sit (`dune-tui link TABLE`), not at the main menu."""

    protocol: int = wire.PROTOCOL
    table: str = ""


class Done(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    text: str
    table: str = ""  # a rematch: its table's name


class FinishedTable(msgspec.Struct, frozen=True, kw_only=True):
    """A finished table the store keeps, listed to its owner and players (a rematch may be asked later)."""

    id: str
    owner: str
    rules: str
    result: str
    updated: str  # ISO 8601, UTC: when it ended


class Tables(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    tables: tuple[lobby.Card, ...] = ()
    finished: tuple[FinishedTable, ...] = ()  # the asker's last finished tables (theirs, or with a seat of theirs)


class Opened(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    table: str


class AskRecord(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """The server's record (issue 46): the leaderboard of a game, and the games the asker finished there; or, with
    `table`, only the asker's rating change at that finished table (the game-over screen's)."""

    protocol: int = wire.PROTOCOL
    rules: str = ""  # "" : the first game
    table: str = ""  # a table's game id


class Ranked(msgspec.Struct, frozen=True, kw_only=True):
    identity: str  # a login, or "key:NAME"
    mu: float
    sigma: float
    games: int


class Record(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    rules: str
    board: tuple[Ranked, ...] = ()  # the surest best first
    games: tuple[Finished, ...] = ()  # the asker's finished games at the server, newest first
    change: tuple[float, ...] = ()  # at the table asked of: the asker's (mu, sigma) before, then after; (): none


Request = ListTables | OpenTable | ManageTable | MakeLink | AskRecord
Answer = Tables | Opened | Done | Record | wire.Goodbye
_encoder = msgspec.msgpack.Encoder()
_requests = msgspec.msgpack.Decoder(Request)
_answers = msgspec.msgpack.Decoder(Answer)


class Unreachable(Exception):
    """No server answers there, or one that cannot be trusted: the sentence says why."""


def frame(message) -> bytes:
    body = _encoder.encode(message)
    return wire.HEADER.pack(len(body)) + body


def decode_request(body: bytes) -> ListTables | OpenTable | ManageTable | MakeLink | AskRecord:
    """A request; msgspec.MsgspecError if it is not one."""
    return _requests.decode(body)


def find() -> Path | None:
    """The directory of a running server this user may trust, or None (`dune-tui host` then hosts itself)."""
    for where in place.candidates():
        try:
            ask(where, ListTables(), timeout=1.0)
            return where
        except Unreachable:
            continue
    return None


def owner_of(where: Path) -> int:
    """The uid the server's directory belongs to; Unreachable if others may write to it (or it is no directory)."""
    try:
        info = os.lstat(where)
    except OSError as e:
        raise Unreachable(f"no server at {where} ({e.strerror})") from None
    problem = place.unsafe(info, owner=info.st_uid)
    if problem:
        raise Unreachable(f"the server's directory {where} {problem}")
    return info.st_uid


def ask(where: Path, request, timeout: float = ASK_SECONDS):
    """One request to the server at `where`: its answer (Tables, Opened or wire.Goodbye); Unreachable if no
    trusted server answers."""
    owner = owner_of(where)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        try:
            sock.connect(str(where / place.CONTROL))
        except OSError as e:
            raise Unreachable(f"no server answers at {where} ({e.strerror or e})") from None
        if (uid := peer_uid(sock)) != owner:
            raise Unreachable(f"the server's socket in {where} is answered by {login_of(uid)}, not by "
                              f"{login_of(owner)}, whose directory it is")
        try:
            sock.sendall(frame(request))
            head = _exactly(sock, wire.HEADER.size)
            (size,) = wire.HEADER.unpack(head)
            if size > wire.TO_CLIENT_LIMIT:
                raise Unreachable(f"the server sent a frame of {size} bytes")
            return _answers.decode(_exactly(sock, size))
        except (OSError, msgspec.MsgspecError) as e:
            raise Unreachable(f"the server at {where} did not answer ({printable(e, limit=200)})") from None
    finally:
        sock.close()


def manage(where: Path, table: str, verb: str, *, login: str = "", seat: int = -1) -> Done | wire.Goodbye:
    """One of the owner's controls of `table` (`ManageTable`; `seat` from 0, -1 none): Done with a sentence saying
    what changed, or Goodbye with why not; Unreachable if no trusted server answers.  `dune-tui table VERB`, the
    table screen's "Manage table" and the game over's rematch key all ask this way."""
    answer = ask(where, ManageTable(table=table, verb=verb, login=login, seat=seat))
    if isinstance(answer, Done | wire.Goodbye):
        return answer
    return wire.Goodbye(reason=f"the server answered a {type(answer).__name__} to a control")


def owner(where: Path, table: str) -> str:
    """The login who opened `table` on the server at `where`, as its listing says ("": not listed to this user,
    or no trusted server answers)."""
    try:
        answer = ask(where, ListTables(), timeout=2.0)
    except Unreachable:
        return ""
    if not isinstance(answer, Tables):
        return ""
    return next((c.host for c in answer.tables if c.table == table and lobby.table_name(c.host, c.game_id) == table),
                "")


def _exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("the connection ended")
        data += chunk
    return data


def listing(where: Path | None) -> list[lobby.Listed]:
    """The server's tables as the lobby lists a table (its socket in the server's directory, answered by the
    server's user); [] if no trusted server answers."""
    if where is None:
        return []
    try:
        answer = ask(where, ListTables())
        server = login_of(owner_of(where))
    except Unreachable:
        return []
    if not isinstance(answer, Tables):
        return []
    return [lobby.Listed(where=str(where), stem=card.table, owner=server, card=card) for card in answer.tables
            if lobby.table_name(card.host, card.game_id) == card.table]


def by_owner(owner: str, what: str) -> str:
    """A goodbye of the table's owner to a player (a seat released, a login sent away, the table made private):
    final, unlike the server's stop."""
    return f"{owner}{BY_OWNER}{what}"


def unlisted(name: str) -> lobby.Listed | None:
    """The running server's table `name` names in full though its list does not show it to this login (a private
    table is listed to its owner and invited logins only): its socket, so that joining it hears the table's own
    refusal ("this table is private: ...") rather than "no table"; None if the server has no such table."""
    where = find()
    if where is None or not TABLE_NAME.fullmatch(name):
        return None
    try:
        owner = owner_of(where)
        info = os.lstat(where / f"{name}.sock")
    except (OSError, Unreachable):
        return None
    if not stat.S_ISSOCK(info.st_mode) or info.st_uid != owner:
        return None
    return lobby.Listed(where=str(where), stem=name, owner=login_of(owner))


def open_request(session, *, pause: float = 0.5, takeover: str = "", after: float = 120.0,
                 turn_limit: float = 0.0) -> OpenTable:
    """The request that opens `session`'s table on the server: the game as its save."""
    from ..saves import schema
    from ..saves.store import to_file

    return OpenTable(save=schema.encode(to_file(session, f"autosave-{session.game_id}", "auto")), pause=pause,
                     takeover=takeover, after=after, turn_limit=turn_limit)


def finished(where: Path | None) -> list[str]:
    """The lines of `dune-tui tables` for this user's finished tables on the server (none if none runs)."""
    if where is None:
        return []
    try:
        answer = ask(where, ListTables())
    except Unreachable:
        return []
    if not isinstance(answer, Tables):
        return []
    lines = []
    for t in answer.finished:
        name, when = lobby.table_name(t.owner, t.id), t.updated[:16].replace("T", " ")
        lines.append(printable(f"{t.owner}'s table {name}: finished {when} UTC" + (f": {t.result}" if t.result else "")
                               + f"; a rematch: `dune-tui table rematch {name}`", limit=300))
    return lines


def served() -> list[lobby.Listed]:
    """The tables of the server running on this machine (none if none runs)."""
    return listing(find())
