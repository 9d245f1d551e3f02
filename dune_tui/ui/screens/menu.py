"""The main menu: New game, Learn to play (screens/lesson.py), Continue (the latest autosave of a game not over yet),
Load, Tables on this server, Host a table, Rules, Quit; Your games (the games you finished, screens/games.py).  A
table of the lobby waiting for this login is told above the list ("bob invites you to a table")."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...net.identity import my_identity
from ...text import MESSAGE_LIMIT, printable
from .. import saving
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer

TITLE = """\
 ____  _   _ _   _ _____
|  _ \\| | | | \\ | | ____|
| | | | | | |  \\| |  _|
| |_| | |_| | |\\  | |___
|____/ \\___/|_| \\_|_____|   The Dice Game"""

INVITE_SECONDS = 1.0
ITEMS = (  # (name, key, the menu's line, the footer's word: all of the footer fits 80 columns)
    ("new", "n", "New game", "New"),
    ("learn", "e", "Learn to play", "Learn"),  # a guided first game (screens/lesson.py)
    ("continue", "c", "Continue", "Continue"),
    ("load", "l", "Load a saved game", "Load"),
    ("games", "y", "Your games", "Games"),
    ("tables", "t", "Tables on this server", "Tables"),
    ("host", "h", "Host a table", "Host"),
    ("rules", "r", "Rules", "Rules"),
    ("quit", "q", "Quit", "Quit"),
)


class MainMenu(DuneScreen):
    BINDINGS = [Binding(key, f"pick('{name}')", word, tooltip=label) for name, key, label, word in ITEMS]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(TITLE, id="title")
            yield Static("Heiko Günther's Dune: The Dice Game (rules v1.06), against bots or friends.",
                         id="subtitle")
            yield Static(id="menu-invite")
            yield OptionList(*(Option(f"{key}  {label}", id=name) for name, key, label, _ in ITEMS), id="menu-list")
            yield Static(id="menu-note")
        yield Footer(compact=True)  # nine items and `? Help` in 80 columns

    def on_mount(self) -> None:
        self.set_interval(INVITE_SECONDS, self._look_for_invitations)
        self._look_for_invitations()

    def _look_for_invitations(self) -> None:
        if not self.is_active:  # under a game (or any screen): no read, no redraw (at a door each redrew it all)
            return
        self.run_worker(self._invitations(), group="invite", exclusive=True)

    async def _invitations(self) -> None:
        """The tables of the lobby and of the table server waiting for this login, told above the menu (t shows
        them): "your turn at bob-1234 (since 2 h)" first."""
        from ...net import lobby
        from .tables import invitation, listing

        try:
            where = lobby.lobby_dir(create=False)
        except lobby.LobbyUnsafe:
            where = None  # no lobby: the table server's tables still
        invites = [text for e in await asyncio.to_thread(listing, where) if (text := invitation(e, my_identity()))]
        line = ""
        if invites:
            line = f"{invites[0]}: press t" + (f" (and {len(invites) - 1} more)" if len(invites) > 1 else "")
        for shown in self.query("#menu-invite").results(Static):  # none when the menu went while the lobby was read
            shown.update(Text(printable(line, limit=100), style="bold"))

    def on_screen_resume(self) -> None:
        latest, why_not = saving.to_continue(self.settings.save_dir)
        note = f"Continue: {latest.name}" if latest else why_not or "No autosave yet."
        # a file name (or a message quoting a path): printable, and literal, not markup
        self.query_one("#menu-note", Static).update(Text(printable(note, limit=MESSAGE_LIMIT)))
        self.query_one("#menu-list").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id)

    def action_pick(self, name: str) -> None:
        app = self.app
        if name == "new":
            from .new_game import NewGameScreen

            app.push_screen(NewGameScreen(self.settings))
        elif name == "learn":
            from .lesson import LearnChoice

            app.push_screen(LearnChoice(), app.learn)
        elif name == "continue":
            app.continue_latest()
        elif name == "load":
            from .load import LoadScreen

            app.push_screen(LoadScreen(self.settings))
        elif name == "games":
            from .games import GamesScreen

            app.push_screen(GamesScreen(self.settings))
        elif name == "host":
            from .new_game import NewGameScreen

            app.push_screen(NewGameScreen(self.settings, host=True))
        elif name == "tables":
            from .tables import TablesScreen

            app.push_screen(TablesScreen(self.settings))
        elif name == "rules":
            from .rules import RulesScreen

            app.push_screen(RulesScreen())
        elif name == "quit":
            app.exit(0)
