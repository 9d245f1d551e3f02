"""`dune-tui host` from a terminal (commands/play.py's HostApp): once the host presses Enter, the app opens the
hosted table's game at the host's seat."""

from __future__ import annotations

from ui_helpers import pilot_test, screen_name, until

from dune_tui.commands.play import HostApp
from dune_tui.games.dune import Options
from dune_tui.seats import seat_config
from dune_tui.session import Session
from dune_tui.table import Table
from dune_tui.ui.settings import Settings


@pilot_test
async def test_the_host_sits_down_at_the_hosted_tables_game(tmp_path):
    session = Session(Options(players=2, seed=7), [seat_config("human"), seat_config("human")], bots_secret=7)
    table = Table(session, bots="thread", pause=0.0, save_dir=tmp_path, resumed=False)
    app = HostApp(table, Settings(pause=0.0, bots="thread"), seat=0)
    async with app.run_test() as pilot:
        await until(pilot, lambda: screen_name(app) == "GameScreen", what="the hosted table's game")
        assert app.table is table
    table.close()
