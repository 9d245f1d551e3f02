"""The table's door to the network: asyncio streams, one task per connection.

    server = TableServer(table, codes)           # codes: Codes for the seats that may join
    await server.start("127.0.0.1", 0)          # server.port is the port chosen
    ...                                          # table.run() on the same loop
    await server.close()

A connection must open with a Hello (within HELLO_SECONDS) that carries this protocol's version and a code
of ours; it is then attached to the table for that code's seat and gets the table's Welcome.  After that the
table decides what a message may do (its seat, an open request, a legal action).  A frame over the cap,
garbage, a wrong code or version, or flooding ends the connection with a Goodbye saying why; the table and
the other seats go on.  A second connection with the same code replaces the first.

The table may also listen on a Unix socket in the lobby (`start_local`): there a Hello needs no code; the kernel
says who connected (SO_PEERCRED) and `seating.choose` gives that login its seat, a free one, or a sentence.

Every refusal is logged (`log`, the host's stderr or log file), never shown on a player's screen but the offender's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time

from ..controller import Decision
from ..table import Table
from ..table.bots import BotCancelled, BotFailed, make_runner
from ..table.messages import SPECTATOR, Chat, DecisionRequest, EventBatch, Refused, Welcome
from ..text import printable
from . import wire
from .codes import Codes, label
from .identity import peer_login
from .seating import choose, claim

HELLO_SECONDS = 10.0  # a client that says nothing is dropped
FLOOD_BURST, FLOOD_RATE = 60, 20.0  # messages at once, then per second, before a client is cut off
REFUSALS_LIMIT = 50  # refused messages before a client is cut off
OUT_LIMIT = 8 * 1024 * 1024  # bytes waiting for a client that does not read
log = logging.getLogger("dune_tui.net")


class Client:
    """One remote connection, once it is attached to the table."""

    def __init__(self, server: TableServer, seat: int, writer: asyncio.StreamWriter, peer: str,
                 login: str = "") -> None:
        self.server, self.seat, self.writer, self.peer = server, seat, writer, peer
        self.login = login  # the Unix login the kernel gave for a local connection ("" over TCP)
        self.conn = None
        self.closed = False
        self.allowance, self.at = float(FLOOD_BURST), time.monotonic()
        self.refusals = 0

    def send(self, message) -> None:
        """The table's send for this client: one frame, unless the client has stopped reading."""
        if self.closed:
            return
        if isinstance(message, Refused):
            self.refusals += 1
            log.info("refused %s (%s): %s", label(self.seat), self.peer, message.reason)
        transport = self.writer.transport
        if transport.is_closing():
            return
        self.writer.write(wire.encode(message))
        if transport.get_write_buffer_size() > OUT_LIMIT:
            log.warning("%s (%s) does not read its messages: disconnected", label(self.seat), self.peer)
            self.close()

    def flooding(self) -> bool:
        now = time.monotonic()
        self.allowance = min(FLOOD_BURST, self.allowance + (now - self.at) * FLOOD_RATE) - 1
        self.at = now
        return self.allowance < 0

    def goodbye(self, reason: str) -> None:
        log.warning("disconnected %s (%s): %s", label(self.seat), self.peer, reason)
        self.send(wire.Goodbye(reason=reason))
        self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.server.left(self)
            self.writer.close()


