"""`dune-tui host` and `dune-tui join`.

    dune-tui host [the options of new, --rules express --variant ... too | --load SAVE] [--bind ADDR] [--port N]
                  [--no-play]
                  [--takeover BOT --after SECONDS]
    dune-tui join [HOST:PORT/CODE]        # without it: asked for, unechoed (not in `ps` on a shared machine)

The host binds its socket first, prints a join command per human seat (and one for spectators), then plays
the first human seat in this terminal (or, with --no-play, runs headless and logs to stderr).  Refusals go to
the log: stderr when headless, else `host-<game id>.log` in the save directory (0600).  When the host stops
(q, SIGHUP, SIGTERM, Ctrl-C, or the game's end) the game is saved and the command to resume it is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import os
import socket
import sys
import textwrap
from pathlib import Path

from ..net import lobby
from ..net.codes import Codes, address, label
from ..net.hosting import Local
from ..net.identity import at_door, login_of, my_identity
from ..net.seating import choose, claim
from ..table.messages import SPECTATOR
from ..text import printable
from .serving import host_headless, log

PRIVATE = ("A seat's code is its key: give it to that player only. On a shared machine other users can read "
           "command lines (ps): there, run `dune-tui join` alone and paste HOST:PORT/CODE at its prompt.")
WIDTH = 79  # a line of 80 in an 80-column terminal wraps, and a copy of it loses its last character


def add_parsers(sub) -> None:
    from ..game_spec import add_rule_set_arguments
    from .new import add_parsers as add_new

    scratch = argparse.ArgumentParser(add_help=False).add_subparsers()
    add_new(scratch)
    new = scratch.choices["new"]
    p = sub.add_parser("host", parents=[new], conflict_handler="resolve", help="host a game other terminals join",
                       description="Open a table that other terminals join with `dune-tui join`. Takes the "
                                   "options of `new` (without --seat: two human seats, bots in the others), or "
                                   "--load a saved game. Prints a join command for each human seat and one for "
                                   "spectators; this terminal plays the first human seat unless --no-play.")
    add_rule_set_arguments(p)
    p.add_argument("--load", metavar="SAVE", help="resume a saved game (a name in the save directory, or a path)")
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for any)")
    p.add_argument("--port", type=int, default=0, metavar="N", help="the port (default: any free port)")
    p.add_argument("--no-play", action="store_true", help="host without taking a seat (headless, logs to stderr)")
    p.add_argument("--no-server", action="store_true",
                   help="host in this process even when the table server (`dune-tui serve`) runs; without it, "
                        "--bind and --port, the table opens on the server, where it waits when you leave")
    p.add_argument("--takeover", metavar="BOT", help="a bot (random, heuristic, mcts:easy...) plays for a human "
                                                     "away longer than --after")
    p.add_argument("--after", type=float, default=120.0, metavar="SECONDS",
                   help="how long an away seat waits for its player before --takeover (default 120)")
    p.add_argument("--turn-limit", type=duration, default=0.0, metavar="TIME",
                   help="how long (90s, 30m, 24h, 2d) a decision waits for a seat nobody sits at; then a bot "
                        "(--takeover, else heuristic) plays that one decision, and the table says so (default: "
                        "no limit)")
    p.set_defaults(func=cmd_host)
    j = sub.add_parser("join", help="sit down at a hosted game",
                       description="Sit down at a table of this machine's lobby (as yourself: no code), or join a "
                                   "game hosted elsewhere with the code `dune-tui host` printed.")
    j.add_argument("code", metavar="TABLE|HOST-LOGIN|HOST:PORT/CODE", nargs="?",
                   help="a table of `dune-tui tables` (its name or its host's login), or the join command's "
                        "argument as the host printed it; without it: the table waiting for you in the lobby, "
                        "else dune-tui asks for a code (unechoed, out of sight of `ps` on a shared machine)")
    j.add_argument("--watch", action="store_true", help="watch a table of the lobby instead of sitting down")
    j.add_argument("--seat", type=seat_number, metavar="N", help="ask for seat N (1 is the first) at a table of the "
                                                                 "lobby")
    j.set_defaults(func=cmd_join)
    t = sub.add_parser("tables", help="list the tables hosted on this machine",
                       description="The tables of this machine's lobby: who hosts them, the game, each seat (free, "
                                   "kept for a login, a bot, taken) and how far the game is.")
    t.set_defaults(func=cmd_tables)


def duration(text: str) -> float:
    """`--turn-limit 24h`: seconds."""
    from ..net.turn_limit import parse_duration

    try:
        return parse_duration(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def seat_number(text: str) -> int:
    """`--seat N`: seats count from 1 (`--seat 0` once made a spectator of its user without a word)."""
    try:
        seat = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seat number: {printable(text, limit=20)!r}") from None
    if seat < 1:
        raise argparse.ArgumentTypeError(f"seats are numbered from 1 (seat 1 is the first), not {seat}; "
                                         "--watch watches the table")
    return seat


def _fail(text: str, status: int = 2) -> int:
    print(f"dune-tui: {text}", file=sys.stderr)
    return status


def session_for(args):
    """The game to host: a loaded save, or a new one (two human seats unless --seat says otherwise)."""
    from .. import saves
    from ..game_spec import new_game, spec_from_args

    if args.load:
        if args.rules is not None or args.variant:
            raise ValueError("--rules and --variant are for a new game; a loaded game keeps its own")
        return saves.load(args.load, args.save_dir, strict=False), True
    if not args.seat:
        args.seat = ["human", "human"]
    return new_game(spec_from_args(args)), False


def cmd_host(args) -> int:
    from .. import saves

    if args.pause is not None and not 0 <= args.pause <= 60:
        return _fail("--pause must be between 0 and 60 seconds")
    if args.takeover:
        from dune_tui.ai import AgentSpecError, parse_spec

        try:
            parse_spec(args.takeover)
        except AgentSpecError as e:
            return _fail(f"--takeover: {e}")
        if not 0 <= args.after <= 86_400:
            return _fail("--after must be between 0 and 86400 seconds")
    try:
        session, resumed = session_for(args)
    except (ValueError, saves.SaveError) as e:
        return _fail(str(e))
    humans = session.humans()
    if not humans:
        return _fail("this game has no human seat to join: give --seat human")
    from ..ui import has_terminal

    play = not args.no_play
    me = my_identity()
    mine = choose(session.seats, me, None, set()) if play else None
    if isinstance(mine, str):
        return _fail(f"{mine}; use --no-play to host without a seat")
    if play and not has_terminal():
        return _fail("hosting from this terminal needs a TTY to play seat "
                     f"{mine + 1}; use --no-play to host without a seat")
    if not args.no_server and args.bind == "127.0.0.1" and not args.port:
        from ..server import control

        where = control.find()
        if where is not None:
            return host_on_server(args, session, where, mine)
    try:
        sock = listen(args.bind, args.port)
    except OSError as e:
        return _fail(f"cannot listen on {args.bind}:{args.port} ({e.strerror or e})")
    if play:
        claim(session, mine, me)
    joinable = [seat for seat in humans if seat != mine]
    codes = Codes([*joinable, SPECTATOR])
    host, port = sock.getsockname()[:2]
    shown = _shown_host(args.bind, host)
    lines = [f"Hosting game {session.game_id} on {host}:{port}. Join with:"]
    for seat in [*joinable, SPECTATOR]:
        who = "spectators" if seat == SPECTATOR else f"{label(seat)} ({session.seats[seat].label()})"
        lines += [f"  {who}:", f"    dune-tui join {address(shown, port, codes.by_seat[seat])}"]
    print(seat_lines(lines, PRIVATE), flush=True)
    local = open_local(session, me)
    save_dir = saves.save_dir(args.save_dir)
    if play:
        _log_to_file(save_dir, session.game_id)
        from .play import host_and_play

        status, table = host_and_play(session, args, sock, codes, resumed,
                                      f"Press Enter to sit down at seat {mine + 1} (the codes work already)… ",
                                      local=local, seat=mine)
    else:
        _log_to_stderr()
        status, table = asyncio.run(host_headless(session, args, sock, codes, resumed, local=local))
    note = table.exit_note() if table is not None else ""
    if note:
        print(note, file=sys.stderr)
    elif table is not None and table.last_saved is not None and not session.state.over:
        print(f"The game is saved. Resume it with: dune-tui host --load {table.last_saved}", file=sys.stderr)
    return status


def host_on_server(args, session, where: Path, mine: int | None) -> int:
    """Open the table on the table server: it waits there for its players (the host too) when they leave; then
    sit down at `mine` (None: --no-play)."""
    from ..server import control

    me = my_identity()
    if mine is not None:
        claim(session, mine, me)
    request = control.open_request(session, pause=0.5 if args.pause is None else args.pause,
                                   takeover=args.takeover or "", after=args.after, turn_limit=args.turn_limit)
    try:
        answer = control.ask(where, request)
    except control.Unreachable as e:
        return _fail(f"{e}; --no-server hosts the table in this process")
    if not isinstance(answer, control.Opened):
        return _fail(f"the table server refused the table: {printable(getattr(answer, 'reason', answer), limit=300)}")
    print(textwrap.fill(f"Opened on the table server as {answer.table}: it waits there for its players, also when "
                        f"you leave. Others see it with `dune-tui tables` or in the menu's \"Tables on this server\", "
                        f"and sit down with `dune-tui join {me}`.", WIDTH, break_on_hyphens=False), flush=True)
    if mine is None:
        return 0
    from .play import join_and_play

    server = login_of(control.owner_of(where))
    return join_and_play(answer.table, path=str(where / f"{answer.table}.sock"), seat=mine, host=server)


def seat_lines(lines: list[str], note: str) -> str:
    """The codes, each on its own line after its seat's (the prose wraps at WIDTH, a code never), then `note`."""
    out = []
    for line in lines:
        if "dune-tui join " in line:
            out.append(line)
        else:
            out += textwrap.wrap(line, WIDTH, subsequent_indent=line[:len(line) - len(line.lstrip())] + "  ",
                                 break_on_hyphens=False, break_long_words=False)
    return "\n".join([*out, textwrap.fill(note, WIDTH)])


