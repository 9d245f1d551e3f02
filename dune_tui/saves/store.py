"""Saving, listing and loading games.

Each game has one autosave, `autosave-<game id>.dune.json`, rewritten after
every turn and on exit; the one before it is kept as `<file>.bak`.  Named
saves are `<name>.dune.json`.  Loading replays the decision log and checks
the result against the file's snapshot of the state.
"""

from __future__ import annotations

import contextlib
import os
import re
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from .. import __version__
from ..controller import Controller, LogEntry, replay
from ..engine import DuneError, as_action
from ..engine.data import FACTION_NAMES
from ..session import SeatConfig, Session
from . import schema
from .errors import SaveError, SnapshotMismatch
from .files import SUFFIX, ensure_dir, read_limited, save_dir, write_atomic
from .schema import LogEntryV1, Save, SeatV1
from .snapshot import differences, options_from_file, options_to_file, restore, snapshot_of

AUTOSAVE = "autosave-"
_NAME = re.compile(r"[^\W_][\w .,'()+-]{0,63}")  # starts with a letter or digit; no slashes


class SaveInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One line of `dune-tui saves`: what a player needs to pick a game (no secrets)."""

    name: str
    path: Path
    date: datetime | None  # when it was saved (aware; the file's time if unreadable)
    kind: str = ""  # "auto" or "named"
    players: int = 0
    seats: tuple[str, ...] = ()  # who sits where: "Alice", "Bot (heuristic)"
    factions: tuple[str, ...] = ()  # by seat; "" while not yet chosen
    round: int = 0
    to_move: tuple[str, ...] = ()  # the seats that must decide now, e.g. "Atreides: Alice"
    finished: bool = False
    result: str = ""  # how it ended
    error: str = ""  # why the file cannot be read ("" when it can)

    def players_text(self) -> str:
        """ "Atreides: Alice, Fremen: Bot (heuristic), ..." """
        return ", ".join(f"{f}: {s}" if f else s for s, f in zip(self.seats, self.factions))


# ------------------------------------------------------------------ saving


def turns_done(state) -> int:
    """Turns finished so far: grows by one at every turn's end (the last one ends the game)."""
    return state.turn + state.over


def autosave_due(session: Session) -> bool:
    """True when a turn has ended since the last autosave (a cheap test for the UI's loop)."""
    return turns_done(session.state) != session.autosaved_turn


def autosave(session: Session, directory: str | os.PathLike | None = None) -> Path:
    """Write the game's autosave now (the previous one becomes the backup); SaveError if it cannot."""
    path = _write(session, f"{AUTOSAVE}{session.game_id}", "auto", directory)
    session.autosaved_turn = turns_done(session.state)
    return path


def maybe_autosave(session: Session, directory: str | os.PathLike | None = None) -> Path | None:
    """Autosave if a turn has ended since the last autosave; call it after every decision."""
    return autosave(session, directory) if autosave_due(session) else None


def safe_autosave(session: Session, directory: str | os.PathLike | None = None) -> Path | None:
    """Autosave for exit paths and signal handlers (SIGHUP, SIGTERM): never raises; None if it failed."""
    with contextlib.suppress(Exception):
        return autosave(session, directory)
    return None


def save_named(session: Session, name: str, directory: str | os.PathLike | None = None) -> Path:
    """Save under a name the player chose (an existing save of that name becomes the backup)."""
    name = check_name(name)
    path = _write(session, name, "named", directory)
    session.name = name
    return path


def check_name(name: str) -> str:
    """The name, stripped; SaveError if it cannot name a file."""
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise SaveError("a save name is 1 to 64 letters, digits, spaces or . , ' ( ) + - _ and starts with a "
                        "letter or digit")
    if name.lower().startswith(AUTOSAVE):
        raise SaveError(f"names starting with {AUTOSAVE!r} are kept for autosaves")
    return name


def to_file(session: Session, name: str, kind: str) -> Save:
    return Save(
        format=schema.FORMAT, version=schema.CURRENT, app_version=__version__, name=name, kind=kind,
        game_id=session.game_id, created=session.created, saved_at=datetime.now(UTC),
        options=options_to_file(session.options),
        seats=[SeatV1(kind=s.kind, agent=s.agent, name=s.name) for s in session.seats],
        log=[LogEntryV1(e.seat, e.action) for e in session.log],
        snapshot=snapshot_of(session.state))


def _write(session: Session, name: str, kind: str, directory) -> Path:
    folder = ensure_dir(save_dir(directory))
    path = folder / f"{name}{SUFFIX}"
    data = schema.encode(to_file(session, name, kind))
    try:
        write_atomic(path, data)
    except OSError as e:
        raise SaveError(f"cannot save {path}: {e.strerror or e}") from None
    return path


# ----------------------------------------------------------------- finding


def resolve(path_or_name: str | os.PathLike, directory: str | os.PathLike | None = None) -> Path:
    """A save's path from a path, or from a name in the save directory."""
    text = os.fspath(path_or_name)
    try:
        path = Path(text).expanduser()
        if path.exists() or os.sep in text or text.endswith((SUFFIX, ".json", ".bak")):
            return path
        folder = save_dir(directory)
        path = folder / f"{text}{SUFFIX}"
        found = path.exists()
    except (OSError, ValueError) as e:
        raise SaveError(f"cannot load {text!r}: {getattr(e, 'strerror', None) or e}") from None
    if not found:
        raise SaveError(f"no save named {text!r} in {folder} (`dune-tui saves` lists them)")
    return path


