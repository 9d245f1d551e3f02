"""`dune-tui link`: a one-time link that opens the game in a browser tab as you, at the table server's browser
front door (`dune-tui serve --web PORT`).

    $ dune-tui link
    http://example.org:8080/?t=Zk3…     (one tab, once, within 5 minutes)
    $ dune-tui link alice-7              (the tab opens at that table of the server, not at the main menu)
"""

from __future__ import annotations

import argparse
import sys

from ..text import printable


def add_parser(sub) -> None:
    p = sub.add_parser("link", help="a one-time link that opens the game in a browser tab as you",
                       description="Ask the table server for a link to its browser front door (`dune-tui serve "
                                   "--web PORT`) that opens one tab, once, within 5 minutes, as you: you sit at "
                                   "your tables there as here. Without a link a tab is a guest's, who may play "
                                   "solo and watch.")
    p.add_argument("table", metavar="TABLE", nargs="?", default="",
                   help="a table of the server (`dune-tui tables` lists them) where you may sit: the tab opens "
                        "at it, not at the main menu")
    p.set_defaults(func=cmd_link)


def cmd_link(args: argparse.Namespace) -> int:
    from ..server import control

    where = control.find()
    if where is None:
        print("dune-tui link: no table server runs on this machine (`dune-tui serve --web PORT` starts one)",
              file=sys.stderr)
        return 2
    try:
        answer = control.ask(where, control.MakeLink(table=getattr(args, "table", "") or ""))
    except control.Unreachable as e:
        print(f"dune-tui link: {e}", file=sys.stderr)
        return 2
    if isinstance(answer, control.Done):
        print(printable(answer.text, limit=300))
        print("It opens one tab, once, within 5 minutes: keep it to yourself.", file=sys.stderr)
        return 0
    reason = printable(getattr(answer, "reason", answer), limit=300)
    if reason.startswith(control.NO_TABLE):
        reason += " (`dune-tui tables` lists them)"
    print(f"dune-tui link: {reason}", file=sys.stderr)
    return 1
