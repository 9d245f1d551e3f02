"""`dune-tui serve`: the table server, in the foreground (readable log lines on stderr) or as a service
(contrib/dune-tui.service).

    dune-tui serve [--state-dir DIR] [--bots pool|process|thread] [--per-login N] [--grace 10m] [--ssh PORT]
                   [--web PORT [--web-host HOST] [--web-url URL]]
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
    p.add_argument("--grace", type=duration, default=600.0, metavar="TIME",
                   help="how long a seat a login took and left stays theirs before it is free again (a seat kept "
                        "for a login stays theirs): seconds, or 30s, 10m, 2h, 1d (default 10m)")
    p.add_argument("--ssh", type=port, default=None, metavar="PORT",
                   help="also open the SSH front door on PORT: `ssh -p PORT HOST` opens the game for anyone with "
                        "an SSH key, known by it (no account needed)")
    p.add_argument("--ssh-bind", default="", metavar="ADDRESS",
                   help="the address the SSH door listens on (default: every address of the machine)")
    p.add_argument("--ssh-limits", type=ssh_limits, default=None, metavar="NAME=N,...",
                   help="the SSH door's limits, any of: sessions=200 (in all), per-key=4, per-address=20, "
                        "burst=10 and rate=2 (new connections from one address or key at once, then a second), "
                        "pending=100 (logging in), login=30s, idle=1h")
    p.add_argument("--web", type=port, metavar="PORT",
                   help="also serve the game to browsers on this port (http://HOST:PORT/): a tab opened there is a "
                        "guest, who may play solo and watch; `dune-tui link` makes a one-time link that opens a tab "
                        "as you")
    p.add_argument("--web-host", default="127.0.0.1", metavar="HOST",
                   help="the address the browser front door listens on (default 127.0.0.1, this machine only; "
                        "0.0.0.0 for every network, unencrypted: put a TLS proxy in front)")
    p.add_argument("--web-url", default="", metavar="URL",
                   help="the browser front door's address as players reach it, for the links `dune-tui link` makes "
                        "(default http://HOST:PORT/; a TLS proxy's https://… in front of it)")
    p.set_defaults(func=cmd_serve)


def duration(text: str) -> float:
    """`--grace 10m`: seconds, or a number with s, m, h or d."""
    import argparse

    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    number, unit = (text[:-1], units[text[-1]]) if text[-1:] in units else (text, 1)
    try:
        seconds = float(number) * unit
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a time: {text!r} (seconds, or 30s, 10m, 2h, 1d)") from None
    if not 0 <= seconds <= 30 * 86400:
        raise argparse.ArgumentTypeError(f"{text!r}: between 0 and 30 days")
    return seconds


LIMITS = {"sessions": "sessions", "per-key": "per_key", "per-address": "per_address", "burst": "connections_burst",
          "rate": "connections_rate", "pending": "pending", "login": "login_seconds", "idle": "idle_seconds"}


def ssh_limits(text: str) -> dict:
    """`--ssh-limits per-key=2,idle=30m`: the limits named, as numbers (times as --grace takes them)."""
    import argparse

    out = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        if name.strip() not in LIMITS:
            raise argparse.ArgumentTypeError(f"no limit {name.strip()[:20]!r}: one of {', '.join(LIMITS)}")
        field = LIMITS[name.strip()]
        number = duration(value.strip()) if field.endswith("seconds") else _number(value.strip())
        if number <= 0:
            raise argparse.ArgumentTypeError(f"{name.strip()}: more than 0")
        out[field] = number if field in ("connections_rate",) or field.endswith("seconds") else int(number)
    return out


def port(text: str) -> int:
    """`--ssh 2222`, `--web 8080`: a TCP port (0: any free one)."""
    import argparse

    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: a port is a number between 0 and 65535")
    return int(text)


def _number(text: str) -> float:
    import argparse

    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:20]!r}") from None


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
    doors = []
    if args.ssh is not None:
        try:
            from ..server.ssh import Limits, SSHDoor
        except ImportError as e:
            print(f"dune-tui serve: the SSH door needs asyncssh ({e}): pip install asyncssh", file=sys.stderr)
            return 2
        limits = Limits(**(args.ssh_limits or {}))
        doors.append(lambda daemon: SSHDoor(daemon, port=args.ssh, host=args.ssh_bind, limits=limits))
    if args.web is not None:
        try:
            from ..server.web import WebDoor  # aiohttp and textual-serve: only for `serve --web`
        except ImportError as e:
            print(f"dune-tui serve: the browser door needs textual-serve ({e}): pip install textual-serve",
                  file=sys.stderr)
            return 2
        doors.append(lambda daemon: WebDoor(daemon, port=args.web, host=args.web_host, url=args.web_url))
    return asyncio.run(serve(where, store, bots=args.bots, per_login=args.per_login,
                             grace=args.grace, doors=doors))
