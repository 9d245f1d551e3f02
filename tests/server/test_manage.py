"""Tables people can manage on the server (issue 43): a seat taken and left is freed after the grace (S1); the
owner's controls (invite, release, kick, private, watchers) and nobody else's; an invitation declined; a rematch.
The logins are the kernel's everywhere but here: the test says who connects (`as_login`)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from dune_tui.games.dune import Options
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.server.doors import Doors
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import SPECTATOR, Notice
from tests.server.test_daemon import SEATS, save_of, started, until, where  # noqa: F401 (the fixture)

HUMAN, BOT = SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")


@pytest.fixture
def as_login(monkeypatch):
    """Who the server's sockets say connects: set `as_login.now` before each request or join."""
    class Who:
        now = "bob"

    monkeypatch.setattr(Doors, "identify", lambda self, sock: Who.now)  # the server's one word on who connects
    return Who


async def ask(as_login, who: str, request):
    as_login.now = who
    return await asyncio.to_thread(control.ask, place_of[0], request)


async def join(as_login, who: str, path: str, seat=None) -> RemoteTable:
    as_login.now = who
    return await RemoteTable.join_local(path, seat, host=my_login())


place_of: list = []


async def opened_by_bob(where, as_login, seats, seed: int, **how) -> tuple[str, str]:  # noqa: F811
    place_of[:] = [where]
    game = Session(Options(players=len(seats), seed=seed), list(seats), bots_secret=seed)
    answer = await ask(as_login, "bob", control.OpenTable(save=save_of(game), pause=0, **how))
    assert isinstance(answer, control.Opened), answer
    return answer.table, str(where / f"{answer.table}.sock")


def kept_logins(where, table: str) -> list[str]:  # noqa: F811
    game_id = table.removeprefix("bob-")
    with sqlite3.connect(where / place.DATABASE) as db:
        return [r[0] for r in db.execute("SELECT login FROM seats WHERE table_id = ? ORDER BY seat", (game_id,))]


async def test_a_seat_taken_and_left_is_free_after_the_grace_unless_it_was_kept_for_its_login(where, as_login):  # noqa: F811
    daemon = await started(where, grace=0.3)
    try:
        seats = [HUMAN, SeatConfig(kind="human", login="alice"), HUMAN]
        name, path = await opened_by_bob(where, as_login, seats, 21)
        mallory = await join(as_login, "mallory", path)
        alice = await join(as_login, "alice", path)
        bob = await join(as_login, "bob", path)  # the owner's seat, taken at his own table, is kept for him
        assert (mallory.seat, alice.seat, bob.seat) == (0, 1, 2)
        session = daemon.tables[name].table.session
        assert session.seats[0].login == "mallory"
        await asyncio.sleep(0.6)  # while she plays, her seat is hers
        assert session.seats[0].login == "mallory"
        for remote in (mallory, alice, bob):
            remote.close()
        await until(lambda: session.seats[0].login == "", seconds=5)
        await until(lambda: kept_logins(where, name) == ["", "alice", "bob"], seconds=5)  # free in the store too
        # (its writer commits it a moment later); the others' kept
        await asyncio.sleep(0.5)
        assert [s.login for s in session.seats] == ["", "alice", "bob"]
    finally:
        await daemon.close()
    daemon = await started(where)
    try:
        assert [s.login for s in daemon.tables[name].table.session.seats] == ["", "alice", "bob"]
    finally:
        await daemon.close()


async def test_only_the_owner_manages_a_table_and_a_private_one_refuses_mallory(where, as_login):  # noqa: F811
    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, BOT], 22)
        refused = await ask(as_login, "mallory", control.ManageTable(table=name, verb="private"))
        assert refused.reason == "only bob, who opened the table, may private there"
        squat = await join(as_login, "mallory", path)
        assert squat.seat == 0
        done = await ask(as_login, "bob", control.ManageTable(table=name, verb="release", seat=0))
        assert done.text == "seat 1 is free"
        await squat.wait_closed()
        assert squat.reason == "bob, who opened the table, released seat 1"
        done = await ask(as_login, "bob", control.ManageTable(table=name, verb="invite", login="alice"))
        assert done.text == "seat 1 is kept for alice"
        listed = await ask(as_login, "alice", control.ListTables())
        assert [c.invites("alice") for c in listed.tables] == [True]
        done = await ask(as_login, "bob", control.ManageTable(table=name, verb="private"))
        assert done.text == "private: invited logins only, open to watchers"
        for seat in (None, SPECTATOR):
            with pytest.raises(JoinRefused, match="this table is private: only the logins bob invited may join"):
                await join(as_login, "mallory", path, seat)
        assert (await ask(as_login, "mallory", control.ListTables())).tables == ()
        alice = await join(as_login, "alice", path)
        assert alice.seat == 0
        alice.close()
        done = await ask(as_login, "bob", control.ManageTable(table=name, verb="no-watchers"))
        assert done.text == "private: invited logins only, closed to watchers"
        with pytest.raises(JoinRefused, match="this table is not open to watchers"):
            await join(as_login, "alice", path, SPECTATOR)
    finally:
        await daemon.close()
    daemon = await started(where)  # the owner's choices outlive a restart
    try:
        assert daemon.tables[name].server.private and not daemon.tables[name].server.watching
        with pytest.raises(JoinRefused, match="this table is private"):
            await join(as_login, "mallory", path)
    finally:
        await daemon.close()


