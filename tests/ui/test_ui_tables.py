"""Tables on this server: the lobby's live list in the menu, sitting down from it, and its snapshots."""

from __future__ import annotations

import asyncio
import socket
from collections import Counter
from pathlib import Path

import msgspec
import pytest
from ui_helpers import make_app, pilot_test, screen_text, until

from dune_tui.games.dune import Options
from dune_tui.net import lobby
from dune_tui.session import SeatConfig, Session
from tests.net.net_helpers import Hosted

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
HUMAN, BOT = lobby.SeatCard(seat=0, status="free"), lobby.SeatCard(seat=1, status="bot", name="heuristic")


def a_card(host: str, game_id: str, seats=(HUMAN, BOT), state="waiting (round 1)", **kw) -> lobby.Card:
    return lobby.Card(table=lobby.table_name(host, game_id), host=host, game_id=game_id, rules="dune",
                      title="Dune: The Dice Game", players=len(seats), seats=tuple(seats), state=state, **kw)


class Tables:
    """Cards in a lobby, with live sockets (nothing answers them but the kernel's accept queue)."""

    def __init__(self, where: Path) -> None:
        self.where, self.socks = where, {}

    def open(self, card: lobby.Card) -> None:
        lobby.publish(self.where, card)
        if card.table not in self.socks:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.bind(str(self.where / f"{card.table}.sock"))
            sock.listen(64)
            self.socks[card.table] = sock

    def end(self, card: lobby.Card) -> None:
        self.socks.pop(card.table).close()
        lobby.withdraw(self.where, card.table)

    def close(self) -> None:
        for sock in self.socks.values():
            sock.close()


@pytest.fixture
def as_alice(monkeypatch):
    """Whoever runs the tests: alice looking at a lobby whose files bob owns (so the screen is the same for all)."""
    from dune_tui.ui.screens import menu, tables

    monkeypatch.setattr(lobby, "login_of", lambda uid: "bob")
    monkeypatch.setattr(tables, "my_identity", lambda: "alice")
    monkeypatch.setattr(menu, "my_identity", lambda: "alice")


def a_lobby(where: Path) -> Tables:
    tables = Tables(where)
    tables.open(a_card("bob", "20261125-201500-aaaa",
                       seats=(lobby.SeatCard(seat=0, status="taken", login="bob", here=True),
                              lobby.SeatCard(seat=1, status="reserved", login="alice"),
                              lobby.SeatCard(seat=2, status="free"),
                              lobby.SeatCard(seat=3, status="bot", name="mcts:normal"))))
    tables.open(a_card("bob", "20261125-190000-bbbb", state="round 4",
                       seats=(lobby.SeatCard(seat=0, status="taken", login="bob", here=True),
                              lobby.SeatCard(seat=1, status="taken", login="carol", here=True))))
    lying = a_card("mallory", "20261125-180000-cccc")
    (where / f"{lying.table}.json").write_bytes(msgspec.json.encode(lying))  # bob's file, claiming mallory
    return tables


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_tables_on_this_server(snap_compare, size, own_lobby, as_alice):
    tables = a_lobby(own_lobby)

    async def run_before(pilot) -> None:
        await until(pilot, lambda: "invites you" in screen_text(pilot.app), what="the invitation in the menu")
        await pilot.press("t")
        await until(pilot, lambda: "carol" in screen_text(pilot.app), what="the tables")

    try:
        assert snap_compare(make_app(), terminal_size=size, run_before=run_before)
    finally:
        tables.close()


