"""The lobby of a shared server: a rendezvous directory where each hosted table publishes a public card
(`<table>.json`) beside its Unix socket (`<table>.sock`).

The directory (`/tmp/dune-tui`, or $DUNE_TUI_LOBBY) is like `/tmp/.X11-unix`: every user may add files, the sticky
bit keeps each user's files their own.  It must be a real directory (not a symlink) owned by root or by this user,
and sticky if others may write to it; otherwise `LobbyUnsafe` says why and TCP codes still work.  A card holds no
secret; who hosts it is the owner of its file (the list checks the card's claimed host against it, and the socket's
owner against both: a card that lies is shown as broken).

    where = lobby_dir()                 # LobbyUnsafe: a sentence
    publish(where, card)                # atomic, 0644
    for entry in tables(where): ...     # Listed(card, owner, problem), live tables first
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import tempfile
from pathlib import Path
from typing import Literal

import msgspec

from ..session import valid_game_id, valid_login
from ..text import printable
from ..trust import doubt
from .identity import login_of

ENV = "DUNE_TUI_LOBBY"
DEFAULT = "/tmp/dune-tui"
CARD_LIMIT = 64 * 1024  # a card is a few hundred bytes
PROBE_SECONDS = 0.2


class LobbyUnsafe(Exception):
    """The rendezvous directory is missing and cannot be made, or another user could tamper with it."""


class SeatCard(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    status: Literal["free", "reserved", "bot", "taken"]
    login: str = ""  # reserved for, or taken by, this login
    name: str = ""  # the seat's name (a bot's spec for a bot)
    here: bool = False  # a player is at the seat now
    claimed: bool = False  # the login took this seat when it was free: it is theirs, but no invitation
    since: float = 0.0  # the table waits for this seat's decision since then (Unix time; 0: it does not)


class Card(msgspec.Struct, frozen=True, kw_only=True):
    """A hosted table as every user of the machine may see it."""

    table: str  # the file's stem: <host>-<game id>
    host: str  # the host's login (checked against the file's owner)
    game_id: str
    rules: str
    title: str
    variants: str = ""
    players: int
    seats: tuple[SeatCard, ...]
    state: str  # "waiting", "round N", "over"
    watching: bool = True

    def seat_for(self, login: str) -> SeatCard | None:
        """The seat this login would sit at: its own, else a free one (None: no seat for it)."""
        mine = [s for s in self.seats if s.status in ("reserved", "taken") and s.login == login]
        free = [s for s in self.seats if s.status == "free"]
        return (mine or free or [None])[0]

    def waits_for(self, login: str) -> bool:
        """A seat here waits for this login: kept for it by the host, or one it sat at and left."""
        return any(s.status == "reserved" and s.login == login for s in self.seats)

    def turn_since(self, login: str) -> float:
        """Since when the table waits for a decision of this login's seat (Unix time; 0: it does not)."""
        return min((s.since for s in self.seats if s.since > 0 and s.login == login
                    and s.status in ("reserved", "taken")), default=0.0)

    def invites(self, login: str) -> bool:
        """The host kept a seat here for this login (`--seat user:LOGIN`): an invitation, not a seat it took (nor
        the host's own seat at its own table)."""
        return login != self.host and any(s.status == "reserved" and s.login == login and not s.claimed
                                          for s in self.seats)

    def kept_for(self, login: str) -> bool:
        """A seat here is this login's (waiting for it, or played by it from another terminal)."""
        return any(s.status in ("reserved", "taken") and s.login == login for s in self.seats)


class Listed(msgspec.Struct, frozen=True, kw_only=True):
    """A card found in the directory: `problem` says why it cannot be trusted or reached ("" if it can)."""

    where: str
    stem: str
    owner: str
    card: Card | None = None
    problem: str = ""

    @property
    def socket(self) -> str:
        """The table's Unix socket."""
        return str(Path(self.where) / f"{self.stem}.sock")


