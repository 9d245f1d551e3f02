"""The menus' calls into `dune_tui.saves`, each turning a failure into one line for the player (the table
saves a game being played).

Every function returns `(value, error)`: error is None or a sentence to show.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

from .. import saves
from ..net.identity import at_door
from .door import shown


def _call(func, *args, **kwargs) -> tuple[Any, str | None]:
    try:
        return func(*args, **kwargs), None
    except Exception as e:  # SaveError has the sentence; anything else still must not reach the screen raw
        return None, shown(str(e) or type(e).__name__)


def save_dir(directory: Path | None) -> tuple[Path | None, str | None]:
    return _call(saves.save_dir, directory)


def to_continue(directory: Path | None) -> tuple[Path | None, str | None]:
    """The autosave Continue opens: the latest of a game not over yet; else None and why not (a sentence),
    or (None, None) when there is no autosave at all."""
    found, error = _call(saves.to_continue, directory)
    if error or found.path is not None or found.over is None:
        return (None if error else found.path), error
    return None, f"No game to continue: {found.over.name.removesuffix(saves.SUFFIX)} is over (Load shows it)."


def autosave_path(game_id: str, directory: Path | None) -> Path:
    """Where the game `game_id` autosaves (its game-over screen reviews that file)."""
    return saves.autosave_path(game_id, directory)


def list_saves(directory: Path | None) -> tuple[list, str | None]:
    found, error = _call(saves.list_saves, directory=directory)
    return (found or []), error


def load(path_or_name, directory: Path | None):
    return _call(saves.load, path_or_name, directory=directory)


def program(argv0: str | None = None) -> list[str]:
    """How to type this dune-tui in a new shell: `dune-tui` where the PATH finds this very program; else its own
    path (started as `.venv/bin/dune-tui`, the venv not activated); else this Python with `-m dune_tui`."""
    here = Path(argv0 if argv0 is not None else sys.argv[0]).resolve()
    found = shutil.which("dune-tui")
    if found is not None and Path(found).resolve() == here:
        return ["dune-tui"]
    if here.name == "dune-tui" and here.is_file():
        return [str(here)]
    return [sys.executable, "-m", "dune_tui"]


def resume_note(saved: Path | None, over: bool, argv0: str | None = None) -> str:
    """For the shell once the app has ended: where the game left unfinished was saved and the exact command that
    resumes it, typed as `program` says ("" for a finished game or none saved). `--save-dir` only when the file is
    elsewhere than where `dune-tui load` looks by default ($DUNE_TUI_SAVE_DIR, else the user's data directory)."""
    if saved is None or over:
        return ""
    if back := door_return():  # no shell of the player's here: the file's path and a command are no use to them
        return f"The game is saved: {back}, and Continue on the main menu resumes it."
    command = [*program(argv0), "load", saved.name.removesuffix(saves.SUFFIX)]
    default, _ = _call(saves.save_dir, None)
    if default is None or Path(default).resolve() != saved.parent.resolve():
        command[-1:-1] = ["--save-dir", str(saved.parent)]
    return (f"The game is saved in {saved}\n"
            f"Resume it with: {shlex.join(command)}")


def door_return() -> str:
    """At a front door of the table server (`at_door`), how its player comes back (they have no shell there, so
    no command and no path of the server's is theirs to use); "" elsewhere."""
    return {"ssh": "ssh back in to this server", "web": "open this server's page again"}.get(at_door(), "")
