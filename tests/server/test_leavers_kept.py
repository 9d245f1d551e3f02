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
from dune_tui.record.tally import tally
from dune_tui.server import control, place
from dune_tui.server.record import Abandoned
from dune_tui.server.store import Store
from dune_tui.session import SeatConfig, Session
from tests.server.test_daemon import save_of, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.server.test_serve_command import server  # noqa: F401 (the fixture)


def rows(folder, query: str, *args) -> list[tuple]:
    with sqlite3.connect(f"file:{folder / place.DATABASE}?mode=ro", uri=True) as db:
        return db.execute(query, args).fetchall()


def waited(condition, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_a_player_who_left_before_a_kill_9_of_the_server_is_ranked_last_after_it(server):  # noqa: F811
    """I sit down at a table against two bots of known rating and leave; the server is killed with -9 and started
    again (as the service starts it); the takeover bot plays my seat to the end: I am ranked below both bots."""
    server.start()
    folder, me = server.where, my_login()
    seats = [SeatConfig(kind="human"), *(SeatConfig(kind="bot", agent=level) for level in ("heuristic", "random"))]
    game = Session(Options(players=3, seed=61), seats, bots_secret=61)
    opened = control.ask(folder, control.OpenTable(save=save_of(game), pause=0, takeover="random", after=1))
    name, game_id = opened.table, opened.table.removeprefix(f"{me}-")

    async def sit_and_leave() -> None:
        remote = await RemoteTable.join_local(str(folder / f"{name}.sock"), None, host=me)
        assert remote.seat == 0
        remote.close()

    asyncio.run(sit_and_leave())
    waited(lambda: rows(folder, "SELECT login FROM sittings WHERE table_id = ?", game_id) == [(me,)], 20)
    server.kill()  # (the takeover's second is not over: my seat waits for me; or it is: a bot played for me)
    server.start()
    assert f"reopened {name}" in server.log.read_text()
    rated = waited(lambda: rows(folder, "SELECT seat, identity, won, left_game, mu_after, sigma_after FROM rated "
                                       "WHERE table_id = ? ORDER BY seat", game_id))
    state = Store.open(folder / place.DATABASE).rebuild(game_id).session.state
    won = [seat for seat, side in enumerate(state.seat_faction[:3]) if side in state.result.winners]
    ranks = [3 if seat == 0 else 1 if seat in won or not won else 2 for seat in range(3)]
    model, known = PlackettLuce(), bot_ratings("dune")
    teams = model.rate([[model.rating()], *([model.rating(mu=r.mu, sigma=r.sigma)] for r in
                                            (known["heuristic"], known["random"]))], ranks=ranks)
    assert [r[:4] for r in rated] == [(0, me, int(0 in won), 1), (1, "bot:heuristic", int(1 in won), 0),
                                      (2, "bot:random", int(2 in won), 0)]
    assert rated[0][4:] == pytest.approx((teams[0][0].mu, teams[0][0].sigma), abs=1e-12)
    assert server.stop() == 0


@pytest.mark.slow
async def test_a_seat_taken_over_by_another_person_rates_its_leaver_last_and_who_finished_it(where, as_login,  # noqa: F811
                                                                                                monkeypatch):
    """Alice sits down and leaves; bob sends her away; dave takes her seat over at the game's start and finishes it:
    alice is ranked last, apart; dave is rated for the seat's result, as bob and carol for theirs."""
    from dune_tui.record import ratings
    from tests.server.test_daemon import Player, started, until
    from tests.server.test_manage import HUMAN, ask, join, opened_by_bob

    monkeypatch.setattr(ratings, "measured", lambda: {})
    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, HUMAN], 64)
        alice = await join(as_login, "alice", path, 1)
        alice.close()
        assert (await ask(as_login, "bob", control.ManageTable(table=name, verb="kick", login="alice"))).text
        server = daemon.tables[name].server
        await until(lambda: 1 not in {c.seat for c in server.clients})
        players = [Player(await join(as_login, who, path, seat), seed=seat)
                   for seat, who in [(0, "bob"), (1, "dave"), (2, "carol")]]
        table = daemon.tables[name].table
        await until(lambda: table.controller.over, seconds=60)
        game_id = table.session.game_id
        await until(lambda: daemon.store.rating_change(game_id, "bob") is not None)
        sat = daemon.store.sittings(game_id)[1]
        assert [s.login for s in sat] == ["alice", "dave"] and sat[1].at < len(table.session.log) / 2
        state = table.session.state
        won = [seat for seat, side in enumerate(state.seat_faction[:3]) if side in state.result.winners]
        ranks = [1 if seat in won or not won else 2 for seat in range(3)] + [3]
        model = PlackettLuce()
        teams = model.rate([[model.rating()] for _ in range(4)], ranks=ranks)
        for team, login in zip(teams, ["bob", "dave", "carol", "alice"], strict=True):
            _, after = daemon.store.rating_change(game_id, login)
            assert (after.mu, after.sigma) == pytest.approx((team[0].mu, team[0].sigma), abs=1e-12)
        assert min(daemon.store.rating_change(game_id, who)[1].mu for who in ("bob", "dave", "carol")) > \
            daemon.store.rating_change(game_id, "alice")[1].mu
        listed = {who: daemon.store.finished_games(who) for who in ("alice", "dave")}
        # alice sees the game she left in her own games, at the seat she left, lost (dave won or lost it)
        assert [(g.game_id, g.you, g.left, g.won, g.result_text()) for g in listed["alice"]] == [
            (game_id, 1, True, False, "you left")]
        assert [(g.you, g.left, g.won) for g in listed["dave"]] == [(1, False, 1 in won)]
        assert tally(listed["alice"]).games == 1 and tally(listed["alice"]).wins == 0
        for p in players:
            p.remote.close()
    finally:
        await daemon.close()


async def test_who_left_is_told_as_the_game_stands_late_takers_over_and_players_who_moved_seats(where, as_login):  # noqa: F811
    """Alice plays a few decisions and leaves; bob sends her away; dave takes her seat over: as the game stands he
    has played none of it (late, not rated for it), alice left it; then alice sits down at the free seat 3: she
    plays on, she has left nothing."""
    from tests.server.test_daemon import Player, started, until
    from tests.server.test_manage import HUMAN, ask, join, opened_by_bob

    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, HUMAN], 65, takeover="random",
                                         after=0.05)  # (seat 3: nobody sits there, a bot plays it)
        table, server = daemon.tables[name].table, daemon.tables[name].server
        bob, alice = [Player(await join(as_login, who, path, seat), seed=seat) for seat, who in [(0, "bob"),
                                                                                                  (1, "alice")]]
        await until(lambda: len(table.session.log) >= 6)
        alice.answering = bob.answering = False
        alice.remote.close()
        assert (await ask(as_login, "bob", control.ManageTable(table=name, verb="kick", login="alice"))).text
        await until(lambda: 1 not in {c.seat for c in server.clients})
        dave = await join(as_login, "dave", path, 1)
        assert server.leavers() == Abandoned(seats={}, replaced=[(1, "alice")], late=frozenset({1}))
        alice = await join(as_login, "alice", path, 2)
        assert server.leavers() == Abandoned(seats={}, replaced=[], late=frozenset({1}))
        for remote in (bob.remote, alice, dave):
            remote.close()
    finally:
        await daemon.close()