@pilot_test
async def test_the_list_follows_tables_appearing_filling_and_ending(own_lobby, as_alice):
    tables = Tables(own_lobby)
    card = a_card("bob", "20261125-201500-dddd")
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: "No tables on this server yet" in screen_text(app), what="an empty lobby")
            tables.open(card)
            await until(pilot, lambda: "1 free" in screen_text(app), what="the table appearing")
            tables.open(a_card("bob", "20261125-201500-dddd", state="round 2",
                               seats=(lobby.SeatCard(seat=0, status="taken", login="carol", here=True), BOT)))
            await until(pilot, lambda: "1 carol" in screen_text(app) and "round 2" in screen_text(app),
                        what="the table filling")
            tables.end(card)
            await until(pilot, lambda: "No tables on this server yet" in screen_text(app), what="the table ending")
    finally:
        tables.close()


@pytest.mark.slow
@pilot_test
async def test_enter_sits_down_at_a_free_seat_and_a_kept_seat_refuses_with_whose_it_is(own_lobby):
    from dune_tui.net.identity import my_login
    from dune_tui.net.publisher import Publisher

    me = my_login()
    alices = SeatConfig(kind="human", agent="", name="alice", login="alice")
    full = Session(Options(players=2, seed=3), [alices, SeatConfig(kind="human", agent="", name="x", login="x")],
                   bots_secret=3)
    free = Session(Options(players=2, seed=4), [SeatConfig(kind="human", agent=""),
                                                 SeatConfig(kind="bot", agent="random")], bots_secret=4)
    app = make_app()
    async with Hosted(full, lobby=own_lobby) as one, Hosted(free, lobby=own_lobby) as two:
        cards = [Publisher(one.table, own_lobby, me), Publisher(two.table, own_lobby, me)]
        # the Hosted sockets are named for "host": the cards name the tables this login hosts
        for hosted, card in zip((one, two), cards, strict=True):
            Path(hosted.path).rename(own_lobby / f"{card.name}.sock")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: "alice's" in screen_text(app) and "1 free" in screen_text(app),
                        what="both tables")
            text = screen_text(app)
            on_full = text.index("alice's") < text.index("1 free")
            await pilot.press("enter" if on_full else "down", *([] if on_full else ["enter"]))
            refusal = f"the table refused: no free seat for {me}: seat 1 is alice's, seat 2 is x's; you may watch"
            await until(pilot, lambda: refusal in [str(n.message) for n in app._notifications], what="the refusal")
            await pilot.press("down" if on_full else "up", "enter")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game screen")
            await until(pilot, lambda: free.seats[0].login == me, what="the seat kept for me")
            # The host closes the table: the screen says how it comes back, and q leaves at once (a newcomer was
            # told "the table waits for you" by the leave dialog of a table that was gone).
            two.table.close()
            await two.server.close()
            await until(pilot, lambda: any("if the host resumes the game (`dune-tui host --load`)" in str(n.message)
                                           for n in app._notifications), what="the closed table told")
            await pilot.press("q")
            await until(pilot, lambda: type(app.screen).__name__ != "GameScreen", what="q leaving the closed table")
            assert "waits for you" not in screen_text(app)
        for card in cards:
            card.close()
        await asyncio.sleep(0)


@pilot_test
async def test_seat_lines_name_the_players_by_their_logins(own_lobby):
    from dune_tui.commands.play import JoinedApp

    carol = SeatConfig(kind="human", agent="", name="carol", login="carol")
    game = Session(Options(players=3, seed=5), [SeatConfig(kind="human", agent=""), carol,
                                                 SeatConfig(kind="bot", agent="random")], bots_secret=5)
    async with Hosted(game, lobby=own_lobby) as hosted:
        for size, line in (((120, 40), "carol, seat 2"), ((100, 30), "carol")):
            app = JoinedApp("host", path=hosted.path)
            async with app.run_test(size=size) as pilot:
                await until(pilot, lambda: "Your decision" in screen_text(app), what="the game")  # noqa: B023
                assert line in screen_text(app)
                app.table.close()