def lobby_dir(create: bool = True) -> Path:
    """The rendezvous directory, checked; made 1777 if missing, by root only: one a user made would be theirs, and
    its owner could remove or replace the others' tables in it (so everyone else refuses it)."""
    where = Path(os.environ.get(ENV) or DEFAULT)
    try:
        info = os.lstat(where)
    except FileNotFoundError:
        if not create:
            raise LobbyUnsafe(f"there is no lobby on this machine ({where} does not exist: root's first table makes "
                              f"it, or the administrator with `install -d -m 1777 {where}`)") from None
        if os.geteuid() != 0:
            raise LobbyUnsafe(f"there is no lobby on this machine yet: the administrator makes one for every user "
                              f"with `install -d -m 1777 {where}` (a lobby one user made would be theirs to "
                              f"tamper with); `--bind` and join codes still work") from None
        try:
            os.mkdir(where, 0o700)
            os.chmod(where, 0o1777)
        except FileExistsError:
            pass
        except OSError as e:
            raise LobbyUnsafe(f"cannot make the lobby directory {where} ({e.strerror})") from None
        info = os.lstat(where)
    except OSError as e:
        raise LobbyUnsafe(f"cannot read the lobby directory {where} ({e.strerror})") from None
    problem = unsafe(info)
    if problem:
        raise LobbyUnsafe(f"the lobby directory {where} {problem}: tables are not published there (set {ENV} "
                          f"to another directory); `--bind` and join codes still work")
    return where


def unsafe(info: os.stat_result) -> str:
    """Why a directory with this lstat cannot be trusted ("" if it can)."""
    if stat.S_ISLNK(info.st_mode):
        return "is a symbolic link"
    if not stat.S_ISDIR(info.st_mode):
        return "is not a directory"
    why = doubt(info, root_may_own=True, sticky_shares=True)  # (dune_tui.trust: the saves' rule too)
    if why is not None and why.owner is not None:
        return (f"belongs to {login_of(why.owner)}, not to root or you (its owner could replace the tables in it; "
                f"the administrator makes a lobby for all with `install -d -m 1777 {DEFAULT}`)")
    if why is not None:
        return "may be written by others without the sticky bit (chmod 1777)"
    return ""


def join_command(table: str, watching: bool) -> str:
    """The command that sits a player down at a lobby table again (`table`: its name or its host's login); it
    holds no secret, so the leave dialog may show it."""
    return f"dune-tui join {table}" + (" --watch" if watching else "")


def table_name(host: str, game_id: str) -> str:
    return f"{host}-{game_id}"


