"""Saving, listing and loading games.

Each game has one autosave, `autosave-<game id>.dune.json`, rewritten after
every turn and on exit; the one before it is kept as `<file>.bak`.  Named
saves are `<name>.dune.json`.  Loading always rebuilds the state by replaying
the decision log (the engine judges every decision), and checks the result
against the file's snapshot; the snapshot is never trusted as a state.
Everything a file says is shown through `dune_tui.text.printable`.
"""

from __future__ import annotations

import contextlib
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import msgspec

from dune_tui.ai import AgentSpecError, parse_spec

from .. import __version__
from ..controller import Controller, play_on, replay
from ..games import DEFAULT, UnknownRules, game_named, game_of
from ..games.errors import DuneError
from ..session import SeatConfig, Session, new_bots_secret, valid_game_id
from ..text import MESSAGE_LIMIT, printable
from . import journal, schema
from .errors import SaveError, SnapshotMismatch
from .fields import LessonV1
from .files import (
    MAX_BYTES,
    SUFFIX,
    backup_path,
    ensure_dir,
    read_limited,
    save_dir,
    trusted,
    trusted_file,
    write_atomic,
)
from .schema import Save, schema_of
from .snapshot import differences, options_from_file, options_to_file, snapshot_of

AUTOSAVE = "autosave-"
_NAME = re.compile(r"[^\W_][\w .,'()+-]{0,63}")  # starts with a letter or digit; no slashes


class SaveInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One line of `dune-tui saves`: what a player needs to pick a game (no secrets)."""

    name: str
    path: Path
    date: datetime | None  # when it was saved (aware; the file's time if unreadable)
    kind: str = ""  # "auto" or "named"
    rules: str = DEFAULT  # the rule set's name (dune_tui.games): "dune" or "express"
    players: int = 0
    seats: tuple[str, ...] = ()  # who sits where: "Alice", "Bot (heuristic)"
    factions: tuple[str, ...] = ()  # by seat; "" while not yet chosen
    round: int = 0
    to_move: tuple[str, ...] = ()  # the seats that must decide now, e.g. "Atreides: Alice"
    finished: bool = False
    result: str = ""  # how it ended
    error: str = ""  # why the file cannot be read ("" when it can)
    note: str = ""  # said beside it: the file is damaged and its backup is listed (and loaded) instead

    def date_text(self) -> str:
        """When it was saved, in local time ("2025-01-01 13:00"), or "?"."""
        return local_time(self.date)

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


def autosave_path(game_id: str, directory: str | os.PathLike | None = None) -> Path:
    """Where the game `game_id` autosaves (its journal is beside it)."""
    return save_dir(directory) / f"{AUTOSAVE}{game_id}{SUFFIX}"


def autosave(session: Session, directory: str | os.PathLike | None = None) -> Path:
    """Write the game's autosave now (the previous one becomes the backup); SaveError if it cannot."""
    # a game opened from the backup of its damaged autosave: the damaged file must not become the backup
    path = _write(session, f"{AUTOSAVE}{session.game_id}", "auto", directory, keep_backup=not session.from_backup)
    session.from_backup = False
    session.autosaved_turn = turns_done(session.state)
    return path


def try_autosave(session: Session, directory: str | os.PathLike | None = None) -> tuple[Path | None, str | None]:
    """Autosave that never raises: (path, None), or (None, why it failed) for the player to read."""
    try:
        return autosave(session, directory), None
    except SaveError as e:
        return None, str(e)
    except Exception as e:  # exit paths and signal handlers must go on
        return None, printable(f"cannot autosave: {schema.one_line(e)}", limit=MESSAGE_LIMIT)


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
    """The save of a session: its saved fields (`Session.SAVED`, by their names), and the file's own."""
    kept = {field: getattr(session, field) for field in Session.SAVED}
    if session.lesson is None:  # no lesson: the field is not written (UNSET), every other file is as before
        del kept["lesson"]
    else:
        kept["lesson"] = LessonV1(told=list(session.lesson))
    own = dict(format=schema.FORMAT, version=schema.CURRENT, app_version=__version__, name=name, kind=kind,
               saved_at=datetime.now(UTC), options=options_to_file(session.options),
               snapshot=snapshot_of(session.state), finished=session.state.over)
    return msgspec.convert(kept | own, schema_of(game_of(session.options)).Save, from_attributes=True)


