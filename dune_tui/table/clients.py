"""The clients at a table and the fan-out: who sits where, the requests each seat was asked, and a message to
one seat's clients or to all."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from ..controller import DecisionRequest, EventBatch
from .messages import SPECTATOR, Board, Closed, SeatInfo, Seats

CHAT_BURST = 5  # a client may say 5 chat lines at once (then one every chat.CHAT_EVERY seconds)


class Connection:
    """One client attached for one seat.  `host`: the table's own terminal (it may save).  `stand_in`: a bot
    playing for the seat's away human (the seat still shows as away).  `login`: who connected, the kernel's login
    over a Unix socket ("" over TCP); `watcher`: a spectator the players are told of (not the host's own screen
    nor a server's recorder)."""

    _ids = itertools.count(1)

    def __init__(self, seat: int, send: Callable[[object], None], host: bool, stand_in: str = "", login: str = "",
                 watcher: bool = False) -> None:
        self.id = next(self._ids)
        self.seat, self.send, self.host, self.stand_in = seat, send, host, stand_in
        self.login, self.watcher = login, watcher

    def __repr__(self) -> str:
        return f"Connection({self.id}, seat={self.seat})"


class Clients:
    """The connections of one table's session, the Seats every client was last told, and the human requests
    delivered and still open."""

    def __init__(self, session) -> None:
        self.session = session
        self.connections: list[Connection] = []
        self.asked: dict[int, DecisionRequest] = {}
        self.since: dict[int, float] = {}  # a human seat asked to decide: since when (time.time())
        self.keeper = None  # told `since` as it changes (keep_turns)
        self.seats_sent: tuple[SeatInfo, ...] = self.seat_list()
        self.watchers_sent: tuple[str, ...] = ()

    def seat_list(self) -> tuple[SeatInfo, ...]:
        here = {c.seat for c in self.connections if not c.stand_in}
        bots = {c.seat: c.stand_in for c in self.connections if c.stand_in}
        return tuple(SeatInfo(seat=s, name=cfg.name, kind=cfg.kind, agent=cfg.agent,
                              connected=not cfg.is_human or s in here, stand_in=bots.get(s, ""), login=cfg.login,
                              claimed=cfg.claimed)
                     for s, cfg in enumerate(self.session.seats))

    def watchers(self) -> tuple[str, ...]:
        """Who watches: each watcher's login ("" for one over TCP, known only as a holder of the spectators'
        code), sorted, one per connection."""
        return tuple(sorted(c.login for c in self.connections if c.watcher))

    def seats_changed(self) -> None:
        """Tell every client who sits where and who watches, if that changed."""
        seats, watchers = self.seat_list(), self.watchers()
        if (seats, watchers) != (self.seats_sent, self.watchers_sent):
            self.seats_sent, self.watchers_sent = seats, watchers
            self.broadcast(Seats(seats, watchers=watchers))

    def send(self, seat: int, message) -> None:
        for conn in [c for c in self.connections if c.seat == seat]:
            conn.send(message)

    def broadcast(self, message) -> None:
        for conn in list(self.connections):
            conn.send(message)

    def told(self, controller, rid: int, batches) -> None:
        """Request `rid`'s decision, applied and kept: the request closed, its events to each client as its seat
        sees them, and the board after."""
        self.answered(rid)
        events = list({id(e): e for b in batches for e in b.events}.values())
        self.session.history.extend(events)
        state, decisions = controller.state, len(controller.log)
        for conn in list(self.connections):
            seen = batches[conn.seat].events if conn.seat >= 0 else controller.events_for(SPECTATOR, events)
            conn.send(EventBatch(conn.seat, seen))
            conn.send(Board(seat=conn.seat, view=controller.rules.view(state, conn.seat), decisions=decisions))

    def ask(self, requests: list[DecisionRequest]) -> None:
        """Deliver the requests not delivered yet to their seats' clients."""
        for r in requests:
            if r.id not in self.asked:
                self.asked[r.id] = r
                self.since.setdefault(r.seat, time.time())
                self.send(r.seat, r)
        waiting = {r.seat for r in self.asked.values()}
        self.since = {seat: at for seat, at in self.since.items() if seat in waiting}
        if self.keeper is not None and self.since != self.keeper.since:
            self.keeper.waiting(dict(self.since))

    def keep_turns(self, keeper) -> None:
        """`since` from the table's keeper (a reopened table's seats count on from when they were first asked), and
        told to it as it changes."""
        self.since, self.keeper = dict(keeper.since), keeper

    def withdraw(self, requests: list[DecisionRequest]) -> None:
        """Close, at their seats' clients, the requests delivered that are no longer among `requests`."""
        open_ids = {r.id for r in requests}
        for rid in [rid for rid in self.asked if rid not in open_ids]:
            self.answered(rid)

    def answered(self, rid: int) -> None:
        """Request `rid` is answered: closed at its seat's clients, if it was delivered."""
        if (gone := self.asked.pop(rid, None)) is not None:
            if not any(r.seat == gone.seat for r in self.asked.values()):
                self.since.pop(gone.seat, None)
            self.send(gone.seat, Closed(seat=gone.seat, id=rid))
