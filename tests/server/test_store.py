"""The server's store: a table kept in SQLite as it is played is rebuilt from it alone — after a round trip, after
the process writing it is killed with -9, and a damaged or foreign database is refused with a sentence, untouched."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.saves.snapshot import snapshot_of
from dune_tui.server.store import Settings, Store, StoreError
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import Chat

ROOT = Path(__file__).resolve().parents[2]
SEATS = [SeatConfig(kind="human", name="Ann"), SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")]


def new_session(seed: int = 3) -> Session:
    return Session(Options(players=3, seed=seed), list(SEATS), bots_secret=seed, game_id=f"20261127-000000-{seed:04x}")


def play(session: Session, keeper, decisions: int, seed: int = 0) -> None:
    """`decisions` random legal decisions, each kept as a table keeps it (a checkpoint at each turn's end)."""
    rng, controller = random.Random(seed), session.controller
    for _ in range(decisions):
        request = controller.pending()[0]
        turn = controller.state.turn
        batches = controller.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
        session.history.extend({id(e): e for b in batches for e in b.events}.values())
        keeper.decided(len(controller.log) - 1, controller.log[-1])
        if controller.state.turn != turn:
            keeper.checkpoint()


def test_a_table_round_trips_through_the_store(tmp_path):
    store = Store.open(tmp_path / "tables.sqlite3")
    game = new_session()
    keeper = store.keeper("bob", Settings(pause=1.5, takeover="heuristic", after=30))
    keeper.opened(game)
    play(game, keeper, 40)
    game.seats[1] = msgspec.structs.replace(game.seats[1], login="alice", claimed=True)
    keeper.seated()
    said_at = len(game.history)
    keeper.chat(said_at, Chat(text="I accept your alliance", seat=1, name="Seat 2 (alice)"))
    play(game, keeper, 25, seed=1)
    store.close()

    store = Store.open(tmp_path / "tables.sqlite3")
    assert store.unfinished() == [game.game_id]
    kept = store.rebuild(game.game_id)
    assert [(e.seat, e.action) for e in kept.session.log] == [(e.seat, e.action) for e in game.log]
    assert snapshot_of(kept.session.state) == snapshot_of(game.state)
    assert len(kept.session.history) == len(game.history)
    assert kept.session.seats == game.seats and kept.session.seats[1].login == "alice"
    assert kept.session.bots_secret == game.bots_secret
    assert kept.owner == "bob" and kept.settings == Settings(pause=1.5, takeover="heuristic", after=30)
    assert [(at, c.text, c.name) for at, c in kept.chat] == [(said_at, "I accept your alliance", "Seat 2 (alice)")]


def test_a_finished_table_is_not_reopened(tmp_path):
    store = Store.open(tmp_path / "tables.sqlite3")
    game = new_session()
    keeper = store.keeper("bob")
    keeper.opened(game)
    rng = random.Random(5)
    while not game.state.over:
        request = game.controller.pending()[0]
        game.controller.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
        keeper.decided(len(game.log) - 1, game.log[-1])
    keeper.finished()
    assert store.unfinished() == []
    assert [t.state for t in store.tables()] == ["finished"]
    assert store.rebuild(game.game_id).session.state.over


CHILD = """
import asyncio, random, sys
sys.path.insert(0, {root!r})
from tests.server.test_store import new_session
from dune_tui.controller import Decision
from dune_tui.server.store import Store

async def main():
    store = Store.open({db!r})
    if {writer!r}:
        store.start_writer()  # the server's way: committed in groups by the writer's thread
    game = new_session()
    keeper = store.keeper("bob")
    keeper.opened(game)
    rng = random.Random(9)
    while not game.state.over:
        kept = []
        for _ in range(rng.randint(1, 5)):  # (with the writer: several waiting, committed together)
            if game.state.over:
                break
            request = game.controller.pending()[0]
            game.controller.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
            kept.append(keeper.decided(len(game.log) - 1, game.log[-1]))
        for done in kept:
            if done is not None:
                await done
        print(len(game.log), flush=True)   # acknowledged: a client would be told now

asyncio.run(main())
"""


@pytest.mark.parametrize("writer", [False, True], ids=["each-write", "group-commit"])
def test_every_acknowledged_decision_survives_kill_9(tmp_path, writer):
    db = tmp_path / "tables.sqlite3"
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(root=str(ROOT), db=str(db), writer=writer)],
                             stdout=subprocess.PIPE, text=True)
    acknowledged = 0
    deadline = time.monotonic() + 60
    while acknowledged < 30 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    child.send_signal(signal.SIGKILL)  # in the middle of the game, between or during writes
    child.wait()
    acknowledged = max([acknowledged, *(int(x) for x in child.stdout.read().split())])
    assert acknowledged >= 30, "the child wrote too few decisions before it was killed"
    store = Store.open(db)
    kept = store.rebuild(store.unfinished()[0])
    assert len(kept.session.log) >= acknowledged
    rng = random.Random(9)  # the same decisions, in the same order
    again = new_session()
    burst = 0
    for entry in kept.session.log:
        if burst == 0:
            burst = rng.randint(1, 5)
        burst -= 1
        request = again.controller.pending()[0]
        assert (entry.seat, entry.action) == (request.seat, rng.choice(request.legal))
        again.controller.submit(Decision(request.id, request.seat, entry.action))


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path):
    db = tmp_path / "tables.sqlite3"
    junk = b"mallory was here\x00" * 512
    db.write_bytes(junk)
    with pytest.raises(StoreError, match=r"cannot open the server's database .*: file is not a database; it is left "
                                         r"as it is \(move it away"):
        Store.open(db)
    assert db.read_bytes() == junk


