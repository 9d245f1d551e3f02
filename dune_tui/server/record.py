"""The server's record (issue 46): the finished games and their seats by identity (a login, or "key:NAME" from the
SSH door), a rating per identity and game (openskill's Plackett–Luce, dune_tui.record.ratings), the leaderboard,
and each seat's rating change, kept in the store's `ratings` and `rated` tables (store.py's schema).

A table's end is rated once, in the transaction that marks it finished (`rate_table`): each seat an entrant by its
identity (a bot by its level, at its measured rating, never moved), the winners first together, whoever left the
game last.  Only a table with at least two people, or a bot of known rating, moves a rating."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from ..games import game_of
from ..record.entry import Finished, read
from ..record.ratings import BOT, Rating, bot_ratings, initial, moves_ratings, rate
from ..saves import schema

log = logging.getLogger("dune_tui.server")


def identity(seat) -> str:
    """A seat's identity as rated: a bot by its level, a person by the login holding it ("" : nobody known)."""
    return BOT + seat.agent if seat.kind == "bot" else seat.login


def rate_table(db: sqlite3.Connection, session, left: dict[int, str] | None = None) -> None:
    """Rate a finished table (inside the caller's transaction; a savepoint of its own): a rating that fails is
    logged and undone, never the table's end.  `left`: the seats abandoned, by the login that left each (rated
    there, last, even when the seat was freed since)."""
    db.execute("SAVEPOINT rating")
    try:
        _rate(db, session, left or {})
    except Exception:
        db.execute("ROLLBACK TO rating")
        log.exception("table %s: its end could not be rated", session.game_id)
    db.execute("RELEASE rating")


def _rate(db: sqlite3.Connection, session, left: dict[int, str]) -> None:
    """Rate the table; a table rated already is left as it is."""
    game_id = session.game_id
    if db.execute("SELECT 1 FROM rated WHERE table_id = ?", (game_id,)).fetchone():
        return
    game, state = game_of(session.options), session.state
    rules, sides = game.name, game.seat_sides(state)
    winners = [seat for seat, side in enumerate(sides[:len(session.seats)]) if side in set(state.result.winners)]
    entrants = [left.get(i) or identity(s) or f"person:{i}" for i, s in enumerate(session.seats)]
    known = bot_ratings(rules)
    current = {who: Rating(mu, sigma) for who, mu, sigma in db.execute(
        f"SELECT identity, mu, sigma FROM ratings WHERE rules = ? AND identity IN ({','.join('?' * len(entrants))})",
        (rules, *entrants))}
    current |= {who: known.get(who.removeprefix(BOT)) or initial() for who in entrants if who.startswith(BOT)}
    after: dict[str, Rating] = {}
    if moves_ratings(entrants, known) and len(set(entrants)) == len(entrants):
        unknown = [who for i, who in enumerate(entrants) if who.startswith(BOT) or who == f"person:{i}"]
        after = rate(current, entrants, winners, left=left, fixed=unknown)
    rows = []
    for seat, who in enumerate(entrants):
        before = (current.get(who) or initial()) if who in after else None
        new = after.get(who)
        rows.append((game_id, seat, who, int(seat in winners), int(seat in left),
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
    """The finished tables `who` held a seat at, newest first (once each: a table is its game)."""
    games = []
    for table_id, blob in db.execute("SELECT id, save FROM tables WHERE state = 'finished' AND id IN "
                                     "(SELECT table_id FROM seats WHERE login = ?) ORDER BY updated DESC, id",
                                     (who,)):
        try:
            game = read(schema.decode(bytes(blob)), Path(f"table {table_id}"), who)
        except Exception:  # a table that cannot be read back is not listed (`rebuild` says why)
            continue
        if game is not None:
            games.append(game)
    return games