class StandIn:
    """A bot playing for an away human (`--takeover BOT --after N`), until the human comes back."""

    def __init__(self, table: Table, seat: int, agent: str) -> None:
        self.table, self.seat, self.agent = table, seat, agent
        self.runner = make_runner("thread", {seat: agent}, table.session.bots_secret)
        self.stop = threading.Event()
        self.tasks: set[asyncio.Task] = set()
        self.conn = table.attach(seat, self._take, stand_in=agent)

    def _take(self, message) -> None:
        if isinstance(message, Welcome):
            for request in message.requests:
                self._ask(request)
        elif isinstance(message, DecisionRequest):
            self._ask(message)
        elif isinstance(message, EventBatch) and message.events:
            self.runner.observe(self.seat, message.events)

    def _ask(self, request: DecisionRequest) -> None:
        task = asyncio.get_running_loop().create_task(self._decide(request))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _decide(self, request: DecisionRequest) -> None:
        try:
            action = await asyncio.to_thread(self.runner.decide, request, self.stop)
        except (BotCancelled, BotFailed) as e:
            log.warning("the stand-in for seat %d failed: %s", self.seat + 1, e)
            return
        if not self.stop.is_set():
            self.table.receive(self.conn, Decision(request.id, request.seat, action))

    def leave(self) -> None:
        self.stop.set()
        self.table.detach(self.conn)
        self.runner.close()


