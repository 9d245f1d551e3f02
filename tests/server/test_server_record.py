"""The server's record (issue 46): a finished table listed once for each login that played it, rated once, by
openskill's own numbers, with each seat's rating change and the leaderboard."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.record import tally
from dune_tui.server.record import Abandoned
from dune_tui.server.store import Store
from dune_tui.session import SeatConfig, Session


def finish(store: Store, seats: list[SeatConfig], seed: int, left: Abandoned | None = None) -> Session:
    """A game played at random to its end at a table the store keeps; `left`: who abandoned it (the table server's
    word at the end)."""
    session = Session(Options(players=len(seats), seed=seed), seats, bots_secret=seed,
                      game_id=f"20261127-000000-{seed:04x}")
    keeper = store.keeper(seats[0].login or "bob")
    if left is not None:
        keeper.leavers = lambda: left
    keeper.opened(session)
    rng, controller = random.Random(seed), session.controller
    while not controller.over:
        request = controller.pending()[0]
        controller.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
        keeper.decided(len(controller.log) - 1, controller.log[-1])
    keeper.finished()
    session.keeper = keeper
    return session


def winners(session: Session) -> list[int]:
    state = session.state
    return [seat for seat, side in enumerate(state.seat_faction[:state.n]) if side in state.result.winners]


def people(*logins: str) -> list[SeatConfig]:
    return [SeatConfig(kind="human", name=login.title(), login=login) for login in logins]


def test_a_table_finished_at_the_server_is_listed_once_and_rated_by_the_packages_numbers(tmp_path):
    store = Store.open(tmp_path / "tables.sqlite3")
    session = finish(store, people("alice", "bob", "carol"), seed=3)
    assert [t.id for t in store.tables()] == [session.game_id]
    store.rebuild(session.game_id)  # a finished table reads back
    won = winners(session)

    games = store.finished_games("alice")
    assert [g.game_id for g in games] == [session.game_id] and games[0].you == 0
    assert tally(games).wins == int(0 in won) and store.finished_games("dave") == []

    model = PlackettLuce()
    teams = model.rate([[model.rating()] for _ in range(3)], ranks=[1 if s in won or not won else 2 for s in range(3)])
    for seat, login in enumerate(["alice", "bob", "carol"]):
        before, after = store.rating_change(session.game_id, login)
        assert (before.mu, before.sigma) == pytest.approx((model.mu, model.sigma))
        assert (after.mu, after.sigma) == pytest.approx((teams[seat][0].mu, teams[seat][0].sigma), abs=1e-12)
    board = store.leaderboard("dune")
    assert sorted(who for who, _, _ in board) == ["alice", "bob", "carol"] and all(g == 1 for *_, g in board)
    assert board[0][1].low >= board[-1][1].low

    session.keeper.finished()  # told again (a table closed after its end): rated once
    assert [g for *_, g in store.leaderboard("dune")] == [1, 1, 1]
    assert len(store.finished_games("alice")) == 1


def test_a_table_against_a_bot_of_unknown_rating_moves_no_rating(tmp_path, monkeypatch):
    from dune_tui.record import ratings

    monkeypatch.setattr(ratings, "measured", lambda: {})
    store = Store.open(tmp_path / "tables.sqlite3")
    session = finish(store, [*people("alice"), SeatConfig(kind="bot", agent="random")], seed=4)
    assert store.rating_change(session.game_id, "alice") is None and store.leaderboard("dune") == []
    assert len(store.finished_games("alice")) == 1


def test_an_older_store_gains_the_record_tables(tmp_path):
    import sqlite3

    from dune_tui.server import store as module

    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(f"{module.SCHEMA} {module.TURNS} PRAGMA user_version = 2;")
    db.close()
    store = Store.open(path)
    finish(store, people("alice", "bob"), seed=5)
    assert len(store.leaderboard("dune")) == 2


def test_who_took_a_seat_over_late_is_not_rated_and_its_leaver_loses_apart(tmp_path):
    """Dave took alice's seat over with less than half of the game to play: the seat's result is not his (his rating
    stays), alice ranks last, below everyone, by openskill's numbers."""
    store = Store.open(tmp_path / "tables.sqlite3")
    session = finish(store, people("bob", "dave", "carol"), seed=6,
                     left=Abandoned(replaced=[(1, "alice")], late=frozenset({1})))
    won = winners(session)
    model = PlackettLuce()
    teams = model.rate([[model.rating()] for _ in range(4)],
                       ranks=[1 if s in won or not won else 2 for s in range(3)] + [3])
    for seat, login in [(0, "bob"), (2, "carol"), (3, "alice")]:
        _, after = store.rating_change(session.game_id, login)
        assert (after.mu, after.sigma) == pytest.approx((teams[seat][0].mu, teams[seat][0].sigma), abs=1e-12)
    assert store.rating_change(session.game_id, "dave") is None
    assert sorted(who for who, *_ in store.leaderboard("dune")) == ["alice", "bob", "carol"]


