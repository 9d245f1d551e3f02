"""How a table keeps its game: the `Keeper` it is given.  The table tells it, in this order:

    keeper.opened(session, tell)     # the game; `tell(message)` reaches every client (a Notice, a SaveFailed)
    keeper.decided(at, entry)        # the `at`-th decision of the log (from 0): durable when this returns None, or
                                     # when the awaitable it returns is done (the server's); no client hears of it
                                     # before (table/telling.py); an awaitable that raises stops the table
    keeper.undone(at)                # the decisions from the `at`-th on were taken back (undo.py): forget them
    keeper.waiting(since)            # the human seats asked to decide, each since when (time.time()), as it changes
    keeper.checkpoint(force=False)   # a turn may have ended (force: keep the whole game now) -> (path, error)
    keeper.chat(at, line)            # a chat line said after `at` events (to the table, a watcher's, to allies)
    keeper.finished()                # the game is over
    keeper.closed()                  # the table closed

and reads `keeper.since` once, when it opens (the seats it waited for when it was kept: a turn's time counts on
from there).  And, for the host's own screen, `save(message)` (its Save: a Saved or a SaveFailed), `last_saved`,
`save_dir` and `exit_note()`.  `Keeper` itself keeps nothing (a game played for a test or a search); `FileKeeper`,
the default, writes the journal (dune_tui.saves.journal, flushed to the disk at each decision) and the autosave at
each turn's end, folding the journal into it.  The table server (issue 43) gives a keeper of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from pathlib import Path

from .. import saves
from .messages import Notice, Save, Saved, SaveFailed

NO_DIRECTORY = "this table saves only in your own saves: a save names no directory here"


class Keeper:
    """The interface, keeping nothing."""

    last_saved: Path | None = None  # the last save written (None: none)
    save_dir: Path | None = None
    since: dict[int, float] = {}  # (read only: `waiting` gives a new dict)

    def opened(self, session, tell: Callable[[object], None]) -> None:
        self.session, self.tell = session, tell

    def decided(self, at: int, entry) -> Awaitable | None:
        return None

    def undone(self, at: int) -> None:
        pass

    def waiting(self, since: dict[int, float]) -> None:
        self.since = since

    def checkpoint(self, force: bool = False) -> tuple[Path | None, str | None]:
        return None, None

    def chat(self, at: int, line) -> None:
        pass

    def finished(self) -> None:
        self.checkpoint()

    def closed(self) -> None:
        pass

    def save(self, message: Save) -> Saved | SaveFailed:
        return SaveFailed(reason="this table keeps no saves", ref=message.ref)

    def exit_note(self) -> str:
        return ""


class FileKeeper(Keeper):
    """The game's files in `save_dir`: its journal and autosave (none when `autosave` is False: then only the
    host's saves are written).  `directories`: whether a Save may name another directory (not at a front door of
    the table server, where the process is the server's user and the player has no files of theirs but `save_dir`)."""

    def __init__(self, save_dir: Path | None = None, autosave: bool = True, directories: bool = True) -> None:
        self.save_dir, self.autosave_on, self.directories = save_dir, autosave, directories
        self.save_error: str | None = None  # why the last autosave failed (None: it did not)
        self.journal: saves.Journal | None = None  # the decisions since the last autosave, on disk
        self.journal_error: str | None = None  # why the journal cannot be written (told once)

    def decided(self, at: int, entry) -> None:
        """Make the decision just applied durable (a journal that cannot be written is said once; the autosaves
        still save the game at each turn's end)."""
        if not self.autosave_on:
            return
        try:
            if self.journal is None:
                self._start_journal(saves.autosave_path(self.session.game_id, self.save_dir))
            self.journal.append(at, entry.seat, entry.action)
        except (OSError, saves.SaveError) as e:
            if self.journal_error is None:
                self.tell(Notice(text=f"Cannot write the game's journal ({getattr(e, 'strerror', None) or e}): "
                                      "a crash would lose the decisions since the last autosave."))
            self.journal_error = str(e)

    def undone(self, at: int) -> None:
        """The decisions from `at` on were taken back: the journal keeps none of them (the table then autosaves)."""
        if self.journal is None:
            return
        try:
            self.journal.drop_from(at)
        except (OSError, saves.SaveError) as e:
            self.journal_error = str(e)

    def _start_journal(self, save: Path) -> None:
        if self.journal is not None:
            self.journal.close()
        self.journal = None
        journal = saves.Journal(save, self.session.game_id)
        journal.start(self.session.controller.log)
        self.journal = journal

    def _fold_journal(self, save: Path) -> None:
        """The autosave at `save` holds every decision: the journal keeps only the turn its backup lacks."""
        try:
            if self.journal is None or self.journal.path != saves.journal_path(save):
                self._start_journal(save)
            self.journal.fold()
            self.journal_error = None
        except (OSError, saves.SaveError) as e:
            self.journal_error = str(e)

    def checkpoint(self, force: bool = False) -> tuple[Path | None, str | None]:
        """Write the game's autosave (when a turn has ended, or now if `force`); a new failure is told to every
        client (SaveFailed), and remembered for the exit message (`exit_note`)."""
        if not self.autosave_on or not (force or saves.autosave_due(self.session)):
            return None, None
        path, error = self._autosave(self.save_dir)
        if error is not None and self.save_error is None:
            self.tell(SaveFailed(reason=error, last_good=self.last_good()))
        self.save_error = error
        return path, error

    def _autosave(self, directory: Path | None) -> tuple[Path | None, str | None]:
        path, error = saves.try_autosave(self.session, directory)
        if error is None:
            self.last_saved = path
            self._fold_journal(path)
        return path, error

    def closed(self) -> None:
        if self.journal is not None:
            self.journal.close()

    def save(self, message: Save) -> Saved | SaveFailed:
        """The host's Save: under `message.name`, else the autosave (in `message.directory` if given, where later
        autosaves go too: the player chose this place); a directory refused (`directories` False), nothing
        written."""
        if message.directory and not self.directories:
            return SaveFailed(reason=NO_DIRECTORY, last_good=self.last_good(), ref=message.ref)
        directory = Path(message.directory).expanduser() if message.directory else self.save_dir
        if message.name:
            try:
                path, error = saves.save_named(self.session, message.name, directory), None
            except Exception as e:  # SaveError has the sentence
                path, error = None, str(e) or type(e).__name__
        else:
            path, error = self._autosave(directory)
            self.save_error = error
            if error is None:
                self.save_dir = directory
        if error is None:
            return Saved(path=str(path), ref=message.ref)
        return SaveFailed(reason=error, last_good=self.last_good(), ref=message.ref)

    def last_good(self) -> str:
        """Where the last good save of this game is ("" if none is known)."""
        if self.last_saved is not None:
            return str(self.last_saved)
        with contextlib.suppress(Exception):
            for info in saves.list_saves(self.save_dir):
                if info.kind == "auto" and info.name.endswith(self.session.game_id) and not info.error:
                    return str(info.path)
        return ""

    def exit_note(self) -> str:
        """The line to print on exit when the last autosave failed ("" when the game is saved)."""
        if self.save_error is None:
            return ""
        where = self.last_good()
        return (f"dune-tui: the game could not be saved ({self.save_error}); "
                + (f"the last good save is {where}" if where else "no save of this game was written"))
