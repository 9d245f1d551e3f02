"""A house card follows who sits at its seat: a `Seats` message redraws it (its data is reactive), with no new
view needed."""

from __future__ import annotations

from ui_helpers import pilot_test, screen_text, until

from dune_tui.commands.play import JoinedApp
from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.session import Session
from dune_tui.ui.games.dune.houses import HouseCard
from tests.net.net_helpers import ANN, BOB, Hosted, bot


def card_drawn(app, seat: int) -> str:
    """The card of `seat` as the screen draws it."""
    card = next(c for c in app.screen.query(HouseCard) if c.seat == seat)
    box = card.region
    lines = screen_text(app).splitlines()[box.y:box.y + box.height]
    return " ".join(line[box.x:box.x + box.width] for line in lines)


@pilot_test
async def test_a_joined_seat_sees_on_the_house_card_another_player_leave_and_come_back():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Ann (away)…" in screen_text(app), what="Ann not there yet")
            card = next(c for c in app.screen.query(HouseCard) if c.seat == 0)
            assert "Ann (away)" in card_drawn(app, 0)
            views = app.screen.board
            ann = await RemoteTable.join(hosted.address(0))
            await until(pilot, lambda: "away" not in card_drawn(app, 0), what="Ann back on her card")
            assert card.seat_cfg.connected and "Ann" in card_drawn(app, 0)
            assert app.screen.board is views, "the card changed with the seats, not with a new view"
            ann.close()
            await until(pilot, lambda: "away" in card_drawn(app, 0), what="Ann away on her card")
            assert not card.seat_cfg.connected
            assert "you" in card_drawn(app, 1), "Bob's own card"


@pilot_test
async def test_an_express_table_s_house_lines_follow_another_player_leaving_and_coming_back():
    from dune_tui.games.express import with_variants
    from dune_tui.ui.games.express.houses import ExpressHouses

    game = Session(with_variants("", players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.screen.query(ExpressHouses), what="the Express board")
            houses = app.screen.query_one(ExpressHouses)

            def drawn() -> str:
                box = houses.region
                lines = screen_text(app).splitlines()[box.y:box.bottom]
                return " ".join(line[box.x:box.x + box.width] for line in lines)

            await until(pilot, lambda: "Ann (away)" in drawn(), what="Ann not there yet")
            views = app.screen.board
            ann = await RemoteTable.join(hosted.address(0))
            await until(pilot, lambda: "Ann (away)" not in drawn() and "Ann" in drawn(), what="Ann at the table")
            assert houses.seats[0].connected
            assert app.screen.board is views, "the lines changed with the seats, not with a new view"
            ann.close()
            await until(pilot, lambda: "Ann (away)" in drawn(), what="Ann away again")
            assert not houses.seats[0].connected
