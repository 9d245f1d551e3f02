"""Tables on this server: the lobby's tables, live (a table appears, fills and ends as it happens); the table
waiting for you first.  Enter sits you down at your seat or a free one; w watches; b asks the server for a one-time
link that opens the game in a browser tab as you (its browser front door, `serve --web`: a player at the SSH door
has no shell for `dune-tui link`).

The highlight follows its table, never its row: a table arriving above it (an invitation) leaves it where it was,
and the note under the list always says what Enter does with the highlighted table.  While a table waits for you,
Enter at a stranger's free seat (which would then be kept for you) asks for a second Enter.  b on a table of the
table server where you may sit makes the link open the tab at that table (`dune-tui link TABLE`), else at the menu.

Everything shown comes from other users' cards: drawn as `rich.text.Text` made printable, never as markup."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...net import lobby
from ...net.client import LEFT
from ...net.identity import my_identity
from ...table.messages import SPECTATOR
from ...text import printable
from ..door import shown
from ..kit.screens import DuneScreen
from ..saving import door_return
from ..widgets.footer import Footer

REFRESH_SECONDS = 0.5


def invitation(entry: lobby.Listed, me: str) -> str:
    """"bob invites you to a table" for a table where the host kept a seat for `me` (and "(your turn, since 2 h)"
    when it waits for that seat); "your turn at bob-1234 (since 2 h)" for a table waiting for a decision of
    `me`'s; "your seat at bob's table waits for you" for a seat `me` took
    there and left; "your table waits for you" at my own ("" if none)."""
    card = entry.card
    if card is None or entry.problem:
        return ""
    turn = card.turn_since(me)
    if card.invites(me):  # an invitation not taken up yet says who invites, first
        return f"{card.host} invites you to a table" + (f" (your turn, since {lobby.waited(turn)})" if turn else "")
    if turn:
        return f"your turn at {card.table} (since {lobby.waited(turn)})"
    if not card.waits_for(me):
        return ""
    if card.host == me:
        return "your table waits for you"
    return f"your seat at {card.host}'s table waits for you"


def listing(where) -> list[lobby.Listed]:
    """The tables to show, the table server's and the lobby's at `where` (None: no lobby) (in a thread: it reads
    the directory, checks each socket and asks the server)."""
    from ...server.control import served

    return lobby.ordered(served() + (lobby.tables(where) if where is not None else []), my_identity())


def enter_does(entry: lobby.Listed | None, me: str) -> str:
    """What Enter does with this table, in words ("" if nothing)."""
    if entry is None or entry.card is None or entry.problem:
        return ""
    card = entry.card
    seat = card.seat_for(me)
    if seat is None:
        return f"no seat for you at {card.host}'s table (w: watch)"
    whose = "your" if card.host == me else f"{card.host}'s"
    if seat.status == "free":
        return f"Enter: sit at {whose} table, seat {seat.seat + 1} (free; then kept for you)"
    return f"Enter: your seat {seat.seat + 1} at {whose} table"


def option(entry: lobby.Listed, me: str) -> Option:
    lines = lobby.describe(entry, me, invite=False)
    invite = invitation(entry, me)
    text = Text()
    if invite:
        text.append(printable(invite, limit=80) + "\n", style="bold")
    text.append("\n".join(lines), style="dim" if entry.problem else "")
    return Option(text, id=entry.stem, disabled=bool(entry.problem))


class TablesScreen(DuneScreen):
    BACK_NAME = "Tables on this server"
    BINDINGS = [Binding("enter", "sit", "Sit down", show=True, priority=True),
                Binding("w", "watch", "Watch"), Binding("b", "browser_link", "Browser link"),
                Binding("escape", "back", "Back")]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings
        self.me = my_identity()
        self.entries: dict[str, lobby.Listed] = {}
        self.shown: list = []
        self.where = None
        self.joined = ""  # the socket of the table sat at
        self.no_lobby = ""  # why there is no lobby (the table server's tables are still shown)
        self.confirming = ""  # the table whose free seat a second Enter takes (while another waits for me)

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
            here = "" if door_return() else " `dune-tui host` publishes a table here."
            self.no_lobby = shown(f"No tables: {e}.{here}")
            self.note(self.no_lobby)
        self.refresh_tables()
        self.set_interval(REFRESH_SECONDS, self.refresh_tables)

    def note(self, text: str) -> None:
        self.query_one("#tables-note", Static).update(Text(printable(text, limit=400)))

    def refresh_tables(self) -> None:
        if not self.is_active:  # under a game sat down at (or any screen): no read, no redraw
            return
        self.run_worker(self._refresh(), group="lobby", exclusive=True)

    async def _refresh(self) -> None:
        entries = await asyncio.to_thread(listing, self.where)
        self.entries = {e.stem: e for e in entries}
        stems = [e.stem for e in entries]
        shown = list(self.query("#tables-list").results(OptionList))
        if not shown:  # the screen went while the lobby was read
            return
        options, seen = shown[0], [(e.stem, e.card, e.problem) for e in entries]
        if seen != self.shown:  # a table appeared, filled, moved on or ended
            highlighted = options.highlighted_option.id if options.highlighted_option is not None else None
            options.clear_options()
            options.add_options([option(e, self.me) for e in entries])
            if highlighted in stems:
                options.highlighted = stems.index(highlighted)
            elif stems:
                options.highlighted = 0
            self.shown = seen
        self.show_note()
        options.focus()

    def show_note(self) -> None:
        """What Enter does with the highlighted table (its host and seat), w and escape."""
        if not self.entries:
            opens = "New game, then host it, opens one" if door_return() else \
                "`dune-tui host` opens one (or New game, then host it)"
            self.note(self.no_lobby or f"No tables on this server yet: {opens}.")
            return
        entry = self.selected()
        if entry is not None and entry.stem == self.confirming:
            self.note(self.confirm_text(entry))
            return
        does = enter_does(entry, self.me) or "Enter: sit down at your seat or a free one"
        self.note(f"{does} · w: watch · escape: back")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id != self.confirming:
            self.confirming = ""
        self.show_note()

    def invited_elsewhere(self, entry: lobby.Listed) -> lobby.Listed | None:
        """Another table waiting for me while `entry` would give me a stranger's free seat."""
        seat = entry.card.seat_for(self.me) if entry.card is not None else None
        if seat is None or seat.status != "free":
            return None
        return next((e for e in self.entries.values() if e.stem != entry.stem and not e.problem
                     and e.card is not None and e.card.waits_for(self.me)), None)

    def confirm_text(self, entry: lobby.Listed) -> str:
        other = self.invited_elsewhere(entry)
        inviter = "your table" if other is None or other.card.host == self.me else f"{other.card.host}'s table"
        seat = entry.card.seat_for(self.me)
        where = f"seat {seat.seat + 1} (free)" if seat is not None else "a seat"
        return (f"{inviter} waits for you (at the top). Enter again sits you at {entry.card.host}'s table instead, "
                f"{where}, kept for you from then on · escape: back")

    def selected(self) -> lobby.Listed | None:
        option = self.query_one("#tables-list", OptionList).highlighted_option
        entry = self.entries.get(option.id) if option is not None else None
        return entry if entry is not None and not entry.problem else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_sit()

    def action_sit(self) -> None:
        entry = self.selected()
        if entry is not None and self.invited_elsewhere(entry) and self.confirming != entry.stem:
            self.confirming = entry.stem  # a stranger's free seat while a table waits for me: say so first
            self.show_note()
            self.notify(self.confirm_text(entry), severity="warning", timeout=8, markup=False)
            return
        self.confirming = ""
        self.sit(None)

    def action_watch(self) -> None:
        self.sit(SPECTATOR)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_browser_link(self) -> None:
        self.run_worker(self._browser_link(), group="link", exclusive=True)

    async def _browser_link(self) -> None:
        from ...server import control
        from ..closed import server_table

        entry = self.selected()  # a table of the server where I may sit: the link opens the tab at it
        table = entry.stem if entry is not None and server_table(entry.socket) and entry.card is not None \
            and entry.card.seat_for(self.me) is not None else ""
        where = await asyncio.to_thread(control.find)
        try:
            if where is None:
                raise control.Unreachable("no table server runs on this machine")
            answer = await asyncio.to_thread(control.ask, where, control.MakeLink(table=table))
        except control.Unreachable as e:
            self.notify(f"No browser link: {e}.", severity="error", timeout=10, markup=False)
            return
        if not isinstance(answer, control.Done):
            self.notify(f"No browser link: {getattr(answer, 'reason', answer)}.", severity="error", timeout=10,
                        markup=False)
            return
        self.app.copy_to_clipboard(answer.text)  # OSC 52: where the terminal allows it, over SSH too
        at = f", at the table {printable(table, limit=80)}" if table else ""
        self.notify(f"Open this in your browser within 5 minutes (one tab, once, as you{at}): {answer.text}",
                    title="Browser link", timeout=300, markup=False)

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
            remote = await RemoteTable.join_local(entry.socket, seat, host=entry.owner)
        except JoinRefused as e:
            self.notify(str(e), severity="error", timeout=15, markup=False)
            return
        self.app.table, self.joined = remote, entry.socket
        remote.on_close = self._ended
        again = lobby.join_command(entry.card.host, remote.seat == SPECTATOR)
        self.app.push_screen(GameScreen(remote, self.settings, seats=remote.seats_here(), rejoin=again))

    def _ended(self, reason: str) -> None:
        if reason != LEFT:
            from ..closed import ended, server_table

            on_server = server_table(self.joined)
            self.app.notify(ended(reason, self.app.table, True, on_server), severity="error", timeout=30,
                            markup=False)
