"""Saved games: one msgspec file per game under the user's data directory.
The commands `saves`, `load` and `replay` that read them are in dune_tui.commands.saves.

    from dune_tui.saves import autosave, load, list_saves, SaveError
    path = autosave(session)              # after a turn; on exit, on SIGHUP: try_autosave -> (path, error)
    session = load("my game")             # a name in the save directory, or a path
"""

from __future__ import annotations

from .errors import SaveError, SnapshotMismatch
from .files import SUFFIX, save_dir
from .journal import Journal, journal_path
from .store import (
    AUTOSAVE,
    SaveInfo,
    autosave,
    autosave_due,
    autosave_path,
    latest_autosave,
    list_saves,
    load,
    read_save,
    save_named,
    to_continue,
    try_autosave,
)

__all__ = [
    "AUTOSAVE",
    "SUFFIX",
    "Journal",
    "SaveError",
    "SaveInfo",
    "SnapshotMismatch",
    "autosave",
    "autosave_due",
    "autosave_path",
    "journal_path",
    "latest_autosave",
    "list_saves",
    "load",
    "read_save",
    "save_dir",
    "save_named",
    "to_continue",
    "try_autosave",
]
