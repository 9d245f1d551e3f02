"""Load: the saved games, newest first; Enter opens the highlighted one (a finished game shows its result).

The list fits the terminal's width (80 columns and up): the name, date, round and status columns share it,
cut with "…" when they must be; the highlighted save is told in full under the list (its status and who
plays), and a roomy terminal adds a Players column.

Everything shown here comes from files (names, seats, messages): it is drawn as `rich.text.Text` made
printable, never as markup, so `[bold red]` or a terminal escape in a save shows as harmless text."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import DataTable, Static

from ...text import MESSAGE_LIMIT, printable
from .. import saving
from ..door import shown
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer

CHROME = 4  # the screen's padding and the list's scroll bar
PADDING = 2  # a column's cell padding, both sides
NAME_MAX, SAVED, ROUND = 30, 16, 5  # "autosave-20261125-091409-debb" is 29; "2026-11-25 09:14"
PLAYERS_FROM = 110  # at this width and more, a Players column too


def plain(value, limit: int | None = MESSAGE_LIMIT) -> Text:
    """File-derived text for a widget: printable, and literal (not markup)."""
    return Text(printable(value, limit=limit))


def cell(value, width: int) -> Text:
    """A cell's text cut to `width` cells with "…" (the full text is under the list)."""
    text = plain(value)
    text.truncate(width, overflow="ellipsis")
    return text


def date_text(info) -> str:
    method = getattr(info, "date_text", None)
    return method() if method else "?"


def status(info) -> str:
    if getattr(info, "error", ""):
        return f"unreadable: {info.error}"
    note = f" ({info.note})" if getattr(info, "note", "") else ""
    if info.finished:
        return f"finished: {getattr(info, 'result', '')}{note}"
    return "to move: " + (", ".join(getattr(info, "to_move", ())) or "-") + note


def players(info) -> str:
    return info.players_text() if hasattr(info, "players_text") else str(info.players)


def column_widths(total: int, infos: list) -> dict[str, int]:
    """Each column's width for a list `total` cells wide: Name, Saved and Round as they need (the name
    up to NAME_MAX), Status the rest, or half the rest beside Players when the list is roomy."""
    name = max([4, *(len(printable(i.name, limit=80)) for i in infos)])
    widths = {"Name": min(name, NAME_MAX), "Saved": SAVED, "Round": ROUND}
    columns = 5 if total >= PLAYERS_FROM else 4
    rest = max(10, total - CHROME - PADDING * columns - sum(widths.values()))
    if columns == 4:
        return {**widths, "Status": rest}
    return {**widths, "Status": rest // 2, "Players": rest - rest // 2}


class LoadScreen(DuneScreen):
    BINDINGS = [
        Binding("enter", "load", "Load", priority=True),
        Binding("w", "review", "Review"),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings
        self.infos: list = []
        self.widths: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            yield Static("Saved games", classes="screen-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static(id="load-detail")
            yield Static(id="load-note")
        yield Footer()

    def on_mount(self) -> None:
        self.infos, error = saving.list_saves(self.settings.save_dir)
        folder, _ = saving.save_dir(self.settings.save_dir)
        self._fill(self.app.size.width)
        count = len(self.infos)
        games = "1 saved game" if count == 1 else f"{count} saved games"
        folder = shown(str(folder))  # (at a front door: "your saves")
        note = error or (f"{games} in {folder}" if count else f"No saved games in {folder}.")
        self.query_one("#load-note", Static).update(plain(note))
        self.query_one(DataTable).focus()

    def on_resize(self, event: Resize) -> None:
        if self.infos and column_widths(event.size.width, self.infos) != self.widths:
            self._fill(event.size.width)

    def _fill(self, width: int) -> None:
        """(Re)draw the list for a terminal `width` cells wide, keeping the highlighted row."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        self.widths = column_widths(width, self.infos)
        table.clear(columns=True)
        for label, w in self.widths.items():
            table.add_column(label, width=w)
        for info in self.infos:
            values = [info.name, date_text(info), str(info.round or "-"), status(info), players(info)]
            table.add_row(*(cell(v, w) for v, w in zip(values, self.widths.values())))
        if self.infos:
            table.move_cursor(row=min(max(row, 0), len(self.infos) - 1))
            self._detail(table.cursor_row)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._detail(event.cursor_row)

    def _detail(self, row: int) -> None:
        """The highlighted save in full: its name and status, then who plays."""
        if not 0 <= row < len(self.infos):
            return
        info = self.infos[row]
        text = plain(f"{info.name} — {status(info)}")
        if not getattr(info, "error", ""):
            text.append("\n")
            text.append_text(plain(f"{info.players} players: {players(info)}"))
        self.query_one("#load-detail", Static).update(text)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_review(self) -> None:
        """Review the highlighted save (dune_tui/review): a finished game with every seat's eyes, an unfinished
        one as its first human seat."""
        from .review import open_review_screen

        if self.infos and not self.infos[self.query_one(DataTable).cursor_row].error:
            open_review_screen(self.app, self.infos[self.query_one(DataTable).cursor_row].path)

    def action_load(self) -> None:
        table = self.query_one(DataTable)
        if not self.infos:
            return
        info = self.infos[table.cursor_row]
        session, error = saving.load(info.path, self.settings.save_dir)
        if error:
            self.query_one("#load-note", Static).update(plain(f"Cannot load {info.name}: {error}"))
            return
        self.app.start_game(session, replace=self, resumed=True, file=str(info.path))
