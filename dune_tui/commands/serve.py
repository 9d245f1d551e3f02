"""`dune-tui serve`: the table server, in the foreground (readable log lines on stderr) or as a service
(contrib/dune-tui.service).

    dune-tui serve [--state-dir DIR] [--bots pool|process|thread] [--per-login N]
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="host every table of this machine in one long-lived process",
                       description="The table server: it hosts any number of tables for every user of the machine "
                                   "and keeps each in its database as it is played, so a table waits for its "
                                   "players and outlives a restart of the server. `dune-tui host` opens its table "
                                   "here when the server runs; `dune-tui tables` lists them.")
    p.add_argument("--state-dir", metavar="DIR",
                   help="the server's own directory: its database and sockets (default: $DUNE_TUI_SERVER, the "
                        "service's $STATE_DIRECTORY, else the user's state directory)")
    p.add_argument("--bots", choices=["pool", "process", "thread"], default="pool",
                   help="where the bots think: worker processes shared by every table, one per core (default), a "
                        "child process per table, or a thread of the server")
    p.add_argument("--per-login", type=int, default=20, metavar="N",
                   help="how many open tables one login may have on the server (default 20)")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    from ..server.daemon import serve
    from ..server.place import DATABASE, ServerUnsafe, lock, prepare, state_dir
    from ..server.store import Store, StoreError

    os.umask(0o077)  # the database, its -wal and -shm: the server's alone (the sockets are made 0666)
    try:
        where = prepare(state_dir(args.state_dir))
        held = lock(where)  # noqa: F841 (held until the process ends)
        store = Store.open(where / DATABASE)
    except (ServerUnsafe, StoreError, OSError) as e:
        print(f"dune-tui serve: {e}", file=sys.stderr)
        return 2
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    for name in ("dune_tui.server", "dune_tui.net"):
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).setLevel(logging.INFO)
    return asyncio.run(serve(where, store, bots=args.bots, per_login=args.per_login))
