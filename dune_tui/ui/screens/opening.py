"""A tab opened by a table's link (`dune-tui link TABLE`, the browser front door): the app starts here, not at the
main menu, and sits the player down at that table of the server at once; its game screen takes this one's place.
If the table is gone, or will not seat the player (full, a seat kept for someone else, private), the sentence says
why and the main menu opens instead (the app's Launch screen below this one): the tab is still the player's.

    DuneApp(None, settings, first=OpeningTable("alice-7"))     # ui.run_at_table("alice-7")
"""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.widgets import Static

from ...net import lobby
from ...net.client import LEFT
from ...text import printable
from ..kit.screens import DuneScreen

GONE = ("The table {name} is not on this server any more (its game ended or its owner closed it). Tables on this "
        "server lists the open ones.")
REFUSED = "Could not sit down at the table {name}: {why}. Tables on this server lists the open ones."


class OpeningTable(DuneScreen):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_ = printable(name, limit=80)
        self.table = name
        self.socket = ""

    def compose(self) -> ComposeResult:
        yield Static(f"Opening the table {self.name_}…", id="opening", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self._sit(), group="sit", exclusive=True)

    async def _sit(self) -> None:
        from ...net.client import JoinRefused, RemoteTable
        from ...server.control import unlisted

        entry = await asyncio.to_thread(unlisted, self.table)
        if entry is None:
            self._menu(GONE.format(name=self.name_))
            return
        try:
            remote = await RemoteTable.join_local(entry.socket, None, host=entry.owner)
        except JoinRefused as e:
            self._menu(REFUSED.format(name=self.name_, why=str(e).rstrip(".")))
            return
        self.socket = entry.socket
        remote.on_close = self._ended
        self.app.sit_at(remote, lobby.join_command(self.table, remote.seat < 0), replace=self)

    def _menu(self, sentence: str) -> None:
        """Say why, then the main menu (the Launch screen below opens it)."""
        self.app.notify(sentence, severity="error", timeout=30, markup=False)
        if self.app.screen is self:
            self.app.pop_screen()

    def _ended(self, reason: str) -> None:
        if reason != LEFT:
            from ..closed import ended, server_table

            self.app.notify(ended(reason, self.app.table, True, server_table(self.socket)), severity="error",
                            timeout=30, markup=False)
