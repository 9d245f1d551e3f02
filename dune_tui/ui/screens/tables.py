"""Tables on this server: the lobby's tables, live (a table appears, fills and ends as it happens); the table
waiting for you first.  Enter sits you down at your seat or a free one; w watches.

Everything shown comes from other users' cards: drawn as `rich.text.Text` made printable, never as markup."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...net import lobby
from ...net.client import LEFT
from ...net.identity import my_login
from ...table.messages import SPECTATOR
from ...text import printable
from .base import DuneScreen

REFRESH_SECONDS = 0.5


def invitation(entry: lobby.Listed, me: str) -> str:
    """"bob invites you to a table" for a table with a seat kept for `me` ("" if none, or if it is mine)."""
    card = entry.card
    if card is None or entry.problem or not card.waits_for(me):
        return ""
    return "your table waits for you" if card.host == me else f"{card.host} invites you to a table"


def listing(where) -> list[lobby.Listed]:
    """The tables to show (in a thread: it reads the directory and checks each socket)."""
    return lobby.ordered(lobby.tables(where), my_login())


def option(entry: lobby.Listed, me: str) -> Option:
    lines = lobby.describe(entry, me, invite=False)
    invite = invitation(entry, me)
    text = Text()
    if invite:
        text.append(printable(invite, limit=80) + "\n", style="bold")
    text.append("\n".join(lines), style="dim" if entry.problem else "")
    return Option(text, id=entry.stem, disabled=bool(entry.problem))


class TablesScreen(DuneScreen):
    BINDINGS = [Binding("enter", "sit", "Sit down", show=True, priority=True),
                Binding("w", "watch", "Watch"), Binding("escape", "back", "Back")]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings
        self.me = my_login()
        self.entries: dict[str, lobby.Listed] = {}
        self.shown: list = []
        self.where = None

    def compose(self) -> ComposeResult:
        with Vertical(id="tables"):
            yield Static(Text("Tables on this server", style="bold"), id="tables-title")
            yield OptionList(id="tables-list")
            yield Static(id="tables-note")
        yield Footer()

    def on_mount(self) -> None:
        try:
            self.where = lobby.lobby_dir(create=False)
        except lobby.LobbyUnsafe as e:
            self.note(f"No tables: {e}. `dune-tui host` publishes a table here.")
            return
        self.refresh_tables()
        self.set_interval(REFRESH_SECONDS, self.refresh_tables)

    def note(self, text: str) -> None:
        self.query_one("#tables-note", Static).update(Text(printable(text, limit=400)))

    def refresh_tables(self) -> None:
        self.run_worker(self._refresh(), group="lobby", exclusive=True)

    async def _refresh(self) -> None:
        entries = await asyncio.to_thread(listing, self.where)
        self.entries = {e.stem: e for e in entries}
        stems = [e.stem for e in entries]
        options = self.query_one("#tables-list", OptionList)
        seen = [(e.stem, e.card, e.problem) for e in entries]
        if seen != self.shown:  # a table appeared, filled, moved on or ended
            highlighted = options.highlighted_option.id if options.highlighted_option is not None else None
            options.clear_options()
            options.add_options([option(e, self.me) for e in entries])
            if highlighted in stems:
                options.highlighted = stems.index(highlighted)
            elif stems:
                options.highlighted = 0
            self.shown = seen
        self.note("Enter: sit down at your seat or a free one · w: watch · escape: back" if entries else
                  "No tables on this server yet: `dune-tui host` opens one (or New game, then host it).")
        options.focus()

    def selected(self) -> lobby.Listed | None:
        option = self.query_one("#tables-list", OptionList).highlighted_option
        entry = self.entries.get(option.id) if option is not None else None
        return entry if entry is not None and not entry.problem else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_sit()

    def action_sit(self) -> None:
        self.sit(None)

    def action_watch(self) -> None:
        self.sit(SPECTATOR)

    def action_back(self) -> None:
        self.app.pop_screen()

    def sit(self, seat: int | None) -> None:
        entry = self.selected()
        if entry is None:
            self.notify("No table here to sit at.", severity="warning")
            return
        self.run_worker(self._sit(entry, seat), group="sit", exclusive=True)

    async def _sit(self, entry: lobby.Listed, seat: int | None) -> None:
        from ...net.client import JoinRefused, RemoteTable
        from .game import GameScreen

        try:
            remote = await RemoteTable.join_local(entry.socket, seat, host=entry.card.host)
        except JoinRefused as e:
            self.notify(str(e), severity="error", timeout=15, markup=False)
            return
        self.app.table = remote
        remote.on_close = self._ended
        again = lobby.join_command(entry.card.host, remote.seat == SPECTATOR)
        self.app.push_screen(GameScreen(remote, self.settings, seats=remote.seats_here(), rejoin=again))

    def _ended(self, reason: str) -> None:
        if reason != LEFT:
            self.app.notify(f"{reason}. Press q to leave; if the host resumes the game (`dune-tui host --load`), it "
                            "is in Tables on this server again, your seat still yours.",
                            severity="error", timeout=30, markup=False)
