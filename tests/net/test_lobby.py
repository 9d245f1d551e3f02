"""The lobby directory and the cards in it: what a user of the machine finds, and what another user cannot fake."""

from __future__ import annotations

import asyncio
import os
import socket
import sys

import msgspec
import pytest
from net_helpers import ANN, Hosted, Player, bot, until

from dune_tui.cli import main
from dune_tui.games.dune import Options
from dune_tui.net import lobby
from dune_tui.net.identity import my_login
from dune_tui.net.publisher import Publisher
from dune_tui.session import SeatConfig, Session

NOBODY = 65534  # a uid that is not ours (root may give files away to it)
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")


@root_only
def test_a_missing_lobby_is_made_sticky_and_world_writable_by_root(tmp_path, monkeypatch):
    monkeypatch.setenv(lobby.ENV, str(tmp_path / "lobby"))
    where = lobby.lobby_dir()
    assert oct(os.stat(where).st_mode & 0o7777) == "0o1777" and os.stat(where).st_uid == 0


def test_a_missing_lobby_is_not_made_by_a_user_who_is_told_how_the_administrator_makes_it(tmp_path, monkeypatch):
    """A lobby the first host made would be that user's: its owner could remove the others' tables, and everyone
    else refuses it. So a user is told the administrator's one command, and codes still work."""
    monkeypatch.setenv(lobby.ENV, str(tmp_path / "lobby"))
    monkeypatch.setattr(lobby.os, "geteuid", lambda: 1000)
    with pytest.raises(lobby.LobbyUnsafe, match=r"no lobby on this machine yet: the administrator makes one .*"
                                                r"install -d -m 1777 .*join codes still work"):
        lobby.lobby_dir()
    assert not (tmp_path / "lobby").exists()


def test_an_unsafe_lobby_is_refused_with_a_sentence(tmp_path, monkeypatch):
    real = tmp_path / "real"
    real.mkdir(mode=0o777)
    os.chmod(real, 0o777)  # world-writable without the sticky bit: anyone could replace a table
    monkeypatch.setenv(lobby.ENV, str(real))
    with pytest.raises(lobby.LobbyUnsafe, match="without the sticky bit"):
        lobby.lobby_dir()
    (tmp_path / "link").symlink_to(real)
    monkeypatch.setenv(lobby.ENV, str(tmp_path / "link"))
    with pytest.raises(lobby.LobbyUnsafe, match=r"symbolic link.*join codes still work"):
        lobby.lobby_dir()


@root_only
def test_a_lobby_another_user_owns_is_refused(tmp_path, monkeypatch):
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chmod(theirs, 0o1777)
    os.chown(theirs, NOBODY, NOBODY)
    monkeypatch.setenv(lobby.ENV, str(theirs))
    with pytest.raises(lobby.LobbyUnsafe, match=r"belongs to .*not to root or you"):
        lobby.lobby_dir()


