"""The Textual game.  `add_parsers` adds `dune-tui new`; `run_default` (plain `dune-tui`) opens the
main menu; `run_session` plays an existing session (`dune-tui load` calls it).

Textual is imported only when a game starts, so `dune-tui sim` and the saves commands stay light."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from ..game_spec import DEFAULT_PLAYERS

NO_TERMINAL = ("dune-tui: the game needs a terminal (stdin and stdout must be a TTY); "
               "over ssh use `ssh -t`.")


def add_parsers(sub) -> None:
    """`dune-tui new`: start a game straight away."""
    p = sub.add_parser("new", help="start a new game in the terminal",
                       description="Start a new game. Seats are given in play order (seat 1 plays first); "
                                   "seats not given are bots.")
    p.add_argument("--players", type=int, metavar="N",
                   help=f"2 to 8 (default: the number of --seat or --faction if 2 or more, else {DEFAULT_PLAYERS})")
    p.add_argument("--seed", type=int, metavar="S", help="the dice seed (default: random)")
    p.add_argument("--seat", action="append", default=[], metavar="WHO",
                   help="human, user:LOGIN (a human seat only LOGIN may take at a hosted table), random, "
                        "heuristic, mcts:easy, mcts:normal, mcts:hard... (repeat, one per seat)")
    p.add_argument("--faction", action="append", default=[], metavar="KEY",
                   help="atreides harkonnen fremen tleilaxu corrino guild bg smugglers (repeat, one per seat)")
    p.add_argument("--faction-choice", choices=("random", "choose"), default="random",
                   help="without --faction: deal factions at random, or let seats choose in the rulebook's order")
    p.add_argument("--face-dancers", choices=("dice", "spice"), default="dice",
                   help="the Tleilaxu Face Dancers: by unused dice (the card) or 1 spice each (variant)")
    p.add_argument("--pause", type=float, default=None, metavar="SECONDS",
                   help="pause between bot steps (default 0.5; 0 for none)")
    p.add_argument("--bots", choices=("process", "thread"), default="process",
                   help="where bots think: a child process (default) or a thread")
    p.add_argument("--no-hints", dest="hints", action="store_false",
                   help="no advice from the search (h) in this game: for competitive games")
    p.add_argument("--save-dir", metavar="DIR", help="where games are saved")
    p.set_defaults(func=cmd_new)


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _settings(save_dir=None, pause: float | None = None, bots: str = "process"):
    from .settings import Settings

    settings = Settings(save_dir=Path(save_dir) if save_dir else None, bots=bots)
    if pause is not None:
        settings.pause = pause
    return settings


def session_from_args(args):
    """The Session `dune-tui new` asks for; ValueError (with a sentence) when the arguments do not fit."""
    from ..game_spec import new_game, spec_from_args

    return new_game(spec_from_args(args))


def cmd_new(args) -> int:
    if args.pause is not None and not 0 <= args.pause <= 60:
        print("dune-tui: --pause must be between 0 and 60 seconds", file=sys.stderr)
        return 2
    try:
        session = session_from_args(args)
    except ValueError as e:
        print(f"dune-tui: {e}", file=sys.stderr)
        return 2
    return _run(session, _settings(args.save_dir, args.pause, args.bots))


def run_session(session, save_dir=None, *, resumed: bool = True, pause: float | None = None,
                bots: str = "process") -> int:
    """Play an existing session (a loaded save, or a new game of another rule set) from the game screen;
    returns the exit status."""
    return _run(session, _settings(save_dir, pause, bots), resumed=resumed)


def run_default(args: argparse.Namespace | None = None) -> int:
    """Plain `dune-tui`: the main menu."""
    return _run(None, _settings(getattr(args, "save_dir", None)))


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


def _run(session, settings, resumed: bool = False) -> int:
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        return 2
    runner = None
    if session is not None:  # the bots' child process starts while Textual loads
        from ..table.bots import start_early

        runner = start_early(session, settings.bots)
    from .app import DuneApp

    app = DuneApp(session, settings, resumed=resumed, runner=runner)
    code = app.run()
    note = app.exit_note()  # the game could not be saved: say so, and where the last good save is
    if note:
        with contextlib.suppress(OSError):  # after a hang-up the terminal may be gone
            print(note, file=sys.stderr, flush=True)
    return code if isinstance(code, int) else (app.return_code or 0)
