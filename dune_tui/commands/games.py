"""`dune-tui games`: the games you finished, newest first, and your record beside them (issue 46).

Read from the saves through the index of dune_tui.record; `--json` prints both for scripts.  Filters: the game,
the number of players, the result (won, lost, or how it ended: alone, alliance, default, nobody), a bot level."""

from __future__ import annotations

import sys

import msgspec

from ..games import GAMES
from ..net.identity import my_login
from ..record import RESULTS, Finished, finished_games, matches, tally
from ..saves.errors import SaveError
from ..saves.files import ENV, default_dir, save_dir
from ..saves.store import local_time
from ..text import MESSAGE_LIMIT, printable
from .saves import pipe_closed_ok


def add_parser(sub) -> None:
    p = sub.add_parser("games", help="the games you finished, and your record",
                       description="The games you finished, newest first (date, game, players, your side, the "
                                   "result, its length), and your record: games and wins by side and against each "
                                   "bot level. Read from the saves (`dune-tui review PATH` opens one's review).")
    p.add_argument("--rules", choices=sorted(GAMES), help="only games of these rules")
    p.add_argument("--players", type=int, metavar="N", help="only games of N players")
    p.add_argument("--result", choices=RESULTS,
                   help="only games you won or lost, or that ended so (alone, alliance, default: the Guild's, "
                        "nobody)")
    p.add_argument("--bot", metavar="LEVEL", help="only games with this bot (heuristic, mcts:hard, ...)")
    p.add_argument("--json", action="store_true", help="print the games and the record as JSON")
    p.add_argument("--save-dir", metavar="DIR", help=f"the save directory (default: ${ENV} if set, else "
                                                    f"{default_dir()})")
    p.set_defaults(func=cmd_games)


def cmd_games(args) -> int:
    try:
        games = finished_games(args.save_dir, me=my_login())
    except SaveError as e:
        print(f"dune-tui: {printable(str(e), limit=MESSAGE_LIMIT)}", file=sys.stderr)
        return 2
    shown = [g for g in games if matches(g, rules=args.rules, players=args.players, result=args.result,
                                         bot=args.bot)]
    record = tally(shown, rated=games)
    with pipe_closed_ok():
        if args.json:
            sys.stdout.write(msgspec.json.encode({"games": [as_json(g) for g in shown], "record": record})
                             .decode() + "\n")
            return 0
        if not shown:
            where = printable(save_dir(args.save_dir), limit=MESSAGE_LIMIT)
            print(f"No finished game{' of that kind' if len(games) else ''} in {where}.")
            return 0
        for game in shown:
            print(line(game))
        print()
        print("Your record: " + "; ".join(record.lines()))
    return 0


def line(game: Finished) -> str:
    """Two lines: date, game, your side, the result and the length; then the players."""
    side = game.seats[game.you].side if game.you is not None else ""
    head = (f"{local_time(game.ended)}  {game.game_text()}  {game.players}p  {side or '-'}  {game.result_text()}  "
            f"{game.rounds} rounds, {game.decisions} decisions")
    return f"{head}\n    {game.players_text()}  [{printable(game.path, limit=200)}]"


def as_json(game: Finished) -> dict:
    return msgspec.to_builtins(game) | {"players": game.players, "result": game.result_text(), "won": game.won}
