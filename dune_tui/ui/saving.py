"""The game's calls into `dune_tui.saves`, each turning a failure into one line for the player.

Every function returns `(value, error)`: error is None or a sentence to show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _call(name: str, *args, **kwargs) -> tuple[Any, str | None]:
    try:
        from .. import saves

        func = getattr(saves, name)
    except (ImportError, AttributeError):
        return None, "saved games are not available in this version"
    try:
        return func(*args, **kwargs), None
    except Exception as e:  # SaveError has the sentence; anything else still must not reach the screen raw
        return None, str(e) or type(e).__name__


def autosave(session, directory: Path | None) -> tuple[Path | None, str | None]:
    return _call("autosave", session, directory=directory)


def maybe_autosave(session, directory: Path | None) -> tuple[Path | None, str | None]:
    """Autosave if a turn ended since the last one (cheap to call after every decision)."""
    return _call("maybe_autosave", session, directory=directory)


def safe_autosave(session, directory: Path | None) -> Path | None:
    """For hang-ups and exits: never raises."""
    return _call("safe_autosave", session, directory=directory)[0]


def save_dir(directory: Path | None) -> tuple[Path | None, str | None]:
    return _call("save_dir", directory)


def save_named(session, name: str, directory: Path | None) -> tuple[Path | None, str | None]:
    return _call("save_named", session, name, directory=directory)


def latest_autosave(directory: Path | None) -> tuple[Path | None, str | None]:
    return _call("latest_autosave", directory=directory)


def list_saves(directory: Path | None) -> tuple[list, str | None]:
    found, error = _call("list_saves", directory=directory)
    return (found or []), error


def load(path_or_name, directory: Path | None):
    return _call("load", path_or_name, directory=directory)
