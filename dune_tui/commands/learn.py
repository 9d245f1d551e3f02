"""`dune-tui learn`: a guided first game, each step of a turn told as it happens (ui/screens/lesson.py)."""

from __future__ import annotations

import sys

from .. import ui
from ..games import GAMES, game_named


def add_parser(sub) -> None:
    p = sub.add_parser("learn", help="learn to play: a guided first game against bots",
                       description="Learn to play: a short game with a fixed deal against bots, each step of a "
                                   "turn told the first time it happens. You make the real decisions.")
    p.add_argument("--rules", default=next(iter(GAMES)), choices=tuple(GAMES),
                   help=f"the game to learn (default: {next(iter(GAMES))}, {game_named(next(iter(GAMES))).title})")
    p.add_argument("--pause", type=float, default=None, metavar="SECONDS",
                   help="pause between bot steps (default 1; 0 for none)")
    p.add_argument("--bots", choices=("process", "thread"), default="process",
                   help="where bots think: a child process (default) or a thread")
    p.add_argument("--save-dir", metavar="DIR", help="where games are saved")
    p.set_defaults(func=cmd_learn)


def cmd_learn(args) -> int:
    if args.pause is not None and not 0 <= args.pause <= 60:
        print("dune-tui: --pause must be between 0 and 60 seconds", file=sys.stderr)
        return 2
    return ui.run_lesson(args.rules, args.save_dir, pause=args.pause, bots=args.bots)