def open_local(session, me: str) -> Local | None:
    """Publish the table in the lobby: its Unix socket bound now (the card is written once the table runs).
    None, with the sentence printed, if the lobby cannot be used (TCP codes still work)."""
    name = lobby.table_name(me, session.game_id)
    try:
        where = lobby.lobby_dir()
        sock = lobby.bind(where, name)
    except lobby.LobbyUnsafe as e:
        print(f"Not in the lobby: {e}", flush=True)  # (a path: one line to copy, as the log's)
        return None
    except OSError as e:
        print(f"Not in the lobby: cannot listen on {where / name}.sock ({e.strerror or e})", flush=True)
        return None
    print(textwrap.fill(f"In the lobby of this machine as {name}: other users see it with `dune-tui tables` or in "
                        f"the menu's \"Tables on this server\", and sit down with `dune-tui join {me}` (no code).",
                        WIDTH, break_on_hyphens=False), flush=True)
    return Local(where, sock, name)


def listen(bind: str, port: int) -> socket.socket:
    """The table's listening socket, bound now so that the printed port is the real one."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind, port))
        sock.listen(16)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def _shown_host(bind: str, host: str) -> str:
    """The host name to print: the bound address, or this machine's name when bound to every address."""
    if bind in ("0.0.0.0", "::", ""):
        return socket.getfqdn() or host
    return host


