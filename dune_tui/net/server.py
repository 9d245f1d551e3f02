"""The table's door to the network: asyncio streams, one task per connection.

    server = TableServer(table, codes)           # codes: Codes for the seats that may join
    await server.start("127.0.0.1", 0)          # server.port is the port chosen
    ...                                          # table.run() on the same loop
    await server.close()

A connection must open with a Hello (within HELLO_SECONDS) that carries this protocol's version and a code
of ours; it is then attached to the table for that code's seat and gets the table's Welcome.  After that the
table decides what a message may do (its seat, an open request, a legal action).  A frame over the cap,
garbage, a wrong code or version, no Hello in time, or flooding ends the connection with a Goodbye saying why;
the table and the other seats go on.  A second connection with a seat's code replaces the first; any number of
spectators (up to SPECTATORS_LIMIT) watch with theirs.  Joins with one code, failed Hellos from one address and
connections waiting for their Hello are limited (`limits`); past its address's allowance a wrong code is only
told "too many failed attempts", but a right one still gets in (every peer on this machine is 127.0.0.1: a
guesser must not lock the others out; a code is 192 bits, the allowance only keeps the log and the host's work
small).  Every refusal is logged (`log`, the host's stderr or log file), never shown on a player's screen but the
offender's; each log line is made printable, and past a rate
per peer the lines are counted in one summary line instead (`QuietLog`).

The table may also listen on a Unix socket in the lobby (`start_local`): there a Hello needs no code; the kernel
says who connected (SO_PEERCRED) and `seating.choose` gives that login its seat, a free one, or a sentence; the
limits count a local peer by its login.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading

from ..controller import Decision
from ..table import Table
from ..table.bots import BotCancelled, BotFailed, make_runner
from ..table.messages import SPECTATOR, Chat, DecisionRequest, Refused, Welcome
from ..text import printable
from . import wire
from .codes import Codes, label
from .identity import peer_login
from .limits import Bucket, Buckets, QuietLog
from .seating import choose, claim
from .turn_limit import TurnLimit

HELLO_SECONDS = 10.0  # a client that says nothing is dropped
FLOOD_BURST, FLOOD_RATE = 60, 20.0  # messages at once, then per second, before a client is cut off
REFUSALS_LIMIT = 50  # refused messages before a client is cut off
OUT_LIMIT = 8 * 1024 * 1024  # bytes waiting for a client that does not read
WHOSE_OUT_LIMIT = 16 * 1024 * 1024  # S5: bytes waiting for all the clients of one login (or of one code)
ALL_OUT_LIMIT = 64 * 1024 * 1024  # S5: bytes waiting for all the clients (of the table, or of a server's tables)
BACKLOG = 64 * 1024  # a client with more waiting than this is counted in the totals at each send
ABORT_SECONDS = 10.0  # a client cut off for not reading has this long to read its Goodbye, then its bytes go
SPECTATORS_LIMIT = 100  # spectators watching at once
PENDING_LIMIT, PENDING_PER_ADDRESS = 256, 32  # connections that have not said their Hello yet
JOIN_BURST, JOIN_RATE = 10, 0.5  # joins with one code: 10 at once, then one every 2 seconds
FAILED_BURST, FAILED_RATE = 20, 1.0  # failed Hellos from one address: 20 at once, then one a second
LOG_LINE_LIMIT = 500  # characters of a log line
log = logging.getLogger("dune_tui.net")


class _Printable(logging.Filter):
    """Every line of this log as `printable` text: a peer's bytes cannot move the host's cursor or retitle its
    terminal, in stderr or in the log file."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = printable(record.getMessage(), limit=LOG_LINE_LIMIT), None
        return True


log.addFilter(_Printable())


