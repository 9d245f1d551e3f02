"""`dune-tui games`: the games you finished, newest first, and your record beside them (issue 46).

Read from the saves through the index of dune_tui.record; `--json` prints both for scripts.  Filters: the game,
the number of players, the result (won, lost, or how it ended: alone, alliance, default, nobody), a bot level."""

from __future__ import annotations

import sys

import msgspec

from ..games import GAMES, game_named
from ..net.identity import my_identity
from ..record import RESULTS, Finished, finished_games, matches, tally
from ..record.ratings import Rating
from ..saves.errors import SaveError
from ..saves.files import ENV, default_dir, save_dir
from ..saves.store import local_time
from ..text import MESSAGE_LIMIT, NAME_LIMIT, printable
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
    p.add_argument("--server", action="store_true",
                   help="the games you finished at this machine's table server, and its leaderboard")
    p.add_argument("--json", action="store_true", help="print the games and the record as JSON")
    p.add_argument("--save-dir", metavar="DIR", help=f"the save directory (default: ${ENV} if set, else "
                                                    f"{default_dir()})")
    p.set_defaults(func=cmd_games)


def cmd_games(args) -> int:
    board = None
    try:
        if args.server:
            games, board = at_server(args.rules)
        else:
            games = finished_games(args.save_dir, me=my_identity())
    except (SaveError, LookupError) as e:
        print(f"dune-tui: {printable(str(e), limit=MESSAGE_LIMIT)}", file=sys.stderr)
        return 2
    shown = [g for g in games if matches(g, rules=args.rules, players=args.players, result=args.result,
                                         bot=args.bot)]
    record = tally(shown, rated=games)
    with pipe_closed_ok():
        if args.json:
            extra = {} if board is None else {"leaderboard": board}
            sys.stdout.write(msgspec.json.encode({"games": [as_json(g) for g in shown], "record": record} | extra)
                             .decode() + "\n")
            return 0
        if board is not None:
            print(f"Leaderboard of {game_named(board.rules).title} (a rating and its interval, the surest first):")
            for place, ranked in enumerate(board.board, 1):
                rating = Rating(ranked.mu, ranked.sigma)
                print(f"{place:>4}. {printable(ranked.identity, limit=NAME_LIMIT):<24} {rating.text():<20} "
                      f"{ranked.games} game{'' if ranked.games == 1 else 's'}")
            print()
        if not shown:
            where = "this server" if args.server else printable(save_dir(args.save_dir), limit=MESSAGE_LIMIT)
            print(f"No finished game{' of that kind' if len(games) else ''} in {where}.")
            return 0
        for game in shown:
            print(line(game))
        print()
        print("Your record: " + "; ".join(record.lines()))
    return 0


def at_server(rules: str | None):
    """Your finished games at this machine's table server and its leaderboard; LookupError if none answers."""
    from ..server import control

    where = control.find()
    if where is None:
        raise LookupError("no table server runs on this machine (`dune-tui serve` starts one)")
    try:
        answer = control.ask(where, control.AskRecord(rules=rules or ""))
    except control.Unreachable as e:
        raise LookupError(str(e)) from None
    if not isinstance(answer, control.Record):
        raise LookupError(f"the server refused: {getattr(answer, 'reason', answer)}")
    return list(answer.games), answer


def line(game: Finished) -> str:
    """Two lines: date, game, your side, the result and the length; then the players."""
    side = game.seats[game.you].side if game.you is not None else ""
    head = (f"{local_time(game.ended)}  {game.game_text()}  {game.players}p  {side or '-'}  {game.result_text()}  "
            f"{game.rounds} rounds, {game.decisions} decisions")
    return f"{head}\n    {game.players_text()}  [{printable(game.path, limit=200)}]"


def as_json(game: Finished) -> dict:
    return msgspec.to_builtins(game) | {"players": game.players, "result": game.result_text(), "won": game.won}
