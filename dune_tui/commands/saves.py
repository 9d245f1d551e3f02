"""`dune-tui saves`, `dune-tui load` and `dune-tui replay`.

A bad file is one line on stderr and exit status 2; the file is never changed.  Whatever a file
says (names, messages quoting it, file names) is printed through `dune_tui.text.printable`.
`dune-tui load` plays through the `play` function given to `add_parsers` (dune_tui.cli passes its
`play_session`, which runs `dune_tui.ui.run_session`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator

from ..games import game_named
from ..saves.errors import SaveError, SnapshotMismatch
from ..saves.files import ENV, SUFFIX, default_dir, save_dir
from ..saves.snapshot import differences, snapshot_of
from ..saves.store import SaveInfo, list_saves, load, read_save, replay_log, resolve, to_continue
from ..text import MESSAGE_LIMIT, NAME_LIMIT, printable

BAD_FILE = 2


def add_parsers(sub, play: Callable[..., int] | None = None) -> None:
    """Subcommands for saved games.  `play(session, save_dir=...) -> exit status` runs a loaded game
    for `dune-tui load` (without it, `load` says the game cannot be played here)."""
    dir_help = f"the save directory (default: ${ENV} if set, else {default_dir()})"

    p = sub.add_parser("saves", help="list the saved games", description="List the saved games, newest first.")
    p.add_argument("--save-dir", metavar="DIR", help=dir_help)
    p.set_defaults(func=cmd_saves)

    p = sub.add_parser("load", help="resume a saved game (default: the latest unfinished game)",
                       description="Resume a saved game in the terminal game (a finished one shows its result). "
                                   "Without NAME|PATH: the latest autosave of a game not over yet (what Continue "
                                   "opens).")
    p.add_argument("game", nargs="?", metavar="NAME|PATH", help="a save's name (see `dune-tui saves`) or a file")
    p.add_argument("--save-dir", metavar="DIR", help=dir_help)
    p.add_argument("--ignore-mismatch", action="store_true",
                   help="load even if the replayed log disagrees with the saved state (the log wins)")
    p.set_defaults(func=cmd_load, play=play)

    p = sub.add_parser("replay", help="re-run a save's decisions headless and print the events",
                       description="Re-run a save's decision log without the UI and print the events. Only "
                                   "public events unless --all or --seat (which also print the advice (h) "
                                   "shown to players).")
    p.add_argument("game", metavar="PATH|NAME", help="a save file, or a save's name")
    p.add_argument("--verify", action="store_true",
                   help="exit 0 if the final state equals the file's snapshot, 1 if not")
    p.add_argument("--all", action="store_true", help="also print private events (the Bene Gesserit prediction)")
    p.add_argument("--seat", type=int, metavar="N", help="print what seat N (1-based) saw, its secrets included")
    p.add_argument("--quiet", "-q", action="store_true", help="print no events (with --verify: just check)")
    p.add_argument("--save-dir", metavar="DIR", help=dir_help)
    p.set_defaults(func=cmd_replay)


def _fail(message: str) -> int:
    print(f"dune-tui: {printable(message, limit=MESSAGE_LIMIT)}", file=sys.stderr)
    return BAD_FILE


@contextlib.contextmanager
def pipe_closed_ok() -> Iterator[None]:
    """Stop printing quietly when the reader has gone (`dune-tui saves | head -1`): no traceback."""
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at /dev/null so that flush fails no more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


# -------------------------------------------------------------------- saves


def cmd_saves(args) -> int:
    folder = save_dir(args.save_dir)
    try:
        infos = list_saves(folder)
    except SaveError as e:
        return _fail(str(e))
    shown = printable(folder, limit=MESSAGE_LIMIT)
    with pipe_closed_ok():
        if not infos:
            print(f"No saved games in {shown}.")
            return 0
        width = max(len(printable(i.name)) for i in infos)
        print(f"{'NAME':<{width}}  {'SAVED':<16}  ROUND  STATUS")
        for info in infos:
            print(format_info(info, width))
        print(f"({len(infos)} in {shown})")
    return 0


def format_info(info: SaveInfo, width: int = 0) -> str:
    """Two lines: name, date, round and whose turn or the result; then the players.  Every string is
    made printable here too, whoever built the SaveInfo."""
    name, date = printable(info.name), info.date_text()
    if info.error:
        return f"{name:<{width}}  {date:<16}  {'-':<5}  unreadable: {printable(info.error, limit=MESSAGE_LIMIT)}"
    to_move = ", ".join(printable(who, limit=2 * NAME_LIMIT) for who in info.to_move)
    result = printable(info.result, limit=MESSAGE_LIMIT)
    status = f"finished: {result}" if info.finished else f"to move: {to_move or '-'}"
    if info.note:
        status += f" ({printable(info.note, limit=MESSAGE_LIMIT)})"
    return f"{name:<{width}}  {date:<16}  {info.round:<5}  {status}\n    {info.players} players{game_of(info)}: " \
           f"{printable(info.players_text(), limit=8 * 2 * NAME_LIMIT)}"


# --------------------------------------------------------------------- load


def game_of(info: SaveInfo) -> str:
    """ " of Dune Express" for a game of another rule set than the first game's."""
    return game_named(info.rules).of_title