def listen_at(path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    sock.listen(64)
    return sock


def card(host: str, game_id: str = "20261125-101010-abcd", **kw) -> lobby.Card:
    return lobby.Card(table=lobby.table_name(host, game_id), host=host, game_id=game_id, rules="dune",
                      title="Dune: The Dice Game", players=2, state="round 1",
                      seats=(lobby.SeatCard(seat=0, status="free"), lobby.SeatCard(seat=1, status="bot", name="x")),
                      **kw)


def test_cards_that_lie_about_their_table_are_broken_and_stale_ones_gone(tmp_path):
    me = my_login()
    good = card(me)
    lobby.publish(tmp_path, good)
    assert oct(os.stat(tmp_path / f"{good.table}.json").st_mode & 0o777) == "0o644"
    sock = listen_at(tmp_path / f"{good.table}.sock")
    liar = card("alice", "20261125-101010-ffff")  # written by me, claiming alice hosts it
    lobby.publish(tmp_path, liar)
    renamed = msgspec.structs.replace(card(me, "20261125-101010-eeee"), table=f"{me}-elsewhere")
    (tmp_path / f"{me}-20261125-101010-eeee.json").write_bytes(msgspec.json.encode(renamed))
    stale = card(me, "20261125-101010-0000")
    lobby.publish(tmp_path, stale)
    listen_at(tmp_path / f"{stale.table}.sock").close()  # nobody listens any more
    (tmp_path / "junk.json").write_text("{not a card")
    found = {e.stem: e.problem for e in lobby.tables(tmp_path)}
    assert found[good.table] == ""
    assert found[liar.table] == f"broken: it says alice hosts it, but its file is {me}'s"
    assert found[f"{me}-20261125-101010-eeee"] == "broken: its name is not its table's"
    assert found[stale.table] == "gone"
    assert found["junk"] == "broken: not a table's card"
    shown = [e.stem for e in lobby.ordered(lobby.tables(tmp_path), me)]
    assert shown[0] == good.table and stale.table not in shown, "live tables first, gone ones left out"
    sock.close()


@root_only
def test_a_card_whose_socket_is_another_users_is_broken(tmp_path):
    me = my_login()
    c = card(me)
    lobby.publish(tmp_path, c)
    sock = listen_at(tmp_path / f"{c.table}.sock")
    os.chown(tmp_path / f"{c.table}.sock", NOBODY, NOBODY)
    assert lobby.read_card(tmp_path, c.table).problem == f"broken: its socket is not {me}'s"
    sock.close()


def test_a_hosted_table_is_published_followed_and_withdrawn(own_lobby, capsys):
    me = my_login()
    game = Session(Options(players=3, seed=5), [ANN, SeatConfig(kind="human", agent="", login="alice"), bot()],
                   bots_secret=5)

    async def main():
        async with Hosted(game, lobby=own_lobby) as hosted:
            publisher = Publisher(hosted.table, own_lobby, "host")
            name = publisher.name
            first = lobby.read_card(own_lobby, name)
            assert main_tables() == 0
            listed = capsys.readouterr().out
            player = Player(await hosted.join(None))  # me: no seat of mine, so the free one
            await until(lambda: lobby.read_card(own_lobby, name).card.seats[0].status == "taken", "seat 1 taken")
            taken = lobby.read_card(own_lobby, name)
            publisher.close()
            return first, listed, taken, player, os.listdir(own_lobby)

    first, listed, taken, player, left = asyncio.run(main())
    assert first.card.seats[0].status == "free" and first.card.seats[1] == lobby.SeatCard(
        seat=1, status="reserved", login="alice")
    assert first.card.state == "waiting (round 1)" and first.card.host == "host"
    assert first.problem.startswith("broken: it says host hosts it"), "the card's host is not its file's owner"
    assert f"{first.stem}  ({me}'s)  broken" in listed
    assert taken.card.seats[0].login == me and taken.card.seats[0].here
    assert left == [], "the card and the socket leave with the table"
    assert player.remote.seat == 0


def main_tables() -> int:
    sys.argv = ["dune-tui", "tables"]
    return main(["tables"])


def test_host_load_publishes_the_table_again_with_each_seat_still_its_players(own_lobby, save_dir):
    """A seat kept for a login (given, or taken first come) is saved with the game; `host --load` republishes it."""
    from test_host_command import start_host

    from dune_tui import saves

    me = my_login()

    async def main():
        proc, _ = await start_host("--seat", "user:alice", "--seat", "human", "--seat", "random", "--seed", "3",
                                   save_dir=save_dir)
        await until(lambda: list(own_lobby.glob("*.json")), "the card", limit=60_000)
        name = next(p.stem for p in own_lobby.glob("*.json"))
        sock = own_lobby / f"{name}.sock"
        from dune_tui.net.client import RemoteTable

        carol = await RemoteTable.join_local(str(sock))  # I take the free seat: it is kept for me
        await until(lambda: lobby.read_card(own_lobby, name).card.seats[1].status == "taken", "the seat taken")
        carol.close()
        proc.send_signal(15)
        await asyncio.wait_for(proc.wait(), 60)
        gone = list(own_lobby.iterdir())
        again, _ = await start_host("--load", str(saves.latest_autosave(save_dir)), save_dir=save_dir)
        await until(lambda: list(own_lobby.glob("*.json")), "published again", limit=60_000)
        card = lobby.read_card(own_lobby, name)
        again.send_signal(15)
        await asyncio.wait_for(again.wait(), 60)
        return gone, card

    gone, card = asyncio.run(main())
    assert gone == [], "the card and the socket left with the table"
    assert card.problem == "" and card.card.table == f"{me}-{card.card.game_id}"
    assert [(s.status, s.login, s.claimed) for s in card.card.seats] == [
        ("reserved", "alice", False), ("reserved", me, True), ("bot", "", False)], "a seat taken is not an invitation"


def test_a_host_with_an_unsafe_lobby_says_so_and_tcp_codes_still_work(tmp_path, monkeypatch, save_dir):
    from test_host_command import start_host

    from dune_tui.net.client import RemoteTable

    unsafe = tmp_path / "open"
    unsafe.mkdir()
    os.chmod(unsafe, 0o777)
    monkeypatch.setenv(lobby.ENV, str(unsafe))

    async def main():
        proc, codes = await start_host("--seat", "human", "--seat", "random", "--seed", "3", save_dir=save_dir)
        said = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        while "lobby" not in said:
            said = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        remote = await RemoteTable.join(codes["seat 1"])
        seat = remote.seat
        remote.close()
        proc.send_signal(15)
        await asyncio.wait_for(proc.wait(), 60)
        return said, seat

    said, seat = asyncio.run(main())
    assert said.startswith(f"Not in the lobby: the lobby directory {unsafe} may be written by others without the "
                           "sticky bit (chmod 1777)")
    assert seat == 0 and os.listdir(unsafe) == []


def test_join_finds_the_table_waiting_for_me_by_name_or_alone(own_lobby):
    from dune_tui.commands.host import find_table

    me = my_login()
    assert find_table(None, me) is None, "no table: `join` asks for a code as before"
    mine = msgspec.structs.replace(card(me), seats=(lobby.SeatCard(seat=0, status="reserved", login="alice"),
                                                    lobby.SeatCard(seat=1, status="bot", name="x")))
    lobby.publish(own_lobby, mine)
    sock = listen_at(own_lobby / f"{mine.table}.sock")
    try:
        assert find_table(None, "alice").stem == mine.table, "the table waiting for alice"
        assert find_table(None, "carol") is None, "no seat for carol: she is asked for a code"
        assert find_table(me, "carol").stem == mine.table, "by its host's login"
        assert find_table(mine.table, "carol").stem == mine.table, "by its name"
        assert find_table("nobody", "carol").startswith("no table 'nobody' in this machine's lobby")
    finally:
        sock.close()


def test_join_alone_never_sits_a_stranger_at_a_free_seat(own_lobby):
    """Found by a newcomer: `dune-tui join` alone sat mallory at carol's free seat instead of asking for a code.
    Alone it finds only a table with a seat kept for you (reserved, or yours from another terminal)."""
    from dune_tui.commands.host import find_table

    me = my_login()
    free = msgspec.structs.replace(card(me), seats=(lobby.SeatCard(seat=0, status="taken", login="carol"),
                                                    lobby.SeatCard(seat=1, status="free")))
    lobby.publish(own_lobby, free)
    sock = listen_at(own_lobby / f"{free.table}.sock")
    try:
        assert find_table(None, "mallory") is None, "a free seat is no invitation: mallory is asked for a code"
        assert find_table(None, "carol").stem == free.table, "carol's own seat, from another terminal"
        assert find_table(me, "mallory").stem == free.table, "named, the free seat is hers to ask for"
    finally:
        sock.close()


def test_a_hosted_game_is_not_opened_at_one_keyboard_while_its_seats_are_other_players(save_dir, capsys):
    """Found by a newcomer: bob's `dune-tui load` (or Continue) of the game hosted for alice let bob play and see
    alice's seat. An unfinished game with seats kept for other logins resumes only at a table (`host --load`)."""
    from dune_tui import saves

    me = my_login()
    seats = [SeatConfig(kind="human", login=me), SeatConfig(kind="human", login="alice"), SeatConfig()]
    session = Session(Options(players=3, seed=5), seats, bots_secret=5)
    path = saves.autosave(session, save_dir)
    assert main(["load", str(path)]) == 2
    said = capsys.readouterr().err
    assert "this game was played at a table and seat 2 is alice's: resume it with `dune-tui host --load" in said
    assert session.kept_for_others("alice") == "" or "seat 1" in session.kept_for_others("alice")
    mine = Session(Options(players=2, seed=5), [SeatConfig(kind="human", login=me), SeatConfig()], bots_secret=5)
    assert mine.kept_for_others(me) == "", "a table of one's own seats opens at one's keyboard as before"


def test_a_seat_joined_with_a_code_shows_away_on_the_card_once_its_player_leaves(own_lobby):
    """Issue 41: after a join by code, the card said "taken" with no "(away)" once the player had left."""
    from net_helpers import BOB

    from dune_tui.net.client import RemoteTable

    me = my_login()
    game = Session(Options(players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)

    async def main():
        async with Hosted(game, lobby=own_lobby) as hosted:
            publisher = Publisher(hosted.table, own_lobby, me, held=lambda: hosted.server.by_code)
            name = publisher.name
            os.rename(hosted.path, own_lobby / f"{name}.sock")  # Hosted names its socket for "host"
            bob = await RemoteTable.join(hosted.address(1))  # with its code, over TCP
            await until(lambda: lobby.read_card(own_lobby, name).card.seats[1].here, "Bob at his seat")
            here = lobby.describe(lobby.read_card(own_lobby, name), "carol")
            bob.close()
            await until(lambda: not lobby.read_card(own_lobby, name).card.seats[1].here, "Bob gone")
            away = lobby.describe(lobby.read_card(own_lobby, name), "carol")
            publisher.close()
            return here, away

    here, away = asyncio.run(main())
    assert "seats: 1 free, 2 Bob, 3 bot (random)" in here[1], here
    assert "seats: 1 free, 2 Bob (away), 3 bot (random)" in away[1], away



@pytest.mark.parametrize("seat", ["0", "-1"])
def test_join_seat_0_is_refused_with_a_sentence_not_a_spectator(seat, capsys):
    """Issue 41: `join bob --seat 0` silently made its user a spectator (seat 0 - 1 is the spectators' -1)."""
    with pytest.raises(SystemExit) as exit_:
        main(["join", "bob", "--seat", seat])
    assert exit_.value.code == 2
    assert f"seats are numbered from 1 (seat 1 is the first), not {seat}; --watch watches the table" \
        in capsys.readouterr().err