class Client:
    """One remote connection, once it is attached to the table."""

    def __init__(self, server: TableServer, seat: int, writer: asyncio.StreamWriter, peer: str,
                 login: str = "") -> None:
        self.server, self.seat, self.writer, self.peer = server, seat, writer, peer
        self.login = login  # the Unix login the kernel gave for a local connection ("" over TCP)
        self.whose = ("login", login) if login else (server, seat)  # whose bytes waiting are counted together
        self.conn = None
        self.closed = False
        self.flood = Bucket(FLOOD_BURST, FLOOD_RATE)
        self.refusals = 0
        self.views = wire.OneView()

    def send(self, message) -> None:
        """The table's send for this client: one frame, unless the client has stopped reading."""
        if self.closed:
            return
        if isinstance(message, Refused):
            self.refusals += 1
            self.server.quiet.info(self.peer, "refused %s (%s): %s", label(self.seat), self.peer, message.reason)
        transport = self.writer.transport
        if transport.is_closing():
            return
        self.writer.write(wire.encode(self.views.outgoing(message)))
        waiting = transport.get_write_buffer_size()
        if waiting > OUT_LIMIT:
            self.cut_off("you do not read the table's messages")
        elif waiting > BACKLOG:
            self.server.backlog(self)

    def waiting(self) -> int:
        """Bytes written for this client and not yet taken by the kernel."""
        return 0 if self.closed else self.writer.transport.get_write_buffer_size()

    def cut_off(self, why: str) -> None:
        """Disconnected for not reading: a Goodbye saying why, readable for ABORT_SECONDS, then the bytes are
        dropped (a peer that never reads holds no memory)."""
        log.warning("%s (%s) does not read its messages: disconnected (%s)", label(self.seat), self.peer, why)
        transport = self.writer.transport
        if not self.closed:
            _bye(self.writer, f"{why}: disconnected")  # (not self.send: past the cap it would cut off again)
            self.close()
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().call_later(ABORT_SECONDS, transport.abort)

    def flooding(self) -> bool:
        return not self.flood.take()

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

    def __init__(self, table: Table, seat: int, agent: str, done=None) -> None:
        """`done()`: called once it has played one decision, then it leaves (a turn limit's bot); None: it plays
        until its player is back."""
        self.table, self.seat, self.agent, self.done = table, seat, agent, done
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
            if self.done is not None:
                self.leave()
                self.done()

    def leave(self) -> None:
        self.stop.set()
        self.table.detach(self.conn)
        self.runner.close()


class Readers:
    """The clients whose bytes waiting are capped together (S5): one table's, or every table's of a server."""

    def __init__(self) -> None:
        self.clients: set[Client] = set()