def _write(session: Session, name: str, kind: str, directory, keep_backup: bool = True) -> Path:
    if not valid_game_id(session.game_id):
        raise SaveError(f"cannot save: the game id {printable(session.game_id, limit=40)!r} cannot name a file")
    folder = ensure_dir(save_dir(directory))
    path = folder / f"{name}{SUFFIX}"
    data = schema.encode(to_file(session, name, kind))
    if len(data) > MAX_BYTES:  # never write what `read_limited` refuses: the last good save stays
        raise SaveError(f"cannot save {path}: the game has grown to {len(data) // 1024} KB, over the "
                        f"{MAX_BYTES // 1024 // 1024} MB a save may hold; the last save is kept")
    try:
        write_atomic(path, data, keep_backup=keep_backup)
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
            return trusted_file(path)  # the trust a save directory gets, for the folder it is in
        folder = trusted(save_dir(directory))
        path = folder / f"{text}{SUFFIX}"
        found = path.exists()
    except (OSError, ValueError) as e:
        raise SaveError(f"cannot load {printable(text, limit=200)!r}: {getattr(e, 'strerror', None) or e}") from None
    if not found:
        raise SaveError(f"no save named {printable(text, limit=200)!r} in {printable(folder, limit=200)} "
                        f"(`dune-tui saves` lists them)")
    return path


def latest_autosave(directory: str | os.PathLike | None = None, *, unfinished: bool = False) -> Path | None:
    """The most recently written autosave, or None; with `unfinished`, of a game not over yet (what Continue
    opens; a file it cannot read counts as not over, so that opening it says what is wrong).  SaveError if
    the save directory is not `trusted`."""
    folder = trusted(save_dir(directory))
    found = []
    with contextlib.suppress(OSError):
        for path in folder.glob(f"{AUTOSAVE}*{SUFFIX}"):
            with contextlib.suppress(OSError):
                found.append((path.stat().st_mtime, path))
    for _, path in sorted(found, key=lambda item: item[0], reverse=True):
        if not (unfinished and is_finished(path)):
            return path
    return None


class ToContinue(NamedTuple):
    """What Continue and `dune-tui load` without a name open: `path`, the latest autosave of a game not over yet;
    without one, `over`, the latest autosave (of a game that is over; None: there is no autosave at all)."""

    path: Path | None
    over: Path | None


def to_continue(directory: str | os.PathLike | None = None) -> ToContinue:
    """The game to continue, or why there is none (ToContinue).  SaveError if the save directory is not `trusted`."""
    path = latest_autosave(directory, unfinished=True)
    return ToContinue(path, None if path is not None else latest_autosave(directory))


def is_finished(path: Path) -> bool:
    """The save's game is over (False when the file cannot be read)."""
    try:
        return schema.finished(msgspec.json.decode(read_limited(path), type=schema.Finished))
    except (SaveError, OSError, msgspec.MsgspecError, UnicodeDecodeError, RecursionError):
        return False


def list_saves(directory: str | os.PathLike | None = None) -> list[SaveInfo]:
    """Every save in the directory, newest first; unreadable files are listed with their `error`.
    SaveError if the directory is not `trusted`."""
    folder = trusted(save_dir(directory))
    try:
        paths = sorted(p for p in folder.glob(f"*{SUFFIX}") if not p.name.startswith("."))
    except OSError:
        return []
    infos = [_info(p) for p in paths]
    oldest = datetime.min.replace(tzinfo=UTC)
    return sorted(infos, key=lambda i: i.date or oldest, reverse=True)


def utc(moment: datetime | None) -> datetime | None:
    """`moment` in UTC, or None if it has no time zone or falls outside the years 1 to 9999 once in UTC."""
    try:
        return moment.astimezone(UTC) if moment is not None and moment.tzinfo is not None else None
    except (OverflowError, ValueError):
        return None


def local_time(moment: datetime | None) -> str:
    """"2025-01-01 13:00" in local time, or "?" for no date (or one a local clock cannot show)."""
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment is not None else "?"
    except (OverflowError, ValueError, OSError):
        return "?"


def _info(path: Path) -> SaveInfo:
    """What the listing shows of a file: every string printable, every number checked, every date in
    range; a file it cannot describe so is listed with its `error`."""
    name = printable(path.name.removesuffix(SUFFIX), limit=80)
    try:
        save = read_save(path)
        return _describe(save, name, path)
    except SaveError as e:
        error = str(e)
    except Exception as e:  # the listing shows every file, whatever is in it
        error = f"cannot read {path}: the file is damaged ({schema.one_line(e)})"
    if (backup := _backup_of(path)) is not None:
        with contextlib.suppress(Exception):
            info = _describe(read_save(backup), name, path)
            why = error.removeprefix(f"{cannot_load(path)}: ")
            return msgspec.structs.replace(info, note=printable(f"damaged ({why}): its backup is used",
                                                                limit=MESSAGE_LIMIT))
    date = None
    with contextlib.suppress(OSError, OverflowError, ValueError):
        date = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    return SaveInfo(name=name, path=path, date=date, error=printable(error, limit=MESSAGE_LIMIT))


