"""A decision is told to the clients only once it is kept: at once when the keeper kept it as it was given (the
file journal), or once the awaitable the keeper gave is done (the server's store, whose writer commits in groups).

    telling = Telling(tell, stop, closed)  # tell(): the table tells what is untold; stop(): the table stops
    telling.add(item, kept)           # a decision applied; `kept`: None (kept) or an awaitable
    telling.take()                    # the items untold, in order (for `tell`)
    telling.task                      # while some are waiting to be kept: the task that tells them after

Decisions are kept in order, so once the last one given is kept, every one before it is.  If keeping fails (the
awaitable raises: the keeper has logged it and told every client why), nothing untold is told and the table stops.
A table closed meanwhile (the server stopping) tells nothing more: the decisions are kept, and reopen with it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


class Telling:
    def __init__(self, tell: Callable[[], None], stop: Callable[[], None], closed: Callable[[], bool]) -> None:
        self.tell, self.stop, self.closed = tell, stop, closed
        self.untold: list = []
        self.kept: Awaitable | None = None  # the last decision's, while it is being kept
        self.task: asyncio.Future | None = None

    def add(self, item, kept: Awaitable | None) -> None:
        self.untold.append(item)
        if kept is None and self.kept is None:
            self.tell()
            return
        self.kept = kept or self.kept
        self.task = self.task or asyncio.ensure_future(self._when_kept())

    def take(self) -> list:
        untold, self.untold = self.untold, []
        return untold

    async def _when_kept(self) -> None:
        while self.kept is not None:
            kept = self.kept
            try:
                await kept
            except Exception:
                self.untold, self.task, self.kept = [], None, None
                self.stop()
                return
            if kept is self.kept:
                self.kept = None
        self.task = None
        if not self.closed():
            self.tell()