def cmd_load(args) -> int:
    target = args.game
    if target is None:
        try:
            target, over = to_continue(args.save_dir)
        except SaveError as e:
            return _fail(str(e))
        if target is None:
            return _fail(nothing_to_continue(save_dir(args.save_dir), over))
    try:
        session = load(target, args.save_dir, strict=not args.ignore_mismatch)
    except SnapshotMismatch as e:
        return _fail(f"{e} (--ignore-mismatch loads it anyway)")
    except SaveError as e:
        return _fail(str(e))
    if session.warning:
        print(f"dune-tui: warning: {printable(session.warning, limit=MESSAGE_LIMIT)}", file=sys.stderr)
    play = getattr(args, "play", None)
    if play is None:
        return _fail("the terminal game cannot open saves in this build (no game to play it in)")
    return play(session, save_dir=save_dir(args.save_dir))


def nothing_to_continue(folder, last) -> str:
    """Why `load` without a name has no game: no autosave at all, or every autosaved game is over."""
    if last is None:
        return f"no autosave to continue in {folder}; start a game with `dune-tui new`"
    name = last.name.removesuffix(SUFFIX)
    return (f"no unfinished game to continue in {folder}: the latest, {name}, is over (`dune-tui load {name}` "
            f"shows its result, `dune-tui replay {name}` its events); start a game with `dune-tui new`")


# ------------------------------------------------------------------- replay


def cmd_replay(args) -> int:
    try:
        path = resolve(args.game, args.save_dir)
        save = read_save(path)
        if args.seat is not None and not 1 <= args.seat <= save.options.players:
            return _fail(f"--seat must be 1 to {save.options.players}")
        controller, events = replay_log(save, f"cannot replay {path}")
    except SaveError as e:
        return _fail(str(e))
    shown = printable(path, limit=MESSAGE_LIMIT)
    with pipe_closed_ok():  # `dune-tui replay x | head`
        if not args.quiet:
            for event in events:
                line = event_line(event, args.all, None if args.seat is None else args.seat - 1)
                if line is not None:
                    print(printable(line))
            for hint in save.hints:
                if args.all or (args.seat is not None and hint.seat == args.seat - 1):
                    print(printable(hint_line(hint)))
            print(printable(summary(controller.state, len(save.log))))
        diff = differences(snapshot_of(controller.state), save.snapshot)
        if args.verify:
            if diff:
                print(f"dune-tui: {shown}: MISMATCH: the replayed state differs from the saved snapshot in: "
                      f"{', '.join(diff)}", file=sys.stderr)
                return 1
            print(f"{shown}: verified: {len(save.log)} decisions replay to the saved state")
        elif diff:
            print(f"dune-tui: warning: the replayed state differs from the saved snapshot in: {', '.join(diff)}",
                  file=sys.stderr)
    return 0


def event_line(event, everything: bool, seat: int | None) -> str | None:
    """The event as printed, or None if hidden: public events for all; private ones with --all or
    to their seat (with --seat)."""
    if event.to is None:
        return event.text
    if everything or (seat is not None and seat in event.to):
        whom = ", ".join(str(s + 1) for s in event.to)
        return f"[private to seat {whom}] {event.text}"
    return None


def hint_line(hint) -> str:
    """A hint kept beside the log (private to its seat, like its secrets)."""
    return f"[hint to seat {hint.seat + 1}, decision {hint.decision + 1}] {hint.text}"


def summary(state, decisions: int) -> str:
    if state.over:
        return f"-- {decisions} decisions; {state.result.text}"
    return f"-- {decisions} decisions; the game goes on (round {state.round}, {state.phase.replace('_', ' ')})"