async def test_join_names_a_private_table_and_hears_why_not_rather_than_no_such_table(where, as_login,  # noqa: F811
                                                                                         monkeypatch):
    """The shared-server e2e: mallory's `dune-tui join bob-…` of bob's private table said "no table … in this
    machine's lobby; a code from the host looks like HOST:PORT/CODE" (the list hides it from her), never the
    server's sentence.  A name the server's directory has a table's socket for is joined, and the table says why
    not; a name it has none for stays "no table"."""
    from dune_tui.commands.host import find_table

    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where.parent / "no-lobby"))
    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, BOT], 22)
        await ask(as_login, "bob", control.ManageTable(table=name, verb="private"))
        as_login.now = "mallory"
        found = await asyncio.to_thread(find_table, name, "mallory")
        assert not isinstance(found, str) and found is not None, found
        assert found.socket == path
        with pytest.raises(JoinRefused, match="this table is private: only the logins bob invited may join"):
            await join(as_login, "mallory", found.socket)
        for other in (f"{name[:-1]}0" if not name.endswith("0") else f"{name[:-1]}1", "../server/control",
                      "control", "bob"):
            missing = await asyncio.to_thread(find_table, other, "mallory")
            assert isinstance(missing, str) and missing.startswith("no table"), (other, missing)
    finally:
        await daemon.close()


async def test_an_invitation_declined_frees_its_seat_and_a_kicked_login_leaves(where, as_login):  # noqa: F811
    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, SeatConfig(kind="human", login="alice"), BOT],
                                         23)
        done = await ask(as_login, "alice", control.ManageTable(table=name, verb="decline"))
        assert done.text == "you declined bob's invitation"
        assert daemon.tables[name].table.session.seats[1].login == ""
        again = await ask(as_login, "alice", control.ManageTable(table=name, verb="decline"))
        assert again.reason == "no seat is kept for alice at this table"
        mallory = await join(as_login, "mallory", path)
        done = await ask(as_login, "bob", control.ManageTable(table=name, verb="kick", login="mallory"))
        assert done.text == "mallory is sent away; their seat is free"
        await mallory.wait_closed()
        assert mallory.reason == "bob, who opened the table, sent you away"
        assert all(s.login == "" for s in daemon.tables[name].table.session.seats)
        unknown = await ask(as_login, "bob", control.ManageTable(table=name, verb="paint"))
        assert unknown.reason.startswith("no control 'paint': one of invite, release")
    finally:
        await daemon.close()


async def test_a_rematch_opens_a_new_deal_with_the_same_seats_and_tells_the_table(where, as_login):  # noqa: F811
    daemon = await started(where)
    try:
        seats = [SeatConfig(kind="human", login="bob"), SeatConfig(kind="human", login="alice"), BOT]
        name, path = await opened_by_bob(where, as_login, seats, 24, takeover="random", after=0)
        early = await ask(as_login, "bob", control.ManageTable(table=name, verb="rematch"))
        assert early.reason == "the game is not over: a rematch starts once it is"
        watcher = await join(as_login, "bob", path, SPECTATOR)
        told = []
        watcher.attach(SPECTATOR, told.append)
        old = daemon.tables[name].table
        await until(lambda: old.controller.over, seconds=90)
        done = await ask(as_login, "bob", control.ManageTable(table=name, verb="rematch"))
        assert isinstance(done, control.Done), done
        new = done.table
        assert done.text == f"the rematch is open: table {new}"  # (a door's player has no shell: no command)
        table = daemon.tables[new].table
        assert [s.login for s in table.session.seats] == ["bob", "alice", ""]
        assert table.session.options.seed != old.session.options.seed
        twice = await ask(as_login, "alice", control.ManageTable(table=name, verb="rematch"))
        assert (twice.text, twice.table) == (done.text, new)  # a player's key finds the rematch open
        assert len(daemon.tables) == 2
        stranger = await ask(as_login, "mallory", control.ManageTable(table=name, verb="rematch"))
        assert stranger.reason == "only bob, who opened the table, may rematch there (and its players)"
        await until(lambda: any(isinstance(m, Notice) and new in m.text for m in told), seconds=5)
        notice = next(m.text for m in told if isinstance(m, Notice) and new in m.text)
        assert notice == f"bob opened a rematch, your seat kept for you: table {new} (Rematch on the game's end " \
                         "sits you down there)"
        alice = await join(as_login, "alice", str(where / f"{new}.sock"))
        assert alice.seat == 1
        alice.close()
        watcher.close()
    finally:
        await daemon.close()



