"""The owner's controls on the table screen (issue 43): whoever opened a table of the table server has `o`, "Manage
table", on its screen (`?` says so; the footer has no room for it at 80 columns), a dialog that sends the same
control requests as `dune-tui table VERB` and shows what changed or why not; a player at somebody else's table has no
such key."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net.identity import my_login
from dune_tui.server import control, place
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.app import DuneApp
from dune_tui.ui.settings import Settings
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)
from tests.server.test_manage import as_login  # noqa: F401 (the fixture)
from tests.ui.ui_helpers import screen_text, until, until_shown


async def opened(where, as_login, owner: str, me: str, seed: int):  # noqa: F811
    game = Session(Options(players=3, seed=seed), [SeatConfig(kind="human", login=me), SeatConfig(kind="human"),
                                                   SeatConfig(kind="bot", agent="random")], bots_secret=seed)
    as_login.now = owner
    answer = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=0))
    as_login.now = me
    return answer.table


async def sat_down(pilot, table: str) -> None:
    app = pilot.app
    await pilot.press("t")
    await until(pilot, lambda: table in screen_text(app), what="the table in the list")
    await pilot.press("enter")
    await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game")
    await until(pilot, lambda: app.screen.owner is not None, what="whose table it is")


def flat(app) -> str:
    return " ".join(screen_text(app).split())


async def test_the_owner_manages_the_table_from_its_screen_each_answer_a_sentence(where, monkeypatch, as_login):  # noqa: F811
    me = my_login()
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        table = await opened(where, as_login, me, me, 51)
        seats = daemon.tables[table].table.session.seats
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(120, 34)) as pilot:
            await sat_down(pilot, table)
            await pilot.press("question_mark")
            await until_shown(pilot, "Manage table")
            await pilot.press("escape")
            await pilot.press("o")
            await until_shown(pilot, f"Manage table {table}", "i   invite a login to a seat")
            await pilot.press("i", *"alice 2", "enter")
            await until(pilot, lambda: "Done: seat 2 is kept for alice." in flat(app), what="the invitation done")
            assert seats[1].login == "alice"
            await pilot.press("k", *"mallory", "enter")
            await until(pilot, lambda: "Refused: mallory neither holds a seat nor watches at this table." in flat(app),
                        what="the refusal, a sentence")
            await pilot.press("r", *"two", "enter")
            await until(pilot, lambda: "Not sent: type the seat's number: 1 is the first seat." in flat(app),
                        what="a bad seat said, nothing sent")
            await pilot.press("escape", "p")
            await until(pilot, lambda: "Done: private: invited logins only, open to watchers." in flat(app),
                        what="the table made private")
            assert daemon.tables[table].server.private
            await pilot.press("r", *"2", "enter")
            await until(pilot, lambda: "Done: seat 2 is free." in flat(app), what="the seat released")
            assert seats[1].login == ""
            await pilot.press("n")
            await until(pilot, lambda: "closed to watchers." in flat(app), what="closed to watchers")
            assert not daemon.tables[table].server.watching
            await pilot.press("escape")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="back to the game")
            app.exit()
    finally:
        await daemon.close()


async def test_a_player_at_somebody_elses_table_has_no_manage_key(where, monkeypatch, as_login):  # noqa: F811
    me = my_login()
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        table = await opened(where, as_login, "bob", me, 52)
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(120, 34)) as pilot:
            await sat_down(pilot, table)
            assert app.screen.owner is False
            await pilot.press("o")
            await pilot.pause(0.2)
            assert type(app.screen).__name__ == "GameScreen" and "Manage table" not in screen_text(app)
            await pilot.press("question_mark")
            await until(pilot, lambda: type(app.screen).__name__ == "Help", what="the help")
            assert "Manage table" not in screen_text(app)
            app.exit()
    finally:
        await daemon.close()


async def test_the_owners_footer_keeps_help_in_sight_at_80_columns(where, monkeypatch, as_login):  # noqa: F811
    """Found by the README's test: at 80x24 the owner's footer, with `o` beside a decision's keys, ran out at "? H".
    `o` is listed by `?` (as `e` is): the footer has no room for it beside a roll's keys."""
    me = my_login()
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        table = await opened(where, as_login, me, me, 53)
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await sat_down(pilot, table)
            assert app.screen.owner is True
            await until(pilot, lambda: "h Hint" in screen_text(app).splitlines()[-1], what="a decision's footer")
            assert screen_text(app).splitlines()[-1].rstrip().endswith("? Help"), screen_text(app).splitlines()[-1]
            app.exit()
    finally:
        await daemon.close()


async def test_at_a_door_the_owner_known_by_key_has_the_manage_key(where, monkeypatch, as_login):  # noqa: F811
    """A door's player is `key:NAME` (the server knows them so; the UI shows it from $DUNE_TUI_IDENTITY): the table
    they opened is theirs to manage (8799a75: before it, the screen asked the server's login, and had no `o`)."""
    from dune_tui.net.identity import DOOR, IDENTITY

    me = "key:alice"
    monkeypatch.setenv(DOOR, "ssh")
    monkeypatch.setenv(IDENTITY, me)
    monkeypatch.setenv(place.ENV, str(where))
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where / "no-lobby"))
    daemon = await started(where)
    try:
        table = await opened(where, as_login, me, me, 54)
        assert daemon.tables[table].owner == me
        app = DuneApp(None, Settings(autosave=False))
        async with app.run_test(size=(120, 34)) as pilot:
            await sat_down(pilot, table)
            assert app.screen.owner is True
            await pilot.press("o")
            await until_shown(pilot, f"Manage table {table}", "i   invite a login to a seat")
            app.exit()
    finally:
        await daemon.close()
