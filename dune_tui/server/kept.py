"""A table whose game the server's store keeps: each decision committed before any client hears of it, the game
checkpointed at each turn's end, its chat and its seats as they change.

    table = KeptTable(session, store.keeper(owner), bots="process", pause=0.5, resumed=False)

It is the `Table` clients know, its saving given to the store's keeper instead of the save files (the seam a
pluggable `Keeper` of the table will take: opened, decided, checkpoint, finished, closed).  A recorder, a
spectator's connection of the server's own, gives the keeper the chat lines and the seats as they change.
"""

from __future__ import annotations

import logging
import sqlite3

from ..saves import autosave_due
from ..table import Table
from ..table.messages import SPECTATOR, Chat, Notice, Seats

log = logging.getLogger("dune_tui.server")


class KeptTable(Table):
    def __init__(self, session, keeper, chat=(), **how) -> None:
        super().__init__(session, autosave=True, **how)
        self.keeper = keeper
        self.chat.extend(chat)
        keeper.opened(session)
        self.recorder = self.attach(SPECTATOR, self._record)

    def _journal(self, entry) -> None:
        try:
            self.keeper.decided(entry)
        except sqlite3.Error as e:
            self._store_failed(e)

    def autosave(self, force: bool = False, directory=None):
        if force or autosave_due(self.session):
            try:
                self.keeper.checkpoint(self.session)
                if self.controller.over:
                    self.keeper.finished(self.session)
            except sqlite3.Error as e:
                self._store_failed(e)
        return None, None

    def _record(self, message) -> None:
        try:
            if isinstance(message, Chat):
                self.keeper.chat(len(self.session.history), message)
            elif isinstance(message, Seats):
                self.keeper.seated()
        except sqlite3.Error as e:
            self._store_failed(e)

    def _store_failed(self, e: Exception) -> None:
        log.error("table %s: the database refused a write (%s)", self.session.game_id, e)
        if self.journal_error is None:
            self.journal_error = str(e)
            self._broadcast(Notice(text=f"The server cannot keep this game ({e}): a restart of the server would "
                                        "lose what is played from now."))

    def close(self) -> None:
        if not self.closed:
            super().close()
            self.keeper.closed()