async def test_the_rematch_key_finds_the_finished_table_after_every_player_took_the_game_over(where, as_login):  # noqa: F811
    """The shared-server e2e: at game over every player's screen offers `a Rematch`, but each client took its
    GameOver and left at once, the server dropped the table as soon as none was connected, and the key (as
    `dune-tui table rematch`) said "No rematch: no table … on this server".  The finished table stays for the
    rematch."""
    daemon = await started(where)
    try:
        seats = [SeatConfig(kind="human", login="bob"), SeatConfig(kind="human", login="alice"), BOT]
        name, path = await opened_by_bob(where, as_login, seats, 24, takeover="random", after=0)
        player = await join(as_login, "carol", path, SPECTATOR)  # (the seats play themselves: away, taken over)
        hosted = daemon.tables[name]
        await until(lambda: hosted.table.controller.over, seconds=90)
        player.close()
        await asyncio.wait_for(hosted.server.idle(), 5)
        await asyncio.sleep(0.3)  # (the server's own look at its idle table)
        done = await ask(as_login, "alice", control.ManageTable(table=name, verb="rematch"))
        assert isinstance(done, control.Done), done
        new = done.table
        assert done.text == f"the rematch is open: table {new}"
        assert [s.login for s in daemon.tables[new].table.session.seats] == ["bob", "alice", ""]
    finally:
        await daemon.close()


async def test_a_player_the_owner_sends_away_is_not_told_the_seat_is_still_theirs(where, as_login):  # noqa: F811
    """The README's server lines as users: carol, whose seat bob released, read "bob, who opened the table, released
    seat 3. Press q to leave; the table server keeps the game: once it runs again, … your seat still yours" (what a
    player hears when the server stops).  The owner's release, kick and private say only what happened; the
    server's stop still says it keeps the game."""
    from dune_tui.ui.closed import ended

    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, BOT], 22)
        told = {}
        for verb, how in (("release", dict(seat=0)), ("kick", dict(login="mallory")), ("private", {})):
            player = await join(as_login, "mallory", path, SPECTATOR if verb == "private" else None)
            await ask(as_login, "bob", control.ManageTable(table=name, verb=verb, **how))
            await player.wait_closed()
            told[verb] = ended(player.reason, player, True, on_server=True)
            await ask(as_login, "bob", control.ManageTable(table=name, verb="public"))
        assert told == {"release": "bob, who opened the table, released seat 1. Press q to leave.",
                        "kick": "bob, who opened the table, sent you away. Press q to leave.",
                        "private": "bob, who opened the table, made it private. Press q to leave."}
        alice = await join(as_login, "alice", path)
    finally:
        await daemon.close()
    await alice.wait_closed()
    assert "the table server keeps the game" in ended(alice.reason, alice, True, on_server=True)
    assert "your seat still yours" in ended(alice.reason, alice, True, on_server=True)


async def test_the_table_command_asks_the_server_and_says_what_it_did_or_why_not(where, as_login, monkeypatch,  # noqa: F811
                                                                                 capsys):
    from dune_tui.cli import main

    monkeypatch.setenv(place.ENV, str(where / "none"))
    assert await asyncio.to_thread(main, ["table", "private", "bob-x"]) == 2
    assert "no table server runs on this machine" in capsys.readouterr().err
    monkeypatch.setenv(place.ENV, str(where))
    daemon = await started(where)
    try:
        name, _ = await opened_by_bob(where, as_login, [HUMAN, HUMAN, BOT], 25)
        assert await asyncio.to_thread(main, ["table", "invite", name, "alice", "--seat", "2"]) == 0
        assert capsys.readouterr().out == "seat 2 is kept for alice\n"
        as_login.now = "mallory"
        assert await asyncio.to_thread(main, ["table", "release", name, "2"]) == 1
        assert capsys.readouterr().err == "dune-tui table: only bob, who opened the table, may release there\n"
        assert daemon.tables[name].table.session.seats[1].login == "alice"
    finally:
        await daemon.close()


def test_the_grace_of_serve_takes_seconds_or_a_unit():
    import argparse

    from dune_tui.commands.serve import duration

    assert [duration(t) for t in ("90", "30s", "10m", "2h", "1d")] == [90, 30, 600, 7200, 86400]
    for bad in ("soon", "-1m", "99d"):
        with pytest.raises(argparse.ArgumentTypeError):
            duration(bad)