def test_another_programs_database_is_refused_untouched(tmp_path):
    db = tmp_path / "tables.sqlite3"
    other = sqlite3.connect(db)
    other.execute("CREATE TABLE secrets (x)")
    other.commit()
    other.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="it is a database, but not a dune-tui server's"):
        Store.open(db)
    assert db.read_bytes() == before


def test_a_damaged_table_is_refused_and_the_others_reopen(tmp_path):
    store = Store.open(tmp_path / "tables.sqlite3")
    games = [new_session(seed) for seed in (3, 4)]
    for game in games:
        keeper = store.keeper("bob")
        keeper.opened(game)
        play(game, keeper, 20)
    store.db.execute("UPDATE decisions SET action = ? WHERE table_id = ? AND at = 19",
                     (b"\xc1garbage", games[0].game_id))
    store.db.execute("UPDATE tables SET save = ? WHERE id = ?", (b'{"format": "nope"', games[1].game_id))
    third = new_session(5)
    keeper = store.keeper("carol")
    keeper.opened(third)
    play(third, keeper, 20)
    with pytest.raises(StoreError, match=rf"cannot reopen table {games[0].game_id} of .*: DecodeError"):
        store.rebuild(games[0].game_id)
    with pytest.raises(StoreError, match=rf"cannot reopen table {games[1].game_id} of .*"):
        store.rebuild(games[1].game_id)
    assert len(store.rebuild(third.game_id).session.log) == 20


def test_a_symlink_in_place_of_the_database_is_refused(tmp_path):
    target = tmp_path / "elsewhere.sqlite3"
    target.write_bytes(b"")
    (tmp_path / "tables.sqlite3").symlink_to(target)
    with pytest.raises(StoreError, match="not a regular file"):
        Store.open(tmp_path / "tables.sqlite3")


def test_a_write_the_database_refuses_is_told_once_and_the_game_goes_on(tmp_path):
    store = Store.open(tmp_path / "tables.sqlite3")
    game = new_session()
    told = []
    keeper = store.keeper("bob")
    keeper.opened(game, told.append)
    play(game, keeper, 5)
    store.db.execute("PRAGMA query_only = ON")  # as a full disk or a read-only file would
    play(game, keeper, 5, seed=1)
    assert [type(m).__name__ for m in told] == ["Notice"]
    assert told[0].text.startswith("The server cannot keep this game (attempt to write a readonly database)")
    assert keeper.error and keeper.checkpoint(force=True) == (None, keeper.error)
    store.db.execute("PRAGMA query_only = OFF")
    assert keeper.checkpoint(force=True) == (None, None) and keeper.error is None
