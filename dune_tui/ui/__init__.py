"""The Textual game.  `run_default` (plain `dune-tui`) opens the main menu; `run_session` plays a session (`dune-tui
new` and `load` call it, from dune_tui.commands); `run_review` opens the review screen alone (`dune-tui review`).

Textual is imported only when a game starts, so `dune-tui sim` and the saves commands stay light."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

NO_TERMINAL = ("dune-tui: the game needs a terminal (stdin and stdout must be a TTY); "
               "over ssh use `ssh -t`.")


WEB_DRIVER = "textual.drivers.web_driver:WebDriver"  # a browser tab's (textual-serve sets TEXTUAL_DRIVER to it)


def has_terminal() -> bool:
    """A TTY on stdin and stdout, or a browser tab's web driver, which speaks over pipes."""
    return (sys.stdin.isatty() and sys.stdout.isatty()) or os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER


def _settings(save_dir=None, pause: float | None = None, bots: str = "process"):
    from .settings import Settings

    settings = Settings(save_dir=Path(save_dir) if save_dir else None, bots=bots)
    if pause is not None:
        settings.pause = pause
    return settings


def run_session(session, save_dir=None, *, resumed: bool = True, pause: float | None = None,
                bots: str = "process") -> int:
    """Play an existing session (a loaded save, or a new game of another rule set) from the game screen;
    returns the exit status."""
    return _run(session, _settings(save_dir, pause, bots), resumed=resumed)


def run_lesson(name: str, save_dir=None, *, pause: float | None = None, bots: str = "process") -> int:
    """`dune-tui learn`: the guided first game of the game `name` (its lesson file: ui/games/NAME/lesson.toml)."""
    from .screens.lesson import Lesson, lesson_session, read_plan

    try:
        lesson, session = Lesson(read_plan(name)), lesson_session(name)
    except ValueError as e:
        print(f"dune-tui: {e}", file=sys.stderr)
        return 2
    return _run(session, _settings(save_dir, 1.0 if pause is None else pause, bots), lesson=lesson)


def run_default(args: argparse.Namespace | None = None) -> int:
    """Plain `dune-tui`: the main menu."""
    return _run(None, _settings(getattr(args, "save_dir", None)))


def run_at_table(name: str, args: argparse.Namespace | None = None) -> int:
    """A browser tab opened by a table's link (`dune-tui join TABLE` at the front door): the player sits down at
    the server's table `name` at once; the main menu comes after the game is left (or if the table will not seat
    them, saying why)."""
    from .app import DuneApp
    from .screens.opening import OpeningTable

    app = DuneApp(None, _settings(getattr(args, "save_dir", None)), first=OpeningTable(name))
    code = app.run()
    return code if isinstance(code, int) else (app.return_code or 0)


def run_review(review, budget=None) -> int:
    """`dune-tui review SAVE`: the review screen alone (leaving it ends the program)."""
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        return 2
    from .app import DuneApp
    from .screens.review import ReviewScreen

    app = DuneApp(None, _settings(), first=ReviewScreen(review, budget, exit_on_back=True))
    code = app.run()
    return code if isinstance(code, int) else (app.return_code or 0)


def _run(session, settings, resumed: bool = False, lesson=None) -> int:
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        return 2
    runner = None
    if session is not None:  # the bots' child process starts while Textual loads
        from ..table.bots import start_early

        runner = start_early(session, settings.bots)
    from .app import DuneApp

    app = DuneApp(session, settings, resumed=resumed, runner=runner, lesson=lesson)
    code = app.run()
    note = app.exit_note()  # where the game is saved and how to resume it (or that it could not be saved)
    if note:
        with contextlib.suppress(OSError):  # after a hang-up the terminal may be gone
            print(note, file=sys.stderr, flush=True)
    return code if isinstance(code, int) else (app.return_code or 0)