@pytest.mark.slow
@pilot_test
async def test_fifty_tables_are_listed_each_probed_once(own_lobby, as_alice, monkeypatch):
    """Fifty live tables are all listed, each time the screen opens, and a listing asks each table's socket once (the
    work is bound; how long it takes is benchmarks/bench_tables.py's figure: aim 0.5 s)."""
    from textual.widgets import OptionList

    from dune_tui.ui.screens import tables as screen

    probed, listed = [], []
    alive, listing = lobby.alive, screen.listing
    monkeypatch.setattr(lobby, "alive", lambda path: probed.append(path.name) or alive(path))
    monkeypatch.setattr(screen, "listing", lambda where: listed.append(where) or listing(where))
    tables = Tables(own_lobby)
    for i in range(50):
        tables.open(a_card("bob", f"20261125-2000{i:02d}-beef"))
    app = make_app()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3):
                await pilot.press("t")
                await until(pilot, lambda: app.screen.query(OptionList) and
                            app.screen.query_one(OptionList).option_count == 50, what="50 tables")
                await pilot.press("escape")
    finally:
        tables.close()
    probes = Counter(probed)  # (a listing the screen's timer began may still be on its way: at most one each)
    assert set(probes) == {f"{table}.sock" for table in tables.socks}
    assert all(3 <= n <= len(listed) for n in probes.values()), (probes, len(listed))


@pytest.mark.slow
@pilot_test
async def test_host_a_table_from_the_menu_publishes_it_and_another_terminal_sits_down(own_lobby):
    from dune_tui.net.client import RemoteTable
    from dune_tui.net.identity import my_login
    from dune_tui.ui.widgets.cycler import Cycler

    me = my_login()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: "Host a table on this server" in screen_text(app), what="the form")
        app.screen.query_one("#players", Cycler).set_values(list(range(2, 9)), 3)
        app.screen.query_one("#seat-1", Cycler).set_values(["human", "random"], "human")
        app.screen.query_one("#seat-2", Cycler).set_values(["human", "random"], "random")
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game screen")
        await until(pilot, lambda: list(own_lobby.glob("*.json")), what="the card")
        entry = lobby.ordered(lobby.tables(own_lobby), me)[0]
        assert entry.problem == "" and entry.card.host == me
        assert [s.status for s in entry.card.seats] == ["taken", "free", "bot"]
        guest = await RemoteTable.join_local(entry.socket, 1)  # (the same login as the host: it asks for seat 2)
        await until(pilot, lambda: lobby.read_card(own_lobby, entry.stem).card.seats[1].status == "taken",
                    what="the guest at seat 2")
        assert guest.seat == 1
        guest.close()
        app.table.close()
        await until(pilot, lambda: not list(own_lobby.iterdir()), what="the table leaving the lobby")


@pilot_test
async def test_an_invitation_coming_in_leaves_the_highlight_on_the_table_it_was_on(own_lobby, as_alice):
    """Issue 41: carol's table highlighted, bob's invitation arrives on top: the highlight (what the screen shows
    and what Enter takes) stays on carol's table, never silently on another."""
    from textual.widgets import OptionList

    tables = Tables(own_lobby)
    carols = a_card("bob", "20261125-100000-cccc", seats=(HUMAN, lobby.SeatCard(seat=1, status="free")))
    inviting = a_card("bob", "20261125-200000-bbbb",
                      seats=(lobby.SeatCard(seat=0, status="reserved", login="alice"), BOT))
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            tables.open(carols)
            await pilot.press("t")
            await until(pilot, lambda: "2 free" in screen_text(app), what="carol's table")
            options = app.screen.query_one("#tables-list", OptionList)
            assert options.highlighted_option.id == carols.table
            tables.open(inviting)
            await until(pilot, lambda: "invites you" in screen_text(app), what="the invitation")
            await pilot.pause(0.1)
            assert options.highlighted_option.id == carols.table, "the highlight left the table it was on"
            note = str(app.screen.query_one("#tables-note").render())
            assert "Enter: sit at bob's table, seat 1 (free; then kept for you)" in note, note
            # Enter at a stranger's free seat while a table waits for alice: said first, a second Enter sits her
            sat = []
            app.screen.sit = sat.append
            await pilot.press("enter")
            await until(pilot, lambda: "Enter again sits you at bob's table instead, seat 1 (free)" in
                        str(app.screen.query_one("#tables-note").render()), what="the question")
            assert sat == []
            await pilot.press("enter")
            assert sat == [None], "the second Enter sits her at the table she saw highlighted"
    finally:
        tables.close()


