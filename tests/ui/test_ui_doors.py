"""A front door's player (issue 44: `serve --ssh`, `serve --web`): their UI runs as the server's Unix user, so it
lets them name no file or directory of the server's, and tells them no shell command, which they have no shell to run
in: what they can do instead (ssh back in, open the page again)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from ui_helpers import human_waiting, make_app, pilot_test, screen_name, screen_text, session, until

from dune_tui.net.identity import DOOR
from dune_tui.ui.closed import CLOSED_BY_HOST, ended
from dune_tui.ui.door import shown
from dune_tui.ui.saving import resume_note
from dune_tui.ui.screens.modals import LeaveTable


@pytest.fixture(params=["ssh", "web"])
def door(request, monkeypatch):
    """This process as a front door starts it (the door's own environment variable)."""
    monkeypatch.setenv(DOOR, request.param)
    return request.param


@pytest.mark.slow
@pilot_test
async def test_at_a_door_a_failed_save_asks_no_directory_and_writes_nowhere_else(tmp_path, monkeypatch):
    monkeypatch.setenv(DOOR, "ssh")
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the save directory should be")
    elsewhere = tmp_path / "elsewhere"
    app = make_app(session(2, seed=9), blocked)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("q", "y")
        await until(pilot, lambda: screen_name(app) == "NotSaved")
        text = " ".join(screen_text(app).split())
        assert "could NOT be saved" in text and "no other place can be chosen here" in text, text
        assert "Type another directory" not in text and not app.screen.query("Input")
        await pilot.press(*str(elsewhere), "enter")  # typed anyway: nothing takes it
        await pilot.pause()
        assert screen_name(app) == "NotSaved" and not elsewhere.exists()
        await pilot.press("ctrl+x")
        await until(pilot, lambda: not app.is_running)
    assert app.return_value == 1 and not elsewhere.exists()


def test_at_a_door_the_exit_note_names_no_path_and_no_command(door, save_dir):
    note = resume_note(save_dir / "autosave-20261127-080000-abcd.dune.json", over=False)
    assert "dune-tui" not in note and str(save_dir) not in note and "Continue on the main menu" in note
    assert ("ssh back in" if door == "ssh" else "page again") in note


@pilot_test
async def test_at_a_door_leaving_a_table_tells_the_way_back_not_a_command(door):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(LeaveTable("dune-tui join alice-1", back_to="Tables on this server"))
        await until(pilot, lambda: "keep playing" in screen_text(app), what="the leave dialog")
        text = " ".join(screen_text(app).replace("█", " ").split())
    assert "dune-tui" not in text and "To sit down again, pick the table in the menu's Tables on this server" in text
    assert ("ssh back in" if door == "ssh" else "page again") in text


def test_at_a_door_a_table_s_end_names_no_command(door):
    for seat in (0, -1):
        remote = SimpleNamespace(over=False, seat=seat)
        for said in (ended("the table server has stopped", remote, lobby_table=False, on_server=True),
                     ended("the connection was lost", remote, lobby_table=True)):
            assert "dune-tui" not in said and "Tables on this server" in said, said
        for said in (ended(CLOSED_BY_HOST, remote, lobby_table=False),  # a table joined by code
                     ended("the connection was lost", remote, lobby_table=False)):
            assert "dune-tui" not in said and said.endswith("Press q to leave."), said


@pilot_test
async def test_at_a_door_no_tables_says_how_to_open_one_from_the_menu(door, own_lobby):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: "No tables on this server yet" in screen_text(app), what="an empty lobby")
        text = " ".join(screen_text(app).split())
    assert "New game, then host it, opens one" in text and "dune-tui" not in text, text


@pytest.mark.slow
@pilot_test
async def test_at_a_door_save_as_takes_a_name_never_a_path(tmp_path, monkeypatch):
    monkeypatch.setenv(DOOR, "ssh")
    mine = tmp_path / "saves"
    app = make_app(session(2, seed=9), mine)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        for path in ("../outside", str(tmp_path / "outside")):
            await pilot.press("ctrl+s", *path, "enter")
            await until(pilot, lambda: "Not saved: a save name is" in screen_text(app), what="the refusal")
            await pilot.press("escape")
            await until(pilot, lambda: human_waiting(app))
        await pilot.press("ctrl+s", *"mine", "enter")
        await until(pilot, lambda: (mine / "mine.dune.json").exists(), what="the save under its name")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]


