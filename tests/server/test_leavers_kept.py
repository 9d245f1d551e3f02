"""Issue 46's two gaps in rating a game abandoned: a player who left before the server was killed with -9 and
started again is still ranked last at the game's end; a player who left a seat another person took over is ranked
last apart, and the one who took it over is rated for the seat's result if they played at least half of the game.
Every rating is checked against openskill's own PlackettLuce.rate."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import pytest
from openskill.models import PlackettLuce

from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.record.ratings import bot_ratings
from dune_tui.server import control, place
from dune_tui.server.store import Store
from dune_tui.session import SeatConfig, Session
from tests.server.test_daemon import save_of
from tests.server.test_serve_command import server  # noqa: F401 (the fixture)


def rows(where, query: str, *args) -> list[tuple]:
    with sqlite3.connect(f"file:{where / place.DATABASE}?mode=ro", uri=True) as db:
        return db.execute(query, args).fetchall()


def waited(condition, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_player_who_left_before_a_kill_9_of_the_server_is_ranked_last_after_it(server):  # noqa: F811
    """I sit down at a table against two bots of known rating and leave; the server is killed with -9 and started
    again (as the service starts it); the takeover bot plays my seat to the end: I am ranked below both bots."""
    server.start()
    where, me = server.where, my_login()
    seats = [SeatConfig(kind="human"), SeatConfig(kind="bot", agent="heuristic"), SeatConfig(kind="bot", agent="random")]
    game = Session(Options(players=3, seed=61), seats, bots_secret=61)
    opened = control.ask(where, control.OpenTable(save=save_of(game), pause=0, takeover="random", after=2))
    name, game_id = opened.table, opened.table.removeprefix(f"{me}-")

    async def sit_and_leave() -> None:
        remote = await RemoteTable.join_local(str(where / f"{name}.sock"), None, host=me)
        assert remote.seat == 0
        remote.close()

    asyncio.run(sit_and_leave())
    waited(lambda: rows(where, "SELECT login FROM sittings WHERE table_id = ?", game_id) == [(me,)], 20)
    server.kill()  # (the takeover's two seconds are not over: my seat waits for me)
    server.start()
    assert f"reopened {name}" in server.log.read_text()
    rated = waited(lambda: rows(where, "SELECT seat, identity, won, left_game, mu_after, sigma_after FROM rated "
                                       "WHERE table_id = ? ORDER BY seat", game_id))
    state = Store.open(where / place.DATABASE).rebuild(game_id).session.state
    won = [seat for seat, side in enumerate(state.seat_faction[:3]) if side in state.result.winners]
    ranks = [3 if seat == 0 else 1 if seat in won or not won else 2 for seat in range(3)]
    model, known = PlackettLuce(), bot_ratings("dune")
    teams = model.rate([[model.rating()], *([model.rating(mu=r.mu, sigma=r.sigma)] for r in
                                            (known["heuristic"], known["random"]))], ranks=ranks)
    assert [r[:4] for r in rated] == [(0, me, int(0 in won), 1), (1, "bot:heuristic", int(1 in won), 0),
                                      (2, "bot:random", int(2 in won), 0)]
    assert rated[0][4:] == pytest.approx((teams[0][0].mu, teams[0][0].sigma), abs=1e-12)
    assert server.stop() == 0