async def _published(hosted, where: Path):
    """A Hosted table's card under this login's name (Hosted names its socket for "host")."""
    from dune_tui.net.identity import my_login
    from dune_tui.net.publisher import Publisher

    card = Publisher(hosted.table, where, my_login())
    Path(hosted.path).rename(where / f"{card.name}.sock")
    return card


@pytest.mark.slow
@pilot_test
async def test_leaving_a_table_picked_from_the_list_goes_back_to_the_list_and_a_spectator_keeps_no_seat(own_lobby):
    """Issue 41: leaving a table picked from the menu exited dune-tui; the spectator's leave dialog said the host
    keeps "your seat"."""
    game = Session(Options(players=2, seed=4), [SeatConfig(kind="human", agent=""),
                                                 SeatConfig(kind="bot", agent="random")], bots_secret=4)
    app = make_app()
    async with Hosted(game, lobby=own_lobby) as hosted:
        card = await _published(hosted, own_lobby)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await until(pilot, lambda: "1 free" in screen_text(app), what="the table")
            await pilot.press("enter")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the game screen")
            await pilot.press("q")
            await until(pilot, lambda: type(app.screen).__name__ == "LeaveTable" and "seat" in screen_text(app),
                        what="the leave dialog drawn")  # (pushed is not yet drawn)
            text = " ".join(screen_text(app).split())
            assert "keeps the game and your seat" in text and "y leave the table, back to Tables on this server" \
                in text, text
            await pilot.press("y")
            await until(pilot, lambda: type(app.screen).__name__ == "TablesScreen", what="back to the list")
            assert app.is_running
            await pilot.press("w")
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="watching")
            await pilot.press("q")
            await until(pilot, lambda: type(app.screen).__name__ == "LeaveTable" and "watch" in screen_text(app),
                        what="the spectator's dialog drawn")
            text = " ".join(screen_text(app).split())
            assert "your seat" not in text and "you were watching it" in text and "To watch again" in text, text
            await pilot.press("y")
            await until(pilot, lambda: type(app.screen).__name__ == "TablesScreen", what="back to the list again")
        card.close()


@pytest.mark.slow
@pilot_test
async def test_a_lobby_player_is_told_the_game_is_over_not_about_new_codes_when_the_host_closes_after_it(own_lobby):
    """Issue 41: after game over, lobby players (`dune-tui join bob`) were told the host resumes the game with
    `host --load FILE`, which prints new codes."""
    from dune_tui.commands.play import JoinedApp

    game = Session(Options(players=2, seed=4), [SeatConfig(kind="bot", agent="random"),
                                                 SeatConfig(kind="bot", agent="random")], bots_secret=4)
    async with Hosted(game, lobby=own_lobby, pause=0.02) as hosted:  # the bots' game lasts while alice sits down
        app = JoinedApp("host", path=hosted.path, seat=-1)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: game.state.over, timeout=60, what="the game over")
            hosted.table.close()  # at once, as a host without a seat of its own stops at the end
            await hosted.server.close()
            said = lambda: " ".join(str(n.message) for n in app._notifications)  # noqa: E731
            await until(pilot, lambda: "Game over" in screen_text(app), what="the game over on the screen")
            await until(pilot, lambda: "host has closed" in said(), what="the table closing")
            assert "the game is over" in said() and "codes" not in said() and "resume" not in said(), said()