class TableServer:
    def __init__(self, table: Table, codes: Codes, *, takeover: str = "", after: float = 60.0,
                 turn_limit: float = 0.0, readers: Readers | None = None, identify=None) -> None:
        """`turn_limit`: seconds an away seat's decision may wait before a bot plays it (0: for ever); `readers`:
        shared by the tables whose clients' bytes waiting are capped together (default: this one's); `identify(sock)`:
        who a peer of the Unix socket is (default: the login of its uid; the table server's `Doors.identify`)."""
        self.table, self.codes = table, codes
        self.identify = identify
        self.readers = readers or Readers()
        self.takeover, self.after = takeover, after
        self.turn_limit = TurnLimit(self, turn_limit, takeover) if turn_limit else None
        self.clients: list[Client] = []
        self.stand_ins: dict[int, StandIn] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.server: asyncio.Server | None = None
        self.local: asyncio.Server | None = None  # the lobby's Unix socket (start_local)
        self.watching = True
        self.by_code: set[int] = set()  # seats someone joined with a code: theirs, not free to the lobby
        self.host, self.port = "", 0
        self.waiting: dict[asyncio.StreamWriter, str] = {}  # connections before their Hello, by address
        self.tasks: set[asyncio.Task] = set()  # one per connection
        self.joins = Buckets(JOIN_BURST, JOIN_RATE)  # by seat (and login, over a Unix socket)
        self.failures = Buckets(FAILED_BURST, FAILED_RATE)  # by address
        self.quiet = QuietLog(log)
        self._idle = asyncio.Event()
        self._idle.set()

    async def start(self, host: str = "127.0.0.1", port: int = 0, *, sock=None) -> None:
        """Listen on `host`:`port` (0: any free port), or on the bound socket `sock`."""
        if sock is not None:
            self.server = await asyncio.start_server(self._serve, sock=sock, limit=wire.TO_TABLE_LIMIT)
        else:
            self.server = await asyncio.start_server(self._serve, host, port, limit=wire.TO_TABLE_LIMIT)
        self.host, self.port = self.server.sockets[0].getsockname()[:2]
        self.expect([seat for seat in self.codes.by_seat if seat >= 0])
        if self.turn_limit is not None:
            self.turn_limit.start()

    def expect(self, seats) -> None:
        """Nobody has joined these seats yet: a stand-in (--takeover) may take each in time."""
        for seat in seats:
            self._away(seat)

    async def start_local(self, sock) -> None:
        """Also listen on the lobby's bound Unix socket `sock` (lobby.bind): identity from the kernel."""
        self.local = await asyncio.start_unix_server(self._serve, sock=sock, limit=wire.TO_TABLE_LIMIT)
        if self.turn_limit is not None:
            self.turn_limit.start()

    async def close(self, reason: str = "the host has closed the table") -> None:
        for client in list(self.clients):
            client.goodbye(reason)
        for writer in list(self.waiting):
            _bye(writer, reason)
        for timer in self.timers.values():
            timer.cancel()
        if self.turn_limit is not None:
            self.turn_limit.close()
        for bot in list(self.stand_ins.values()):
            bot.leave()
        self.stand_ins.clear()
        for server in (self.server, self.local):
            if server is not None:
                server.close()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.wait_closed(), 2)
        if self.tasks:  # every connection's task ends (their streams are closed) before the loop does
            await asyncio.wait(set(self.tasks), timeout=2)
        self.quiet.close()

    # ---------------------------------------------------------- connections
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        login = _local_login(writer, self.identify)
        name = writer.get_extra_info("peername")
        peer = f"{login} (local)" if login else printable(name, limit=80)
        address = f"{login} (local)" if login else \
            printable(name[0] if isinstance(name, tuple) and name else name, limit=80)
        client = None
        task = asyncio.current_task()
        self.tasks.add(task)
        self.waiting[writer] = address
        try:
            if (refusal := self._admit(address)) is not None:
                return self._refuse(writer, refusal, address, failed=False)
            client = await self._hello(reader, writer, peer, address, login)
            self.waiting.pop(writer, None)
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
                        self.quiet.info(peer, "chat from %s: %s", label(client.seat), message.text)
                    self.table.receive(client.conn, message)
        except wire.FrameError as e:
            if client is not None:
                client.goodbye(str(e))
            else:
                self._refuse(writer, str(e), address)
        except TimeoutError:
            if client is None:
                self._refuse(writer, f"no Hello within {HELLO_SECONDS:g} s", address)
        except (asyncio.IncompleteReadError, ConnectionError) as e:
            if client is None and not login:  # (the lobby's list checks a local table is alive this way: no line)
                self.quiet.info(address, "connection from %s ended before its Hello (%s)", peer, type(e).__name__)
        except asyncio.CancelledError:  # the loop is closing: a stream's task that ends cancelled makes asyncio
            pass  # (3.11) print a traceback, one per connection
        finally:
            self.waiting.pop(writer, None)
            self.tasks.discard(task)
            if client is not None:
                client.close()
            writer.close()

    def _admit(self, address: str) -> str | None:
        """Why a new connection from `address` is refused before its Hello is read (None: it is not)."""
        if len(self.waiting) > PENDING_LIMIT or sum(a == address for a in self.waiting.values()) > PENDING_PER_ADDRESS:
            return "too many connections are waiting to say Hello: try again in a moment"
        return None

    def _refuse(self, writer: asyncio.StreamWriter, reason: str, address: str, failed: bool = True) -> None:
        """Goodbye to a connection that has no seat; a failed attempt counts against its address."""
        if failed:
            self.failures.take(address)
        self.quiet.warning(address, "refused a connection from %s: %s", address, reason)
        _bye(writer, reason)

    async def _hello(self, reader, writer, peer: str, address: str, login: str = "") -> Client | None:
        hello = await asyncio.wait_for(wire.read(reader, wire.TO_TABLE_LIMIT), HELLO_SECONDS)
        if not isinstance(hello, wire.Hello):
            return self._refuse(writer, "the first message must be a Hello", address)
        if hello.protocol != wire.PROTOCOL:
            return self._refuse(writer, f"this table speaks protocol {wire.PROTOCOL}, your dune-tui speaks "
                                        f"{hello.protocol}: use the same version of dune-tui as the host", address)
        if login:  # a local connection: the kernel's login, not a code, finds the seat
            seat = self.seat_for(login, hello.seat)
            if isinstance(seat, str):
                return self._refuse(writer, seat, address, failed=False)
        else:
            seat = self.codes.seat_of(hello.code)
            if seat is None and not self.failures.ready(address):  # S7: a right code is never locked out
                return self._refuse(writer, "too many failed attempts from your address: wait a minute", address)
            if seat is None:
                return self._refuse(writer, "wrong code: ask the host for your seat's join code", address)
        if self.table.closed:
            return self._refuse(writer, "the table is closed", address, failed=False)
        if not self.joins.take((seat, login) if login else seat):  # S4: one login's retries are its own
            return self._refuse(writer, f"{label(seat)} has joined too often: wait a few seconds", address,
                                failed=False)
        if seat == SPECTATOR and sum(c.seat == SPECTATOR for c in self.clients) >= SPECTATORS_LIMIT:
            return self._refuse(writer, f"{SPECTATORS_LIMIT} spectators are watching already", address, failed=False)
        if seat >= 0 and login:
            claim(self.table.session, seat, login)
        elif seat >= 0:
            self.by_code.add(seat)
        replaced = [c for c in self.clients if c.seat == seat] if seat != SPECTATOR else []
        self._back(seat)
        client = Client(self, seat, writer, peer, login)
        self.clients.append(client)
        self.readers.clients.add(client)
        self._idle.clear()
        # (before the old one leaves: the seat never looks away)
        client.conn = self.table.attach(seat, client.send, login=login, watcher=True)
        for old in replaced:
            old.goodbye("this seat was joined from another terminal")
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

    def backlog(self, client: Client) -> None:
        """S5: `client` has bytes waiting: if all of its login's (or code's) clients, or all of them (`readers`), have
        more waiting than their cap, the one with the most waiting is cut off (a reading client has none)."""
        everyone = self.readers.clients
        whose = [c for c in everyone if c.whose == client.whose]
        for group, limit, why in ((whose, WHOSE_OUT_LIMIT, "your connections together do not read the table's "
                                   "messages"), (everyone, ALL_OUT_LIMIT, "the table's clients do not read "
                                   "its messages and yours has the most waiting")):
            sizes = {c: c.waiting() for c in group}
            if sum(sizes.values()) > limit:
                max(sizes, key=sizes.get).cut_off(why)
                return

    def left(self, client: Client) -> None:
        self.readers.clients.discard(client)
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
            self.stand_in(seat, self.takeover)

    def stand_in(self, seat: int, agent: str, *, once: bool = False) -> None:
        """A bot plays for the away seat: until its player is back, or (once) for one decision."""
        def done() -> None:
            if self.stand_ins.get(seat) is bot:
                del self.stand_ins[seat]

        bot = self.stand_ins[seat] = StandIn(self.table, seat, agent, done if once else None)

    def _back(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        bot = self.stand_ins.pop(seat, None)
        if bot is not None:
            bot.leave()


def _local_login(writer: asyncio.StreamWriter, identify=None) -> str:
    """Who a local (Unix socket) peer is, from the kernel (`identify(sock)`, default its uid's login); "" over TCP."""
    sock = writer.get_extra_info("socket")
    if sock is None or sock.family != socket.AF_UNIX:
        return ""
    return (identify or peer_login)(sock)


def _bye(writer: asyncio.StreamWriter, reason: str) -> None:
    with contextlib.suppress(Exception):
        writer.write(wire.encode(wire.Goodbye(reason=printable(reason, limit=LOG_LINE_LIMIT))))
    writer.close()
