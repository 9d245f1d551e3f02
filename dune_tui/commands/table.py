"""`dune-tui table VERB TABLE ...`: the owner's controls of a table on the table server (`decline`: an invited
login's), one request to its control socket each.

    dune-tui table invite TABLE LOGIN [--seat N]     dune-tui table private|public TABLE
    dune-tui table release TABLE SEAT                dune-tui table watchers|no-watchers TABLE
    dune-tui table kick TABLE LOGIN                  dune-tui table decline TABLE
    dune-tui table rematch TABLE
"""

from __future__ import annotations

import argparse
import sys

from ..text import printable

HELP = {
    "invite": "keep a seat for a login (the first free one, or --seat N): an invitation they see in their list",
    "release": "free a seat at once (whoever sits there leaves it)",
    "kick": "send a login away from the table: their seat is freed, their connections closed",
    "private": "only the logins the table keeps a seat for may join or watch it",
    "public": "any login may join a free seat or watch",
    "watchers": "open the table to watchers",
    "no-watchers": "close the table to watchers",
    "decline": "decline the seat this table keeps for you (it is freed)",
    "rematch": "at game over, or later: a new table, the same seats (each kept for its login), a new deal",
}


def add_parser(sub) -> None:
    from .host import seat_number

    p = sub.add_parser("table", help="manage your table on the table server (invite, release, private, ...)",
                       description="The controls of a table on the table server (`dune-tui serve`): only the login "
                                   "who opened it may use them, but anyone invited may decline.")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    for verb, text in HELP.items():
        v = verbs.add_parser(verb, help=text, description=text[0].upper() + text[1:] + ".")
        v.add_argument("table", metavar="TABLE", help="the table's name, as `dune-tui tables` lists it")
        if verb in ("invite", "kick"):
            v.add_argument("login", metavar="LOGIN")
        if verb == "invite":
            v.add_argument("--seat", type=seat_number, metavar="N", help="the seat to keep (1 is the first)")
        if verb == "release":
            v.add_argument("seat", type=seat_number, metavar="SEAT", help="the seat to free (1 is the first)")
        v.set_defaults(func=cmd_table)


def cmd_table(args: argparse.Namespace) -> int:
    from ..net.lobby import join_command
    from ..server import control

    where = control.find()
    if where is None:
        print("dune-tui table: no table server runs on this machine (`dune-tui serve` starts one)", file=sys.stderr)
        return 2
    seat = getattr(args, "seat", None)
    try:
        answer = control.manage(where, args.table, args.verb, login=getattr(args, "login", "") or "",
                                seat=-1 if seat is None else seat - 1)
    except control.Unreachable as e:
        print(f"dune-tui table: {e}", file=sys.stderr)
        return 2
    if isinstance(answer, control.Done):  # (a rematch: the server names its table, this shell's command joins it)
        print(f"the rematch is open: `{join_command(printable(answer.table, limit=80), False)}`" if answer.table else
              printable(answer.text, limit=300))
        return 0
    reason = printable(getattr(answer, "reason", answer), limit=300)
    if reason.startswith(control.NO_TABLE):
        reason += " (`dune-tui tables` lists them)"
    print(f"dune-tui table: {reason}", file=sys.stderr)
    return 1