@pilot_test
async def test_the_hosts_leave_dialog_and_continue_say_the_same_way_back_to_a_game_kept_for_others(own_lobby,
                                                                                                     tmp_path):
    """Issue 41: the host's quit dialog said "Continue on the main menu resumes it", and Continue answered "resume it
    with `dune-tui host --load FILE`": both now name the one command that does, with the game's file."""
    game = Session(Options(players=2, seed=4), [SeatConfig(kind="human", agent=""),
                                                 SeatConfig(kind="human", agent="", name="alice", login="alice")],
                   bots_secret=4)
    app = make_app(save_dir=tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        app.host_game(game)
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", what="the hosted game")
        command = f"dune-tui host --load {tmp_path}/autosave-{game.game_id}.dune.json"
        await pilot.press("q")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmLeave" and app.screen.query("#leave-text"),
                    what="the leave dialog drawn")  # (pushed is not yet composed)
        text = str(app.screen.query_one("#leave-text").render())  # (the path wraps on the screen)
        assert command in text and "Continue" not in text, text
        await pilot.press("m")
        await until(pilot, lambda: type(app.screen).__name__ == "MainMenu", what="the menu")
        await pilot.press("c")
        said = lambda: " ".join(str(n.message) for n in app._notifications)  # noqa: E731
        await until(pilot, lambda: "Cannot open it here" in said(), what="Continue's answer")
        assert f"resume it with `{command}`" in said(), said()
        await until(pilot, lambda: not list(own_lobby.iterdir()), what="the table leaving the lobby")


@pilot_test
async def test_at_80x24_every_house_line_names_its_player_and_a_free_seat_says_free(own_lobby):
    """Issue 41: at 80×24 another player's name was dropped from their house line (it did not fit with
    "(away)"), and a free seat was "P3"."""
    from dune_tui.commands.play import JoinedApp

    carolina = SeatConfig(kind="human", agent="", name="carolina", login="carolina")
    game = Session(Options(players=4, seed=5), [SeatConfig(kind="human", agent=""), carolina,
                                                 SeatConfig(kind="human", agent=""),
                                                 SeatConfig(kind="bot", agent="heuristic")], bots_secret=5)
    async with Hosted(game, lobby=own_lobby) as hosted:
        app = JoinedApp("host", path=hosted.path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Waiting for seat 2" in screen_text(app), what="the game")
            lines = [line[48:].strip() for line in screen_text(app).splitlines()[1:5]]  # the house panel
            assert [line.split()[-1] for line in lines] == ["you", "carol…", "free", "heu…"], lines
            assert "P3" not in screen_text(app)
            app.table.close()


def test_dune_express_names_a_free_seat_free_and_an_away_player_by_name():
    from dune_tui.table.messages import SeatInfo
    from dune_tui.ui.games.express.houses import who

    seats = [SeatInfo(seat=0, kind="human"), SeatInfo(seat=1, kind="human", connected=False),
             SeatInfo(seat=2, kind="human", name="carol", connected=False)]
    assert [who(seats, s, 0) for s in range(3)] == ["you", "free, seat 2", "carol (away)"]


@pilot_test
async def test_a_seat_alice_took_and_left_is_hers_but_never_an_invitation(own_lobby, as_alice):
    """Issue 41: after alice sat at a free seat of carol's table and left, her menu said "carol invites you": a seat
    she took is kept for her, and the menu says so, while an invitation comes only from a seat the host kept."""
    tables = Tables(own_lobby)
    taken = a_card("bob", "20261125-100000-cccc",
                   seats=(lobby.SeatCard(seat=0, status="reserved", login="alice", claimed=True), BOT))
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            tables.open(taken)
            await until(pilot, lambda: "waits for you" in screen_text(app), what="the menu's line")
            assert "your seat at bob's table waits for you" in screen_text(app)
            assert "invites you" not in screen_text(app)
        assert "invites you" not in " ".join(lobby.describe(lobby.read_card(own_lobby, taken.table), "alice"))
    finally:
        tables.close()
