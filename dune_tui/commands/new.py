"""`dune-tui new`: start a game straight away, in the terminal game (`host` takes the same options)."""

from __future__ import annotations

import sys

from .. import ui
from ..game_spec import new_game, players_help, sides_help, spec_from_args
from ..games import PREFERRED_PLAYERS


def add_parsers(sub) -> None:
    """`dune-tui new`: start a game straight away."""
    p = sub.add_parser("new", help="start a new game in the terminal",
                       description="Start a new game. Seats are given in play order (seat 1 plays first); "
                                   "seats not given are bots.")
    p.add_argument("--players", type=int, metavar="N",
                   help=f"{players_help()} (default: the number of --seat or --faction if 2 or more, "
                        f"else {PREFERRED_PLAYERS} or the nearest the game takes)")
    p.add_argument("--seed", type=int, metavar="S", help="the dice seed (default: random)")
    p.add_argument("--seat", action="append", default=[], metavar="WHO",
                   help="human, user:LOGIN (a human seat only LOGIN may take at a hosted table), random, "
                        "heuristic, mcts:easy, mcts:normal, mcts:hard... (repeat, one per seat)")
    p.add_argument("--faction", action="append", default=[], metavar="KEY",
                   help=f"{sides_help()} (repeat, one per seat)")
    p.add_argument("--pause", type=float, default=None, metavar="SECONDS",
                   help="pause between bot steps (default 0.5; 0 for none)")
    p.add_argument("--bots", choices=("process", "thread"), default="process",
                   help="where bots think: a child process (default) or a thread")
    p.add_argument("--no-hints", dest="hints", action="store_false",
                   help="no advice from the search (h) in this game: for competitive games")
    p.add_argument("--save-dir", metavar="DIR", help="where games are saved")
    p.set_defaults(func=cmd_new)


def session_from_args(args):
    """The Session `dune-tui new` asks for; ValueError (with a sentence) when the arguments do not fit."""
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
    return ui.run_session(session, args.save_dir, resumed=False, pause=args.pause, bots=args.bots)
