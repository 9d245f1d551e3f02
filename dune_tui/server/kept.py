"""A `Table` whose game the server's store keeps: each decision committed before any client hears of it, the game
checkpointed at each turn's end.

    table = KeptTable(session, store.keeper(owner), bots="process", pause=0.5, resumed=False)

It gives the table's saving to the store's keeper (`TableKeeper`, the shape of the table's pluggable `Keeper`:
opened, decided, checkpoint, finished, closed) instead of the save files.  Once the table takes a keeper, this class
is `Table(session, keeper=keeper, ...)`.
"""

from __future__ import annotations

from ..table import Table


class KeptTable(Table):
    def __init__(self, session, keeper, **how) -> None:
        super().__init__(session, autosave=True, **how)
        self.keeper = keeper
        keeper.opened(session, self._broadcast)

    def _journal(self, entry) -> None:
        self.keeper.decided(len(self.controller.log) - 1, entry)

    def autosave(self, force: bool = False, directory=None):
        kept = self.keeper.checkpoint(force)
        if self.controller.over:
            self.keeper.finished()
        return kept

    def close(self) -> None:
        if not self.closed:
            super().close()
            self.keeper.closed()