def _log_to_stderr() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def _log_to_file(save_dir: Path, game_id: str) -> None:
    """The host's log beside its saves (0600): the TUI owns the terminal."""
    with contextlib.suppress(OSError):
        save_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = save_dir / f"host-{game_id}.log"
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
        handler = logging.FileHandler(path, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        print(f"The host's log: {path}")


def cmd_tables(args) -> int:
    from ..server.control import find, finished, listing

    server = find()
    on_server, ended = listing(server), finished(server)
    try:
        where = lobby.lobby_dir(create=False)
    except lobby.LobbyUnsafe as e:
        if not on_server:
            print(f"No tables: {e}.")
            return 0
        where = None
    me = my_identity()
    shown = lobby.ordered(on_server + (lobby.tables(where) if where is not None else []), me)
    if not shown:
        print(f"No tables on this server (the lobby is {where}).")
    for entry in shown:
        print(*lobby.describe(entry, me), sep="\n")
    print(*ended, sep="\n", end="\n" if ended else "")
    return 0


def find_table(name: str | None, me: str) -> lobby.Listed | str | None:
    """The lobby table `name` names (its name, or its host's login), or without a name the one with a seat kept
    for `me` (never a stranger's free seat: `dune-tui join` alone then asks for a code); a sentence if there is no
    such table; None: no lobby, no name, nothing kept for `me`."""
    from ..server.control import find, listing, unlisted

    server = find()
    on_server = listing(server)
    try:
        listed, unsafe = lobby.tables(lobby.lobby_dir(create=False)), ""
    except lobby.LobbyUnsafe as e:  # (no lobby beside a running server: only the server's tables)
        listed, unsafe = [], "" if server is not None else str(e)
    live = [e for e in lobby.ordered(on_server + listed, me) if not e.problem]
    if name is not None:
        found = [e for e in live if name in (e.stem, e.card.host)] or [e for e in [unlisted(name)] if e]
        return found[0] if found else unsafe or (f"no table {printable(name, limit=64)!r} in this machine's lobby "
                                                 "(`dune-tui tables` lists them); a code from the host looks like "
                                                 "HOST:PORT/CODE")
    if unsafe:
        return None
    waiting = [e for e in live if e.card.kept_for(me)]
    if len(waiting) == 1:
        return waiting[0]
    if len(waiting) > 1:
        return "there are several tables: name one (`dune-tui tables` lists them), e.g. " \
               f"`dune-tui join {waiting[0].card.host}`"
    return None


def cmd_join(args) -> int:
    from ..ui import NO_TERMINAL, has_terminal

    if not has_terminal():
        return _fail(NO_TERMINAL.removeprefix("dune-tui: "))
    code = args.code
    if code and "/" not in code and at_door() and not args.watch and args.seat is None:
        from ..ui import run_at_table  # a tab opened by a table's link: at the table, the menu after it

        return run_at_table(code, args)
    if code is None or "/" not in code:
        found = find_table(code, my_identity())
        if isinstance(found, str):
            return _fail(found)
        if found is not None:
            from .play import join_and_play

            seat = SPECTATOR if args.watch else None if args.seat is None else args.seat - 1
            return join_and_play(found.card.host if found.card else found.stem, path=found.socket, seat=seat,
                                 host=found.owner)
    if args.watch or args.seat is not None:
        return _fail("--watch and --seat are for a table of this machine's lobby; a code says its seat")
    if code is None:
        try:
            code = getpass.getpass("Join code (HOST:PORT/CODE, as the host printed it): ")
        except (EOFError, KeyboardInterrupt):
            return _fail("no join code given")
    from .play import join_and_play

    return join_and_play(code)