@pytest.mark.slow
@pilot_test
async def test_at_a_door_the_table_refuses_a_save_naming_a_directory(door, tmp_path):
    """The Table layer itself, not only the screens that no longer offer it: a Save naming another directory is
    refused, nothing written there (the process is the server's user)."""
    from dune_tui.table.messages import Save, Saved, SaveFailed

    mine, elsewhere = tmp_path / "saves", tmp_path / "elsewhere"
    app = make_app(session(2, seed=9), mine)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        for name in ("", "mine"):
            reply = app.table.keeper.save(Save(name=name, directory=str(elsewhere), ref=3))
            assert isinstance(reply, SaveFailed) and "names no directory" in reply.reason and reply.ref == 3
        assert isinstance(app.table.keeper.save(Save(name="mine", ref=4)), Saved)  # its own saves: yes
        assert (mine / "mine.dune.json").exists()
    assert not elsewhere.exists() and app.table.save_dir == mine


@pilot_test
async def test_at_a_door_your_games_finds_the_players_own_seat_by_their_key(door, save_dir, monkeypatch):
    """A key's player (`key:NAME`, as the door gives it) is the seat kept for that identity, not the server's login
    (8799a75: before it, Your games asked the server's login and found no seat of theirs)."""
    from dune_tui.games.dune import Options
    from dune_tui.net.identity import IDENTITY
    from dune_tui.saves import schema
    from dune_tui.saves.files import write_atomic
    from dune_tui.saves.store import to_file
    from dune_tui.session import SeatConfig, Session
    from tests.review.games import play

    monkeypatch.setenv(IDENTITY, "key:alice")
    options = Options(players=3, seed=3)
    seats = [SeatConfig(kind="human", login="key:bob"), SeatConfig(kind="human", login="key:alice"),
             SeatConfig(kind="bot", agent="heuristic")]
    game = Session(options, seats, play(options), game_id="game-one", bots_secret=1)
    save_dir.mkdir(mode=0o700)
    write_atomic(save_dir / "autosave-game-one.dune.json",
                 schema.encode(to_file(game, "autosave-game-one", "auto")), keep_backup=False)
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("y")
        await until(pilot, lambda: "Your record: 1 game" in screen_text(app), what="Your games")
        shown = app.screen.shown[0]
        assert shown.you == 1 and shown.seats[1].login == "key:alice"
        assert shown.seats[1].side in screen_text(app)


def test_at_a_door_a_path_of_the_servers_is_said_as_the_player_knows_it(door, save_dir):
    autosave = save_dir / "autosave-20261127-080000-abcd.dune.json"
    said = shown(f"cannot write {autosave}: [Errno 13] Permission denied: '{save_dir}'; no server at /var/lib/x")
    assert said == ("cannot write autosave-20261127-080000-abcd.dune.json: [Errno 13] Permission denied: "
                    "'your saves'; no server at a path of the server's")
    for kept in ("http://host:8080/?t=abc", "seats 1/2", "and/or"):
        assert shown(kept) == kept


def test_away_from_a_door_a_path_is_shown_as_it_is(save_dir, monkeypatch):
    monkeypatch.delenv(DOOR, raising=False)
    assert shown(f"cannot write {save_dir}") == f"cannot write {save_dir}"


def test_at_a_door_a_game_kept_for_others_names_no_command(door):
    from dune_tui.session import SeatConfig

    game = session(2, seats=[SeatConfig(kind="human", login="key:bob"), SeatConfig(kind="human", login="key:al")])
    assert "dune-tui host --load" in game.kept_for_others("key:al", "FILE")
    said = game.kept_for_others("key:al", "")
    assert "seat 1 is key:bob's" in said and "dune-tui" not in said and "hosting it again" in said
