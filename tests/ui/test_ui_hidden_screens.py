"""A screen under another one does not keep asking the server: the main menu's invitations (every second) and the
tables' list (twice a second) are read only while the screen is in sight.  Under a game at a door, each read
redrew the whole screen (13 KB sent to the SSH client several times a second while nobody played:
benchmarks/bench_door_moves.py)."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static

from dune_tui.ui.app import DuneApp
from dune_tui.ui.screens import tables
from dune_tui.ui.settings import Settings
from tests.ui.ui_helpers import pilot_test, until


class Cover(Screen):
    def compose(self):
        yield Static("a game, say")


@pilot_test
async def test_the_menu_and_the_tables_under_another_screen_do_not_read_the_tables(monkeypatch, tmp_path):
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(tmp_path / "no-lobby"))
    reads = []
    monkeypatch.setattr(tables, "listing", lambda where: reads.append(where) or [])
    app = DuneApp(None, Settings(autosave=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, tables.TablesScreen), what="the tables")
        await until(pilot, lambda: len(reads) >= 2, what="the tables read while in sight")
        app.push_screen(Cover())
        await pilot.pause(0.3)  # a read under way finishes
        covered = len(reads)
        await pilot.pause(2.5)
        assert len(reads) == covered, f"{len(reads) - covered} reads while covered"
        app.pop_screen()
        await until(pilot, lambda: len(reads) > covered, what="the tables read again once in sight")
        app.exit()
