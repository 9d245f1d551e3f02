"""The server's record (issue 46): the finished games and their seats by identity (a login, or "key:NAME" from the
SSH door), a rating per identity and game (openskill's Plackett–Luce, dune_tui.record.ratings), the leaderboard,
and each seat's rating change, kept in the store's `ratings` and `rated` tables (store.py's schema).

A table's end is rated once, in the transaction that marks it finished (`rate_table`): each seat an entrant by its
identity (a bot by its level, at its measured rating, never moved), the winners first together, whoever left the
game last.  Only a table with at least two people, or a bot of known rating, moves a rating.

Who left is known from the seats' sittings (`Sitting`: who sat down at each seat, in order, kept in the store so that
a restart forgets no one; manage.py's `leavers`): a person who left a seat that was then freed, or played by a bot,
is rated in that seat's place, last.  A person who left a seat that another person then took over is rated apart,
last too (one more entrant), and the one who took it over is rated for the seat's result only if they played at
least half of the game (`SHARE`): a player who sat down for the last turns neither wins nor loses a game they
did not play, and one who played most of it is rated for it as anyone else."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import msgspec

from ..games import game_of
from ..record.entry import Finished, read
from ..record.ratings import BOT, Rating, bot_ratings, initial, moves_ratings, rate
from ..saves import schema

log = logging.getLogger("dune_tui.server")
SHARE = 0.5  # the least share of a game's decisions, from when they sat down, that rates who took a seat over


class Sitting(msgspec.Struct, frozen=True):
    """A person who sat down at a seat: `at` decisions of the game were made when they first did; `covered`: a bot
    has played for the seat since they were last there (the takeover, the turn limit)."""

    login: str
    at: int
    covered: bool = False


class Abandoned(msgspec.Struct, frozen=True):
    """Who left the game as it ends: `seats` the seats abandoned, by the login that left each (rated there, last);
    `replaced` the people who left a seat another person took over ((seat, login): each rated apart, last);
    `late` the seats taken over by another person after more than half of the game (that person is not rated)."""

    seats: dict[int, str] = {}
    replaced: list[tuple[int, str]] = []
    late: frozenset[int] = frozenset()


def identity(seat) -> str:
    """A seat's identity as rated: a bot by its level, a person by the login holding it ("" : nobody known)."""
    return BOT + seat.agent if seat.kind == "bot" else seat.login


def rate_table(db: sqlite3.Connection, session, left: Abandoned | None = None) -> None:
    """Rate a finished table (inside the caller's transaction; a savepoint of its own): a rating that fails is
    logged and undone, never the table's end.  `left`: who abandoned the game (rated last, even when their seat
    was freed or taken over since)."""
    db.execute("SAVEPOINT rating")
    try:
        _rate(db, session, left or Abandoned())
    except Exception:
        db.execute("ROLLBACK TO rating")
        log.exception("table %s: its end could not be rated", session.game_id)
    db.execute("RELEASE rating")


def _rate(db: sqlite3.Connection, session, abandoned: Abandoned) -> None:
    """Rate the table; a table rated already is left as it is."""
    game_id = session.game_id
    if db.execute("SELECT 1 FROM rated WHERE table_id = ?", (game_id,)).fetchone():
        return
    game, state = game_of(session.options), session.state
    rules, sides = game.name, game.seat_sides(state)
    winners = [seat for seat, side in enumerate(sides[:len(session.seats)]) if side in set(state.result.winners)]
    left, players = abandoned.seats, len(session.seats)
    entrants = [left.get(i) or identity(s) or f"person:{i}" for i, s in enumerate(session.seats)]
    entrants += [login for _, login in abandoned.replaced]  # each one more entrant, last
    gone = {*left, *range(players, len(entrants))}
    known = bot_ratings(rules)
    current = {who: Rating(mu, sigma) for who, mu, sigma in db.execute(
        f"SELECT identity, mu, sigma FROM ratings WHERE rules = ? AND identity IN ({','.join('?' * len(entrants))})",
        (rules, *entrants))}
    current |= {who: known.get(who.removeprefix(BOT)) or initial() for who in entrants if who.startswith(BOT)}
    after: dict[str, Rating] = {}
    if moves_ratings(entrants, known) and len(set(entrants)) == len(entrants):
        unknown = [who for i, who in enumerate(entrants)
                   if who.startswith(BOT) or who == f"person:{i}" or (i in abandoned.late and i not in gone)]
        after = rate(current, entrants, winners, left=gone, fixed=unknown)
    rows = []
    for i, who in enumerate(entrants):
        before = (current.get(who) or initial()) if who in after else None
        new = after.get(who)
        seat = i if i < players else abandoned.replaced[i - players][0]
        rows.append((game_id, seat, who, int(i in winners), int(i in gone),
                     before and before.mu, before and before.sigma, new and new.mu, new and new.sigma))
    db.executemany("INSERT INTO rated VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.executemany("INSERT INTO ratings (identity, rules, mu, sigma, games) VALUES (?, ?, ?, ?, 1) "
                   "ON CONFLICT (identity, rules) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                   "games = games + 1", [(who, rules, r.mu, r.sigma) for who, r in after.items()])


def leaderboard(db: sqlite3.Connection, rules: str) -> list[tuple[str, Rating, int]]:
    """(identity, rating, games) of everyone rated in that game, the surest best first (by the low end of the
    interval, as openskill's ordinal)."""
    rows = [(who, Rating(mu, sigma), games) for who, mu, sigma, games in
            db.execute("SELECT identity, mu, sigma, games FROM ratings WHERE rules = ?", (rules,))]
    return sorted(rows, key=lambda row: (-row[1].low, row[0]))


def rating_change(db: sqlite3.Connection, table_id: str, who: str) -> tuple[Rating, Rating] | None:
    """(before, after) of `who`'s rating at that table's end, or None (not rated there)."""
    row = db.execute("SELECT mu_before, sigma_before, mu_after, sigma_after FROM rated WHERE table_id = ? AND "
                     "identity = ? AND mu_after IS NOT NULL", (table_id, who)).fetchone()
    return None if row is None else (Rating(row[0], row[1]), Rating(row[2], row[3]))


def finished_games(db: sqlite3.Connection, who: str) -> list[Finished]:
    """The finished tables `who` held a seat at to the end, or left (rated there last: `Finished.left`), newest
    first (once each: a table is its game)."""
    games = []
    for table_id, blob, left in db.execute(
            "SELECT id, save, (SELECT MIN(seat) FROM rated r WHERE r.table_id = t.id AND identity = ?1 AND "
            "left_game) FROM tables t WHERE state = 'finished' AND id IN (SELECT table_id FROM seats WHERE login = "
            "?1 UNION SELECT table_id FROM rated WHERE identity = ?1) ORDER BY updated DESC, id", (who,)):
        try:
            game = read(schema.decode(bytes(blob)), Path(f"table {table_id}"), who)
        except Exception:  # a table that cannot be read back is not listed (`rebuild` says why)
            continue
        if game is not None and left is not None and (game.you is None or game.seats[game.you].login != who):
            game = msgspec.structs.replace(game, you=left, left=True)
        if game is not None:
            games.append(game)
    return games