def publish(where: Path, card: Card) -> None:
    """Write the card atomically (a temporary file renamed over it), readable by all (0644)."""
    fd, tmp = tempfile.mkstemp(dir=where, prefix=".card-", suffix=".tmp")
    try:
        os.fchmod(fd, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(msgspec.json.encode(card))
        os.replace(tmp, where / f"{card.table}.json")
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def withdraw(where: Path, table: str) -> None:
    """Remove a table's card and socket (when it ends)."""
    for suffix in (".json", ".sock"):
        with contextlib.suppress(OSError):
            os.unlink(where / f"{table}{suffix}")


def bind(where: Path, table: str) -> socket.socket:
    """The table's listening Unix socket `<table>.sock`, which everyone may connect to (who they are, the
    kernel tells the table).  A stale socket of ours (nobody listening) is replaced."""
    path = where / f"{table}.sock"
    if path.exists() and not alive(path):
        with contextlib.suppress(OSError):
            os.unlink(path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(path))
        os.chmod(path, 0o666)
        sock.listen(16)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def alive(path: Path) -> bool:
    """Something listens on this socket (a stale one refuses the connection)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(PROBE_SECONDS)
    try:
        probe.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        probe.close()


def read_card(where: Path, stem: str) -> Listed:
    """The card `<stem>.json`, checked: its owner, its claims, its socket (a `problem` if any fails)."""
    path = where / f"{stem}.json"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as e:
        return Listed(where=str(where), stem=stem, owner="?", problem=f"unreadable ({e.strerror})")
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        owner = login_of(info.st_uid)
        if not stat.S_ISREG(info.st_mode):
            return Listed(where=str(where), stem=stem, owner=owner, problem="broken: not a file")
        data = f.read(CARD_LIMIT + 1)
    try:
        card = msgspec.json.decode(data, type=Card) if len(data) <= CARD_LIMIT else None
    except msgspec.MsgspecError:
        card = None
    if card is None:
        return Listed(where=str(where), stem=stem, owner=owner, problem="broken: not a table's card")
    problem = _lies(where, stem, card, info.st_uid, owner)
    return Listed(where=str(where), stem=stem, owner=owner, card=card, problem=problem)


def _lies(where: Path, stem: str, card: Card, uid: int, owner: str) -> str:
    if card.host != owner or not valid_login(card.host):
        return f"broken: it says {printable(card.host, limit=32)} hosts it, but its file is {owner}'s"
    if card.table != stem or not valid_game_id(card.game_id) or stem != table_name(card.host, card.game_id):
        return "broken: its name is not its table's"
    sock = where / f"{stem}.sock"
    try:
        info = os.lstat(sock)
    except OSError:
        return "gone"
    if not stat.S_ISSOCK(info.st_mode) or info.st_uid != uid:
        return f"broken: its socket is not {owner}'s"
    return "" if alive(sock) else "gone"


def tables(where: Path) -> list[Listed]:
    """Every card in the directory, checked; sorted by table name."""
    try:
        names = sorted(p.name for p in os.scandir(where) if p.name.endswith(".json") and not p.name.startswith("."))
    except OSError:
        return []
    return [read_card(where, name.removesuffix(".json")) for name in names]


def ordered(listed: list[Listed], login: str) -> list[Listed]:
    """Live tables first, those waiting for `login` before them, then by host; broken ones last, gone ones out."""
    shown = [e for e in listed if e.problem != "gone"]
    return sorted(shown, key=lambda e: (bool(e.problem), not (e.card and e.card.waits_for(login)),
                                        not (e.card and e.card.host == login), e.stem))


def describe(entry: Listed, login: str, invite: bool = True) -> list[str]:
    """The lines of `dune-tui tables` for one table (printable: cards come from other users)."""
    if entry.card is None or entry.problem:
        return [printable(f"{entry.stem}  ({entry.owner}'s)  {entry.problem}", limit=200)]
    c = entry.card
    rules = c.title + (f" ({c.variants})" if c.variants else "")
    turn = c.turn_since(login)
    notes = []
    if invite:  # an invitation not taken up yet says who invites, first
        if c.invites(login):
            notes.append(f"{c.host} invites you")
        elif c.waits_for(login) and c.host != login and not turn:
            notes.append("your seat waits for you")
        if turn:
            notes.append(f"your turn (since {waited(turn)})")
    invite = "".join(f"  {note}" for note in notes)
    watch = "watching open" if c.watching else "no watching"
    return [printable(f"{c.host}'s table {c.table}: {rules}, {c.players} players, {c.state}, {watch}{invite}",
                      limit=300),
            printable(f"    seats: {', '.join(seat_text(s) for s in c.seats)}", limit=300)]


def waited(since: float, now: float | None = None) -> str:
    """How long since `since` (Unix time), in a few characters: "40 s", "12 min", "2 h", "3 days"."""
    import time

    seconds = max(0, int((time.time() if now is None else now) - since))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 2 * 86400:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"


def seat_text(s: SeatCard) -> str:
    if s.status == "free":
        return f"{s.seat + 1} free"
    if s.status == "bot":
        return f"{s.seat + 1} bot ({s.name})"
    if s.status == "reserved":
        return f"{s.seat + 1} {s.login}'s{'' if s.here else ' (away)'}"
    return f"{s.seat + 1} {s.login or s.name or 'taken'}{'' if s.here else ' (away)'}"
