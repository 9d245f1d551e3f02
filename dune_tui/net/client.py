"""A table across the network, with the in-process Table's client side: `attach`, `receive`, `detach`,
`seat_list`, `close`, so the game screen plays a joined seat as it plays a local one.

    remote = await RemoteTable.join("127.0.0.1:41234/6f2c…")   # JoinRefused: the host's reason
    conn = remote.attach(remote.seat, send)                      # send gets the Welcome, then the game
    remote.receive(conn, Decision(...))
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from .. import __version__
from ..table.messages import GameOver, Save, Saved, SeatInfo, Seats, Welcome
from ..text import printable
from . import wire
from .codes import parse_address
from .identity import peer_login
from .untrusted import cleaned

LEFT = "you left the table"  # the reason a table closes when its player leaves it
CONNECT_SECONDS = 15.0


class JoinRefused(Exception):
    """The table would not seat us (or could not be reached): the sentence says why."""


class RemoteTable:
    last_saved = None  # a joined table saves nothing in this terminal: its host keeps the game
    path = ""  # the Unix socket of a table of the lobby or the table server ("": joined with a code)

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, welcome: Welcome) -> None:
        self.reader, self.writer = reader, writer
        self.welcome = welcome
        self.seat = welcome.seat
        self.seats: tuple[SeatInfo, ...] = welcome.seats
        self.closed = False
        self.reason = ""  # why the connection ended ("" while it lasts)
        self.over = welcome.over is not None  # the game has ended (a host closing the table then resumes nothing)
        self.on_close: Callable[[str], None] | None = None
        self._send: Callable[[object], None] | None = None
        self._early: list = []  # messages before a client attached
        self.views = wire.OneView()  # a request's view, as the Board before it showed it
        self.views.incoming(welcome)
        self._pump = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def join(cls, address: str, timeout: float = CONNECT_SECONDS) -> RemoteTable:
        try:
            host, port, code = parse_address(address)
        except ValueError as e:
            raise JoinRefused(str(e)) from None
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=wire.TO_CLIENT_LIMIT), timeout)
        except (OSError, TimeoutError) as e:
            raise JoinRefused(f"cannot reach the table at {host}:{port} ({e.strerror or type(e).__name__})"
                              if isinstance(e, OSError) else f"no answer from {host}:{port}") from None
        hello = wire.Hello(protocol=wire.PROTOCOL, code=code, name=f"dune-tui {__version__}")
        return await cls._greet(reader, writer, hello, timeout)

    @classmethod
    async def join_local(cls, path: str, seat: int | None = None, timeout: float = CONNECT_SECONDS, *,
                         host: str = "") -> RemoteTable:
        """Sit down at a table of the lobby through its Unix socket: no code, the table knows who we are.
        `seat`: None our seat or a free one, SPECTATOR to watch, N seat N+1.  `host`: the login the table's card
        names; the kernel must say the process answering is that login's (else another user answers there)."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(path, limit=wire.TO_CLIENT_LIMIT), timeout)
        except (OSError, TimeoutError) as e:
            raise JoinRefused("the table has closed" if isinstance(e, (FileNotFoundError, ConnectionRefusedError))
                              else f"cannot reach the table ({getattr(e, 'strerror', None) or type(e).__name__})"
                              ) from None
        if host and (answers := peer_login(writer.get_extra_info("socket"))) != host:
            writer.close()
            raise JoinRefused(f"the table's socket is answered by {answers}, not by {host}, whose table it claims "
                              "to be")
        hello = wire.Hello(protocol=wire.PROTOCOL, name=f"dune-tui {__version__}", seat=seat)
        remote = await cls._greet(reader, writer, hello, timeout)
        remote.path = path
        return remote

    @classmethod
    async def _greet(cls, reader, writer, hello: wire.Hello, timeout: float) -> RemoteTable:
        writer.write(wire.encode(hello))
        try:
            first = await asyncio.wait_for(wire.read(reader, wire.TO_CLIENT_LIMIT), timeout)
        except (asyncio.IncompleteReadError, ConnectionError, TimeoutError, wire.FrameError) as e:
            writer.close()
            raise JoinRefused(f"the table did not answer ({type(e).__name__})") from None
        if isinstance(first, wire.Goodbye):
            writer.close()
            raise JoinRefused(f"the table refused: {printable(first.reason, limit=300)}")
        if not isinstance(first, Welcome):
            writer.close()
            raise JoinRefused(f"the table answered {type(first).__name__}, not a Welcome")
        return cls(reader, writer, cleaned(first))

    # ------------------------------------------------ the Table's client side
    def seat_list(self) -> tuple[SeatInfo, ...]:
        return self.seats

    def seats_here(self) -> list[int]:
        """The seats this terminal plays: ours (none for a spectator)."""
        return [self.seat] if self.seat >= 0 else []

    def attach(self, seat: int, send: Callable[[object], None], *, host: bool = False) -> RemoteTable:
        """The screen sits down: it gets the Welcome, then what came since, then the game as it goes."""
        if seat != self.seat:
            raise ValueError(f"this terminal joined {'as a spectator' if self.seat < 0 else f'seat {self.seat + 1}'}")
        self._send = send
        send(self.welcome)
        for message in self._early:
            send(message)
        self._early.clear()
        return self

    def receive(self, conn, message) -> None:
        if isinstance(message, Save):  # the host keeps the game (and saves it); leaving loses nothing here
            if self._send is not None:
                self._send(Saved(path="the host's table", ref=message.ref))
            return
        if not self.closed and not self.writer.transport.is_closing():
            self.writer.write(wire.encode(message))

    def detach(self, conn) -> None:
        self._send = None
        self.close()

    def close(self, reason: str = LEFT) -> None:
        if not self.closed:
            self.closed, self.reason = True, reason
            self.writer.close()
            if self.on_close is not None:
                self.on_close(reason)

    def exit_note(self) -> str:
        return ""

    async def _read(self) -> None:
        reason = "the connection to the table was lost"
        try:
            while True:
                message = await wire.read(self.reader, wire.TO_CLIENT_LIMIT)
                if isinstance(message, wire.Goodbye):
                    reason = printable(message.reason, limit=300)
                    break
                message = self.views.incoming(cleaned(message))
                if isinstance(message, Seats):
                    self.seats = message.seats
                elif isinstance(message, GameOver):
                    self.over = True
                if self._send is not None:
                    self._send(message)
                else:
                    self._early.append(message)
        except wire.FrameError as e:
            reason = f"the table sent something this dune-tui cannot read ({e})"
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except asyncio.CancelledError:
            reason = LEFT
        finally:
            with contextlib.suppress(Exception):
                self.close(reason)

    async def wait_closed(self) -> str:
        with contextlib.suppress(asyncio.CancelledError):
            await self._pump
        return self.reason