def latest_autosave(directory: str | os.PathLike | None = None) -> Path | None:
    """The most recently written autosave (what Continue opens), or None."""
    folder = save_dir(directory)
    best, best_time = None, -1.0
    with contextlib.suppress(OSError):
        for path in folder.glob(f"{AUTOSAVE}*{SUFFIX}"):
            with contextlib.suppress(OSError):
                mtime = path.stat().st_mtime
                if mtime > best_time:
                    best, best_time = path, mtime
    return best


def list_saves(directory: str | os.PathLike | None = None) -> list[SaveInfo]:
    """Every save in the directory, newest first; unreadable files are listed with their `error`."""
    folder = save_dir(directory)
    try:
        paths = sorted(p for p in folder.glob(f"*{SUFFIX}") if not p.name.startswith("."))
    except OSError:
        return []
    infos = [_info(p) for p in paths]
    oldest = datetime.min.replace(tzinfo=UTC)
    return sorted(infos, key=lambda i: i.date or oldest, reverse=True)


def _info(path: Path) -> SaveInfo:
    name = path.name.removesuffix(SUFFIX)
    try:
        save = read_save(path)
    except SaveError as e:
        date = None
        with contextlib.suppress(OSError):
            date = datetime.fromtimestamp(path.stat().st_mtime, UTC)
        return SaveInfo(name=name, path=path, date=date, error=str(e))
    snap = save.snapshot
    labels = [SeatConfig(kind=s.kind, agent=s.agent, name=s.name).label() for s in save.seats]
    factions = tuple(FACTION_NAMES[f] if 0 <= f < len(FACTION_NAMES) else "" for f in snap.seat_faction)
    to_move = () if snap.result is not None else tuple(
        f"{factions[s]}: {labels[s]}" if factions[s] else labels[s]
        for s in snap.awaiting if 0 <= s < min(len(labels), len(factions)))
    return SaveInfo(
        name=name, path=path, date=save.saved_at, kind=save.kind, players=save.options.players,
        seats=tuple(labels), factions=factions, round=snap.round, to_move=to_move,
        finished=snap.result is not None, result=snap.result.text if snap.result else "")


# ----------------------------------------------------------------- loading


def read_save(path: Path) -> Save:
    """The save in a file (older formats migrated), without replaying it.  Never changes the file."""
    try:
        return schema.decode(read_limited(path))
    except SaveError as e:
        raise SaveError(f"cannot load {path}: {e}") from None


def load(path_or_name: str | os.PathLike, directory: str | os.PathLike | None = None, *,
         verify: bool = True, strict: bool = True) -> Session:
    """Open a save as a Session, by path or by name in the save directory.

    verify: rebuild the state by replaying the log and compare it with the
    snapshot (SnapshotMismatch when they differ, unless strict=False: then the
    replayed state wins and `session.warning` says so).  verify=False restores
    the snapshot without replaying (faster; for files this program just wrote).
    Any problem is a SaveError with a one-line message; the file is never changed."""
    path = resolve(path_or_name, directory)
    return session_from_save(read_save(path), path, verify=verify, strict=strict)


def session_from_save(save: Save, path: Path, *, verify: bool = True, strict: bool = True) -> Session:
    where = f"cannot load {path}"
    options = game_options(save, where)
    try:
        seats = [msgspec.convert(msgspec.to_builtins(s), SeatConfig) for s in save.seats]
    except (msgspec.MsgspecError, ValueError, TypeError) as e:
        raise SaveError(f"{where}: the seats are invalid ({schema.one_line(e)})") from None
    if len(seats) != options.players:
        raise SaveError(f"{where}: {len(seats)} seats for {options.players} players")
    warning = ""
    if verify:
        controller, events = replay_log(save, where, options)
        diff = differences(snapshot_of(controller.state), save.snapshot)
        if diff:
            warning = (f"{path.name}: the decision log replays to a different position than the saved one "
                       f"(differs in: {', '.join(diff)}); was it edited, or saved by another rules version "
                       f"({save.app_version})?")
            if strict:
                raise SnapshotMismatch(f"cannot load {warning}", diff)
    else:
        controller, events = Controller(options), []
        try:
            controller.state = restore(save.snapshot)
        except (DuneError, msgspec.MsgspecError, ValueError, TypeError) as e:
            raise SaveError(f"{where}: the saved state is invalid ({schema.one_line(e)})") from None
        controller.log = [LogEntry(e.seat, as_action(e.action)) for e in save.log]
    session = Session(options, seats, controller, name=save.name if save.kind == "named" else "",
                      created=save.created, game_id=save.game_id)
    session.history = events
    session.autosaved_turn = turns_done(controller.state)
    session.warning = warning
    return session


def replay_log(save: Save, where: str, options=None) -> tuple[Controller, list]:
    """Re-run a save's log: (controller, every event); SaveError at an illegal decision."""
    options = options or game_options(save, where)
    try:
        return replay(options, [(e.seat, e.action) for e in save.log])
    except DuneError as e:
        at = "; ".join(getattr(e, "__notes__", ())) or "in the log"
        raise SaveError(f"{where}: the decision log is broken {at}: {schema.one_line(e)}") from None
    except Exception as e:  # a malformed action the engine could not even judge
        at = "; ".join(getattr(e, "__notes__", ())) or "in the log"
        raise SaveError(f"{where}: the decision log cannot be replayed {at} ({schema.one_line(e)})") from None


def game_options(save: Save, where: str):
    try:
        return options_from_file(save.options)
    except (msgspec.MsgspecError, DuneError, ValueError, TypeError) as e:
        raise SaveError(f"{where}: the game options are invalid ({schema.one_line(e)})") from None