async def test_a_finished_table_is_rematched_later_after_a_restart_by_its_owner_or_players(where, as_login,  # noqa: F811
                                                                                           monkeypatch, capsys):
    from dune_tui.cli import main

    monkeypatch.setenv(place.ENV, str(where))
    daemon = await started(where)
    try:
        seats = [SeatConfig(kind="human", login="bob"), SeatConfig(kind="human", login="alice"), BOT]
        name, _ = await opened_by_bob(where, as_login, seats, 26, takeover="random", after=0)
        old = daemon.tables[name].table
        await until(lambda: old.controller.over, seconds=90)
        await until(lambda: any(name.endswith(f.id) for f in daemon.store.finished_for("bob")), seconds=30)  # kept
        seed = old.session.options.seed
    finally:
        await daemon.close()
    daemon = await started(where)  # hours later: the finished table is in the store only
    try:
        assert name not in daemon.tables
        listed = {who: (await ask(as_login, who, control.ListTables())).finished for who in ("alice", "mallory")}
        assert [t.id for t in listed["alice"]] == [name.removeprefix("bob-")] and listed["mallory"] == ()
        as_login.now = "alice"
        assert await asyncio.to_thread(main, ["tables"]) == 0
        assert f"bob's table {name}: finished " in capsys.readouterr().out
        stranger = await ask(as_login, "mallory", control.ManageTable(table=name, verb="rematch"))
        assert stranger.reason == "only bob, who opened the table, may rematch there (and its players)"
        as_login.now = "bob"
        assert await asyncio.to_thread(main, ["table", "rematch", name]) == 0
        new = capsys.readouterr().out.strip().removeprefix("the rematch is open: `dune-tui join ").removesuffix("`")
        table = daemon.tables[new].table
        assert [s.login for s in table.session.seats] == ["bob", "alice", ""]
        assert table.session.options.seed != seed
        twice = await ask(as_login, "alice", control.ManageTable(table=name, verb="rematch"))
        assert twice.table == new  # a player's key finds the rematch open
    finally:
        await daemon.close()
    daemon = await started(where)  # the rematch open is known after a restart too
    try:
        again = await ask(as_login, "alice", control.ManageTable(table=name, verb="rematch"))
        assert again.table == new and len(daemon.tables) == 1
        unknown = await ask(as_login, "bob", control.ManageTable(table="bob-nothing", verb="rematch"))
        assert unknown.reason.startswith("no table 'bob-nothing' on this server")
    finally:
        await daemon.close()


async def test_a_game_abandoned_counts_as_a_loss_for_whoever_left_it(where, as_login, monkeypatch):  # noqa: F811
    """Alice sits down and leaves; a bot plays her seat (the takeover) to the end: she is ranked last, below
    everyone, whatever her seat's bot did, by openskill's own numbers; a seat left and freed the same."""
    from openskill.models import PlackettLuce

    from dune_tui.record import ratings
    from tests.server.test_daemon import Player

    monkeypatch.setattr(ratings, "measured", lambda: {})
    daemon = await started(where)
    try:
        name, path = await opened_by_bob(where, as_login, [HUMAN, HUMAN, HUMAN, HUMAN], 23, takeover="random",
                                         after=0.05)
        players = [Player(await join(as_login, who, path, seat), seed=seat)
                   for seat, who in enumerate(["bob", "alice", "carol", "dave"])]
        players[1].answering = players[3].answering = False
        players[1].remote.close()  # alice leaves: her seat stays hers, a bot plays it
        assert await ask(as_login, "bob", control.ManageTable(table=name, verb="kick", login="dave")) == \
            control.Done(text="dave is sent away; their seat is free")  # dave's seat freed: a bot plays it
        table = daemon.tables[name].table
        await until(lambda: table.controller.over, seconds=60)
        game_id = table.session.game_id
        await until(lambda: daemon.store.rating_change(game_id, "bob") is not None)
        state = table.session.state
        won = [seat for seat, side in enumerate(state.seat_faction[:4]) if side in state.result.winners]
        ranks = [3 if seat in (1, 3) else 1 if seat in won or not won else 2 for seat in range(4)]
        model = PlackettLuce()
        teams = model.rate([[model.rating()] for _ in range(4)], ranks=ranks)
        changes = {}
        for seat, login in enumerate(["bob", "alice", "carol", "dave"]):
            _, after = changes[login] = daemon.store.rating_change(game_id, login)
            assert (after.mu, after.sigma) == pytest.approx((teams[seat][0].mu, teams[seat][0].sigma), abs=1e-12)
        assert all(changes[who][1].mu < changes[who][0].mu for who in ("alice", "dave"))
        stayed, left = ("bob", "carol"), ("alice", "dave")
        assert min(changes[who][1].mu for who in stayed) > max(changes[who][1].mu for who in left)
        for p in players:
            p.remote.close()
    finally:
        await daemon.close()