def test_a_store_of_schema_3_keeps_its_ratings_and_rates_a_seat_left_and_taken_over(tmp_path):
    import sqlite3

    from dune_tui.server import store as module

    path = tmp_path / "tables.sqlite3"
    store = Store.open(path)
    first = finish(store, people("alice", "bob"), seed=5)
    store.close()
    db = sqlite3.connect(path)  # as schema 3 had it: no sittings, a `rated` row per seat
    db.executescript("DROP TABLE sittings; CREATE TABLE rated_3 (table_id TEXT NOT NULL REFERENCES tables(id) ON "
                     "DELETE CASCADE, seat INTEGER NOT NULL, identity TEXT NOT NULL, won INTEGER NOT NULL, "
                     "left_game INTEGER NOT NULL, mu_before REAL, sigma_before REAL, mu_after REAL, sigma_after "
                     "REAL, PRIMARY KEY (table_id, seat)) WITHOUT ROWID; INSERT INTO rated_3 SELECT * FROM rated; "
                     "DROP TABLE rated; ALTER TABLE rated_3 RENAME TO rated; PRAGMA user_version = 3;")
    db.close()
    store = Store.open(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == module.VERSION
    assert store.rating_change(first.game_id, "alice") is not None
    second = finish(store, people("alice", "bob"), seed=7, left=Abandoned(replaced=[(1, "carol")]))
    assert store.db.execute("SELECT identity, left_game FROM rated WHERE table_id = ? AND seat = 1 ORDER BY "
                            "identity", (second.game_id,)).fetchall() == [("bob", 0), ("carol", 1)]
    assert [g for *_, g in sorted(store.leaderboard("dune"))] == [2, 2, 1]


def test_a_rating_that_fails_never_stops_the_tables_end(tmp_path, monkeypatch):
    from dune_tui.server import record

    def broken(*args, **kwargs):
        raise ValueError("no maths today")

    monkeypatch.setattr(record, "rate", broken)
    store = Store.open(tmp_path / "tables.sqlite3")
    session = finish(store, people("alice", "bob"), seed=5)
    assert store.unfinished() == [] and len(store.finished_games("alice")) == 1
    assert store.leaderboard("dune") == [] and store.rating_change(session.game_id, "alice") is None


async def test_the_server_tells_a_login_its_finished_games_and_the_leaderboard(monkeypatch, capsys):
    import asyncio
    import shutil
    import tempfile
    from pathlib import Path

    from dune_tui.net.client import RemoteTable
    from dune_tui.net.identity import my_login
    from dune_tui.record import ratings
    from dune_tui.server import control, place
    from tests.server.test_daemon import Player, save_of, started, until

    monkeypatch.setattr(ratings, "measured", lambda: {"dune": {"random": ratings.Rating(20.0, 2.0)}})
    folder = tempfile.mkdtemp(prefix="dt-")
    where = place.prepare(Path(folder) / "server")
    daemon = await started(where)
    try:
        game = Session(Options(players=2, seed=4), [SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")],
                       bots_secret=4)
        opened = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=0))
        # kept: asyncio holds a task only weakly, and a collected client's reader stops answering (the game hung)
        player = Player(await RemoteTable.join_local(str(where / f"{opened.table}.sock"), None, host=my_login()))
        table = daemon.tables[opened.table].table
        await until(lambda: table.controller.over, seconds=60)
        player.remote.close()
        await until(lambda: daemon.store.finished_games(my_login()))
        record = await asyncio.to_thread(control.ask, where, control.AskRecord())
        assert isinstance(record, control.Record) and record.rules == "dune"
        assert [g.game_id for g in record.games] == [game.game_id] and record.games[0].you == 0
        assert [r.identity for r in record.board] == [my_login()] and record.board[0].games == 1

        from dune_tui import cli

        monkeypatch.setattr(control, "find", lambda: where)
        assert await asyncio.to_thread(cli.main, ["games", "--server"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Leaderboard of Dune: The Dice Game") and f"   1. {my_login()} " in out
        assert "Dune: The Dice Game  2p" in out and "Your record: 1 game," in out
    finally:
        await daemon.close()
        shutil.rmtree(folder, ignore_errors=True)
