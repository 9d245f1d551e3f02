"""A hosted table's card in the lobby, kept up to date: a client of the table that watches as a spectator (it
sees only the public view and the seats), and rewrites `<table>.json` as seats fill and the game advances.

    where, sock = lobby.lobby_dir(), lobby.bind(where, name)    # before the game starts
    await server.start_local(sock)
    card = Publisher(table, where, my_login())                   # removed by close()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from ..games import game_of
from ..table.messages import SPECTATOR, Board, GameOver, Seats, Welcome
from . import lobby

log = logging.getLogger("dune_tui.net")


def variants(options) -> str:
    """The game's variants in a few words, as its engine says them (Dune Express: as `--variant` spells them)."""
    return game_of(options).engine.variants_in_words(options)


def seat_card(info, held: frozenset[int] = frozenset(), since: float = 0.0) -> lobby.SeatCard:
    """A seat as the card shows it; `held`: seats a player joined with a code (theirs while away); `since`: the
    table waits for its decision since then (0: it does not)."""
    if not info.is_human:
        return lobby.SeatCard(seat=info.seat, status="bot", name=info.agent)
    if info.connected or info.seat in held:
        return lobby.SeatCard(seat=info.seat, status="taken", login=info.login, name=info.name, here=info.connected,
                              since=since)
    return lobby.SeatCard(seat=info.seat, status="reserved" if info.login else "free", login=info.login,
                          name=info.name, claimed=info.claimed, since=since)


class Publisher:
    def __init__(self, table, where: Path, host: str, *, watching: bool = True, held=frozenset) -> None:
        """`held()`: the seats players joined with a code (TableServer.by_code): not free to the lobby."""
        self.table, self.where, self.host, self.watching, self.held = table, where, host, watching, held
        self.name = lobby.table_name(host, table.session.game_id)
        self.seats: tuple = ()
        self.round, self.over = 1, False
        self.closed, self._due = False, False
        self.conn = table.attach(SPECTATOR, self._take)
        self.write()

    def card(self) -> lobby.Card:
        options = self.table.session.options
        rs = game_of(options)
        held = frozenset(self.held())
        since = self.table.clients.since
        seats = tuple(seat_card(s, held, since.get(s.seat, 0.0)) for s in self.seats)
        if self.over:
            state = "over"
        elif any(s.status in ("free", "reserved") for s in seats):
            state = f"waiting (round {self.round})"
        else:
            state = f"round {self.round}"
        return lobby.Card(table=self.name, host=self.host, game_id=self.table.session.game_id, rules=rs.name,
                          title=rs.title, variants=variants(options), players=options.players, seats=seats,
                          state=state, watching=self.watching)

    def _take(self, message) -> None:
        if isinstance(message, Welcome):
            self.seats, self.round, self.over = message.seats, message.view.round, message.over is not None
        elif isinstance(message, Seats):
            self.seats = message.seats
        elif isinstance(message, Board):
            self.round = message.view.round
        elif isinstance(message, GameOver):
            self.over = True
        else:
            return
        if not self._due and not self.closed:  # one write for a burst of messages
            self._due = True
            with contextlib.suppress(RuntimeError):  # no running loop: the first card is written by __init__
                asyncio.get_running_loop().call_soon(self.write)

    def write(self) -> None:
        self._due = False
        if self.closed or not self.seats:
            return
        try:
            lobby.publish(self.where, self.card())
        except OSError as e:
            log.warning("cannot write the table's card in %s: %s", self.where, e.strerror or e)

    def close(self) -> None:
        """The table ends: its card and socket leave the lobby."""
        if not self.closed:
            self.closed = True
            self.table.detach(self.conn)
            lobby.withdraw(self.where, self.name)