class TableServer:
    def __init__(self, table: Table, codes: Codes, *, takeover: str = "", after: float = 60.0) -> None:
        self.table, self.codes = table, codes
        self.takeover, self.after = takeover, after
        self.clients: list[Client] = []
        self.stand_ins: dict[int, StandIn] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.server: asyncio.Server | None = None
        self.local: asyncio.Server | None = None  # the lobby's Unix socket (start_local)
        self.watching = True
        self.by_code: set[int] = set()  # seats someone joined with a code: theirs, not free to the lobby
        self.host, self.port = "", 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def start(self, host: str = "127.0.0.1", port: int = 0, *, sock=None) -> None:
        """Listen on `host`:`port` (0: any free port), or on the bound socket `sock`."""
        if sock is not None:
            self.server = await asyncio.start_server(self._serve, sock=sock, limit=wire.TO_TABLE_LIMIT)
        else:
            self.server = await asyncio.start_server(self._serve, host, port, limit=wire.TO_TABLE_LIMIT)
        self.host, self.port = self.server.sockets[0].getsockname()[:2]
        for seat in self.codes.by_seat:
            if seat >= 0:
                self._away(seat)  # nobody has joined yet: a stand-in may take the seat in time

    async def start_local(self, sock) -> None:
        """Also listen on the lobby's bound Unix socket `sock` (lobby.bind): identity from the kernel."""
        self.local = await asyncio.start_unix_server(self._serve, sock=sock, limit=wire.TO_TABLE_LIMIT)

    async def close(self) -> None:
        for client in list(self.clients):
            client.goodbye("the host has closed the table")
        for timer in self.timers.values():
            timer.cancel()
        for bot in self.stand_ins.values():
            bot.leave()
        self.stand_ins.clear()
        for server in (self.server, self.local):
            if server is not None:
                server.close()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.wait_closed(), 2)

    # ---------------------------------------------------------- connections
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        login = _local_login(writer)
        peer = f"{login} (local)" if login else printable(writer.get_extra_info("peername"), limit=80)
        client = None
        try:
            client = await self._hello(reader, writer, peer, login)
            while client is not None and not client.closed:
                message = await wire.read(reader, wire.TO_TABLE_LIMIT)
                if client.closed:
                    break
                if client.flooding():
                    client.goodbye("too many messages: slow down")
                elif client.refusals > REFUSALS_LIMIT:
                    client.goodbye(f"more than {REFUSALS_LIMIT} refused messages")
                elif not isinstance(message, wire.FROM_CLIENT) or isinstance(message, wire.Hello):
                    client.goodbye(f"a client does not send {type(message).__name__}")
                else:
                    if isinstance(message, Chat):
                        log.info("chat from %s: %s", label(client.seat), printable(message.text, limit=300))
                    self.table.receive(client.conn, message)
        except wire.FrameError as e:
            if client is not None:
                client.goodbye(str(e))
            else:
                _bye(writer, str(e), peer)
        except (asyncio.IncompleteReadError, ConnectionError, TimeoutError) as e:
            if client is None:  # (the lobby's list checks a local table is alive this way: not worth a line)
                log.log(logging.DEBUG if login else logging.INFO, "connection from %s ended before its Hello (%s)",
                        peer, type(e).__name__)
        finally:
            if client is not None:
                client.close()
            writer.close()

    async def _hello(self, reader, writer, peer: str, login: str = "") -> Client | None:
        hello = await asyncio.wait_for(wire.read(reader, wire.TO_TABLE_LIMIT), HELLO_SECONDS)
        if not isinstance(hello, wire.Hello):
            return _bye(writer, "the first message must be a Hello", peer)
        if hello.protocol != wire.PROTOCOL:
            return _bye(writer, f"this table speaks protocol {wire.PROTOCOL}, your dune-tui speaks "
                                f"{hello.protocol}: use the same version of dune-tui as the host", peer)
        if self.table.closed:
            return _bye(writer, "the table is closed", peer)
        if login:  # a local connection: the kernel's login, not a code, finds the seat
            seat = self.seat_for(login, hello.seat)
            if isinstance(seat, str):
                return _bye(writer, seat, peer)
            if seat >= 0:
                claim(self.table.session, seat, login)
        else:
            seat = self.codes.seat_of(hello.code)
            if seat is None:
                return _bye(writer, "wrong code: ask the host for your seat's join code", peer)
            if seat >= 0:
                self.by_code.add(seat)
        for old in [c for c in self.clients if c.seat == seat and (seat >= 0 or not login)]:  # watchers: many
            old.goodbye("this seat was joined from another terminal")
        self._back(seat)
        client = Client(self, seat, writer, peer, login)
        self.clients.append(client)
        self._idle.clear()
        client.conn = self.table.attach(seat, client.send)
        if client.closed:  # dropped while its Welcome was sent
            self.table.detach(client.conn)
            return None
        log.info("%s joined from %s", label(seat), peer)
        return client

    def seat_for(self, login: str, wanted: int | None) -> int | str:
        """The seat `login` may take (its own, or a free one), or why not."""
        if wanted == SPECTATOR and not self.watching:
            return "this table is not open to watchers"
        here = {s.seat for s in self.table.seat_list() if s.is_human and s.connected} | self.by_code
        here -= {c.seat for c in self.clients if c.login == login}  # their own seat, from another terminal
        return choose(self.table.session.seats, login, wanted, here)

    def left(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)
            if client.conn is not None:
                self.table.detach(client.conn)
            log.info("%s (%s) left", label(client.seat), client.peer)
            if client.seat >= 0 and not any(c.seat == client.seat for c in self.clients):
                self._away(client.seat)
            if not self.clients:
                self._idle.set()

    async def idle(self) -> None:
        """Until no client is connected."""
        await self._idle.wait()

    # ------------------------------------------------------------ away seats
    def _away(self, seat: int) -> None:
        if self.takeover and not self.table.closed and seat not in self.timers:
            self.timers[seat] = asyncio.get_running_loop().call_later(self.after, self._take_over, seat)

    def _take_over(self, seat: int) -> None:
        self.timers.pop(seat, None)
        if not self.table.closed and seat not in self.stand_ins:
            log.info("seat %d is away: %s plays for it", seat + 1, self.takeover)
            self.stand_ins[seat] = StandIn(self.table, seat, self.takeover)

    def _back(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        bot = self.stand_ins.pop(seat, None)
        if bot is not None:
            bot.leave()


def _local_login(writer: asyncio.StreamWriter) -> str:
    """The login of a local (Unix socket) peer, from the kernel; "" over TCP."""
    sock = writer.get_extra_info("socket")
    if sock is None or sock.family != socket.AF_UNIX:
        return ""
    return peer_login(sock)


def _bye(writer: asyncio.StreamWriter, reason: str, peer: str) -> None:
    log.warning("refused a connection from %s: %s", peer, reason)
    with contextlib.suppress(Exception):
        writer.write(wire.encode(wire.Goodbye(reason=reason)))
    writer.close()