def _describe(save: Save, name: str, path: Path) -> SaveInfo:
    snap, players, rules = save.snapshot, save.options.players, game_named(schema.rules_of_save(save))
    if players not in rules.players or len(save.seats) != players:
        raise SaveError(f"cannot load {path}: {len(save.seats)} seats for {players} players")
    labels = [SeatConfig(kind=s.kind, agent=s.agent, name=s.name).label() for s in save.seats]
    factions = tuple(rules.side_name(f) for f in rules.seat_sides(snap)[:players])
    to_move = () if schema.finished(save) else tuple(
        f"{factions[s]}: {labels[s]}" if factions[s] else labels[s]
        for s in snap.awaiting[:players] if 0 <= s < min(len(labels), len(factions)))
    return SaveInfo(
        name=name, path=path, date=utc(save.saved_at), kind=save.kind, rules=rules.name, players=players,
        seats=tuple(labels), factions=factions, round=snap.round if 0 <= snap.round <= 999 else 0, to_move=to_move,
        finished=schema.finished(save),
        result=printable(snap.result.text, limit=MESSAGE_LIMIT) if snap.result else "")


# ----------------------------------------------------------------- loading


def read_save(path: Path) -> Save:
    """The save in a file (older formats migrated), without replaying it.  Never changes the file."""
    return read_save_and_bytes(path)[0]


def read_save_and_bytes(path: Path) -> tuple[Save, bytes]:
    """The save in a file and the bytes it was read from (read once: `review` keys its cache by them)."""
    try:
        data = read_limited(path)
        save = schema.decode(data)
        check_hints(save)
    except SaveError as e:
        raise SaveError(f"{cannot_load(path)}: {e}") from None
    return save, data


def cannot_load(path: Path) -> str:
    """How a SaveError about the file at `path` begins (a listing or a fallback takes it off to say why alone)."""
    return f"cannot load {printable(path, limit=200)}"


def check_hints(save: Save) -> None:
    """Each hint kept beside the log names a seat of the game and a point of its log (after 0 to all of its
    decisions): SaveError for the first that does not."""
    for i, hint in enumerate(save.hints):
        if not 0 <= hint.seat < len(save.seats) or not 0 <= hint.decision <= len(save.log):
            raise SaveError(f"hint {i + 1} is for seat {hint.seat + 1} after decision {hint.decision}, but the game "
                            f"has seats 1 to {len(save.seats)} and {len(save.log)} decisions")


def load(path_or_name: str | os.PathLike, directory: str | os.PathLike | None = None, *,
         verify: bool = True, strict: bool = True) -> Session:
    """Open a save as a Session, by path or by name in the save directory.

    The state is always rebuilt by replaying the log (the engine judges every
    decision; the snapshot is never taken as a state).  verify: compare it with
    the snapshot (SnapshotMismatch when they differ, unless strict=False: then
    the replayed state wins and `session.warning` says so); verify=False skips
    the comparison.  Any problem is a SaveError with a one-line message (its
    quotes of the file made printable); the file is never changed."""
    path = resolve(path_or_name, directory)
    try:
        return recovered(read_save(path), path, verify=verify, strict=strict)
    except SnapshotMismatch:
        raise
    except SaveError as e:
        if (backup := _backup_of(path)) is None:
            raise
        damaged = str(e).removeprefix(f"{cannot_load(path)}: ")
    session = recovered(read_save(backup), path, verify=verify, strict=strict)
    session.warning = " ".join(filter(None, (backup_note(path, damaged), session.warning)))
    session.from_backup = True
    return session


def _backup_of(path: Path) -> Path | None:
    """The backup beside a save (`<file>.bak`), if there is one and it is not the file itself."""
    if path.name.endswith(BACKUP_SUFFIX):
        return None
    backup = backup_path(path)
    with contextlib.suppress(OSError, ValueError):
        if backup.is_file():
            return backup
    return None


BACKUP_SUFFIX = backup_path(Path("x")).name.removeprefix("x")


def backup_note(path: Path, damaged: str) -> str:
    """What a player is told when a damaged save's backup was opened instead."""
    return (f"{printable(path.name, limit=80)} is damaged ({printable(damaged, limit=200)}); its backup, the "
            f"last good copy, was opened instead.")


