"""Load: the saved games, newest first; Enter resumes the highlighted one.

Everything shown here comes from files (names, seats, messages): it is drawn as `rich.text.Text` made
printable, never as markup, so `[bold red]` or a terminal escape in a save shows as harmless text."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static

from ...text import MESSAGE_LIMIT, printable
from .. import saving
from .base import DuneScreen


def plain(value, limit: int | None = MESSAGE_LIMIT) -> Text:
    """File-derived text for a widget: printable, and literal (not markup)."""
    return Text(printable(value, limit=limit))


def date_text(info) -> str:
    method = getattr(info, "date_text", None)
    return method() if method else "?"


def status(info) -> str:
    if getattr(info, "error", ""):
        return f"unreadable: {info.error}"
    if info.finished:
        return f"finished: {getattr(info, 'result', '')}"
    return "to move: " + (", ".join(getattr(info, "to_move", ())) or "-")


class LoadScreen(DuneScreen):
    BINDINGS = [
        Binding("enter", "load", "Load", priority=True),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings
        self.infos: list = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            yield Static("Saved games", classes="screen-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static(id="load-note")
        yield Footer()

    def on_mount(self) -> None:
        self.infos, error = saving.list_saves(self.settings.save_dir)
        folder, _ = saving.save_dir(self.settings.save_dir)
        table = self.query_one(DataTable)
        table.add_columns("Name", "Saved", "Round", "Status", "Players")
        for info in self.infos:
            players = info.players_text() if hasattr(info, "players_text") else str(info.players)
            table.add_row(plain(info.name, 80), date_text(info), str(info.round or "-"), plain(status(info)),
                          plain(players))
        count = len(self.infos)
        games = "1 saved game" if count == 1 else f"{count} saved games"
        note = error or (f"{games} in {folder}" if count else f"No saved games in {folder}.")
        self.query_one("#load-note", Static).update(plain(note))
        table.focus()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_load(self) -> None:
        table = self.query_one(DataTable)
        if not self.infos:
            return
        info = self.infos[table.cursor_row]
        session, error = saving.load(info.path, self.settings.save_dir)
        if error:
            self.query_one("#load-note", Static).update(plain(f"Cannot load {info.name}: {error}"))
            return
        self.app.start_game(session, replace=self, resumed=True)