def recovered(save: Save, path: Path, *, verify: bool = True, strict: bool = True) -> Session:
    """The session of a save, with the decisions of its game's journal that follow its log (an autosave's: the
    decisions made after it, kept by a game that ended without saving); `session.recovery` says how many."""
    session = session_from_save(save, path, verify=verify, strict=strict)
    if save.kind != "auto":
        return session
    found = journal.read(journal.journal_path(path.with_name(path.name.removesuffix(BACKUP_SUFFIX))))
    if found is None:
        return session
    entries = journal.follow(found, session.log, session.game_id)
    events: list = []
    with contextlib.suppress(Exception):  # an entry the rules refuse ends the recovery; the ones before it count
        play_on(session.controller, [(e.seat, e.action) for e in entries], events)
    session.history.extend(events)
    count = len(session.log) - len(save.log)
    session.recovered = count
    if count or found.dropped:
        said = (f"Recovered {count} decision{'' if count == 1 else 's'} made after the last autosave "
                f"(the game was not closed cleanly)") if count else "The game was not closed cleanly"
        if found.dropped:
            said += f"; the journal's damaged last record ({found.dropped} bytes, a write cut short) was dropped"
        session.recovery = said + "."
    return session


def session_from_save(save: Save, path: Path, *, verify: bool = True, strict: bool = True) -> Session:
    where = cannot_load(path)
    options = game_options(save, where)
    check_identity(save, where)
    seats = seat_configs(save, where)
    if len(seats) != options.players:
        raise SaveError(f"{where}: {len(seats)} seats for {options.players} players")
    warning = ""
    controller, events = replay_log(save, where, options)
    diff = differences(snapshot_of(controller.state), save.snapshot)
    if verify and diff:
        warning = (f"{printable(path.name, limit=80)}: the decision log replays to a different position than the "
                   f"saved one (differs in: {', '.join(diff)}); was it edited, or saved by another rules version "
                   f"({printable(save.app_version, limit=20)})?")
        if strict:
            raise SnapshotMismatch(f"cannot load {warning}", diff)
    # The session's saved fields from the file, by their names (Session.SAVED): the options, seats and log as checked
    # and replayed above, the hints made printable, a new secret for a file from before the bots had one.
    kept = {field: getattr(save, field) for field in Session.SAVED if field != "log"}
    kept.update(options=options, seats=seats, hints=[(h.decision, h.seat, printable(h.text, limit=300)) for h in
                                                     save.hints],
                bots_secret=new_bots_secret() if save.bots_secret is None else save.bots_secret,
                lesson=None if save.lesson is msgspec.UNSET else list(save.lesson.told))
    session = Session(controller=controller, name=save.name if save.kind == "named" else "", **kept)
    session.history = events
    session.autosaved_turn = turns_done(controller.state)
    session.warning = warning
    return session


def check_identity(save: Save, where: str) -> None:
    """The game id and the save's name will name files: SaveError unless they are what this program writes."""
    if not valid_game_id(save.game_id):
        raise SaveError(f"{where}: the game id {printable(save.game_id, limit=40)!r} is not one dune-tui makes "
                        f"(like 20261125-061024-a1b2)")
    if save.kind == "named":
        try:
            check_name(save.name)
        except SaveError as e:
            raise SaveError(f"{where}: the save name {printable(save.name, limit=70)!r} is invalid: {e}") from None


def seat_configs(save: Save, where: str) -> list[SeatConfig]:
    """The seats (names made printable by SeatConfig); SaveError for a bot no agent plays."""
    try:
        seats = [msgspec.convert(msgspec.to_builtins(s), SeatConfig) for s in save.seats]
        for seat in seats:
            if not seat.is_human:
                parse_spec(seat.agent)
    except (msgspec.MsgspecError, AgentSpecError, ValueError, TypeError) as e:
        raise SaveError(f"{where}: the seats are invalid ({printable(schema.one_line(e), limit=200)})") from None
    return seats


def replay_log(save: Save, where: str, options=None) -> tuple[Controller, list]:
    """Re-run a save's log: (controller, every event); SaveError at an illegal decision."""
    options = options or game_options(save, where)
    try:
        return replay(options, [(e.seat, e.action) for e in save.log])
    except DuneError as e:
        at = "; ".join(getattr(e, "__notes__", ())) or "in the log"
        raise SaveError(f"{where}: the decision log is broken {at}: {printable(schema.one_line(e), limit=300)}") \
            from None
    except Exception as e:  # a malformed action the engine could not even judge
        at = "; ".join(getattr(e, "__notes__", ())) or "in the log"
        raise SaveError(f"{where}: the decision log cannot be replayed {at} "
                        f"({printable(schema.one_line(e), limit=300)})") from None


def game_options(save: Save, where: str):
    try:
        return options_from_file(save.options)
    except (msgspec.MsgspecError, DuneError, UnknownRules, ValueError, TypeError) as e:
        raise SaveError(f"{where}: the game options are invalid ({schema.one_line(e)})") from None
