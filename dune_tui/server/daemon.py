"""`dune-tui serve`: one process hosting every table of the machine, each kept in the store as it is played.

    daemon = Daemon(where, Store.open(where / DATABASE))
    await daemon.start()        # every unfinished table reopened from the store, then the control socket
    ...                         # until a signal
    await daemon.close()        # every decision is in the store already: the tables come back at the next start

Each table is the `Table` that `dune-tui host` serves, given the store's keeper (its game in the store), behind the
same `TableServer` on its own Unix socket in the server's directory (`<owner>-<game id>.sock`, identity from the kernel,
as a lobby's table); its card, what the control socket lists, is kept by a spectator's connection of the server's
(`ServerCard`, the lobby's `Publisher` without a file).  A table lives on when its players leave; once its game is
over and its clients have heard it, it closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path

import msgspec

from ..games import DEFAULT, GAMES
from ..net import lobby, wire
from ..net.publisher import Publisher
from ..net.server import Readers
from ..net.turn_limit import LIMIT_MAX
from ..saves import SaveError, schema
from ..saves.store import session_from_save
from ..table import Table
from ..table.bots import bot_specs
from ..table.messages import SPECTATOR, Notice, Seats
from ..text import printable
from .control import (
    NO_TABLE,
    REQUEST_LIMIT,
    STOPPING,
    VERBS,
    AskRecord,
    Done,
    ListTables,
    MakeLink,
    ManageTable,
    Opened,
    OpenTable,
    Ranked,
    Record,
    Tables,
    by_owner,
    decode_request,
    frame,
)
from .doors import Doors, is_guest
from .links import Links
from .manage import ManagedServer
from .place import CONTROL
from .pool import BotPool
from .store import Settings, Store, StoreError

log = logging.getLogger("dune_tui.server")
GRACE_SECONDS = 30.0  # after a game's end, its clients have this long to take their GameOver
REMATCH_SECONDS = 600.0  # a finished table stays this long after its end: its players may ask for the rematch
REQUEST_SECONDS = 10.0  # a control connection that says nothing is dropped
TABLES_PER_LOGIN = 20  # open tables one login may own
TABLES_LIMIT = 500
CONTROL_LIMIT = 64  # control connections at once (each says its request within REQUEST_SECONDS)
GUEST_REFUSED = ("a guest may play solo and watch, not open a table: come back through the SSH door with a key, or "
                 "by a one-time link made for you")
SEAT_GRACE = 600.0  # a seat taken and left is freed after this long (S1), unless it was kept for its login


class ServerCard(Publisher):
    """A table's card as the control socket lists it: kept up to date in memory, never written to a file."""

    def write(self) -> None:
        self._due = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.table.detach(self.conn)


class Recorder:
    """A spectator's connection of the server's own at a table: the seats as they change, to the table's keeper
    (which the table tells each chat line itself, an ally's too, before anyone hears it)."""

    def __init__(self, table, keeper) -> None:
        self.table, self.keeper = table, keeper
        self.conn = table.attach(SPECTATOR, self._take)

    def _take(self, message) -> None:
        if isinstance(message, Seats):
            self.keeper.seated()

    def close(self) -> None:
        self.table.detach(self.conn)


class Hosted:
    recorder: Recorder

    keeper: object

    def __init__(self, name: str, table: Table, server: ManagedServer, card: ServerCard, owner: str) -> None:
        self.name, self.table, self.server, self.card, self.owner = name, table, server, card, owner
        self.task: asyncio.Task | None = None

    def shown_to(self, login: str) -> bool:
        """A private table is listed to its owner and the logins it keeps a seat for only."""
        return not self.server.private or login == self.owner or login in self.server.logins()


class Daemon:
    def __init__(self, where: Path, store: Store, *, bots: str = "pool", per_login: int = TABLES_PER_LOGIN,
                 grace: float = SEAT_GRACE, doors: Doors | None = None) -> None:
        """`bots`: "pool" (worker processes shared by every table, one per core), "process" (one per table) or
        "thread".  `grace`: seconds a seat taken and left stays its login's (S1).  `doors`: who connects to the
        server's sockets (the kernel's word and the front doors' children)."""
        self.where, self.store, self.bots, self.per_login, self.grace = where, store, bots, per_login, grace
        self.doors = doors or Doors()
        self.pool = BotPool() if bots == "pool" else None
        self.tables: dict[str, Hosted] = {}
        self.readers = Readers()  # every table's clients, whose bytes waiting are capped together
        self.control: asyncio.AbstractServer | None = None
        self.closing = False
        self.tasks: set[asyncio.Task] = set()
        self.sweeper: asyncio.Task | None = None
        self.links = Links()  # one-time links that open a browser tab as their player (`dune-tui link`)
        self.web_url = ""  # the browser front door's page, once it is open (server/web.py)

    async def start(self) -> None:
        self.store.start_writer()  # the tables' writes: one thread, committed in groups, off the event loop
        for stale in self.where.glob("*.sock"):  # a killed server's sockets (the directory is ours alone)
            with contextlib.suppress(OSError):
                os.unlink(stale)
        for table_id in self.store.unfinished():
            try:
                kept = self.store.rebuild(table_id)
                name = await self.host(kept.session, kept.owner, kept.settings, resumed=True, chat=kept.chat)
            except (StoreError, OSError, ValueError) as e:
                log.error("%s", e if isinstance(e, StoreError) else f"cannot reopen table {table_id}: {e}")
                continue
            log.info("reopened %s: %d decisions, %d kept since its last turn's end", name,
                     len(kept.session.log), kept.session.recovered)
        sock = lobby.bind(self.where, CONTROL.removesuffix(".sock"))
        self.control = await asyncio.start_unix_server(self._control, sock=sock, limit=REQUEST_LIMIT)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
        log.info("serving %d table%s in %s (control socket %s)", len(self.tables), "" if len(self.tables) == 1 else "s",
                 self.where, self.where / CONTROL)

    async def host(self, session, owner: str, settings: Settings, *, resumed: bool, chat=()) -> str:
        """Open a table for `session` on its own socket; its name."""
        name = lobby.table_name(owner, session.game_id)
        sock = lobby.bind(self.where, name)
        try:
            runner = self.pool.runner(session.game_id, bot_specs(session), session.bots_secret) if self.pool else None
            keeper = self.store.keeper(owner, settings)
            table = Table(session, keeper=keeper, bots=self.bots, pause=settings.pause, resumed=resumed, runner=runner)
            table.chat.restore(chat)  # the lines said before a restart, each where it was said
            recorder = Recorder(table, keeper)
        except BaseException:
            sock.close()
            lobby.withdraw(self.where, name)
            raise
        server = ManagedServer(table, owner=owner, private=settings.private, watchers=settings.watchers,
                               takeover=settings.takeover, after=settings.after, turn_limit=settings.turn_limit,
                               readers=self.readers,  # S5: bytes waiting capped over all the tables
                               identify=self.doors.identify)
        keeper.leavers = server.leavers  # a game abandoned is rated so at its end
        server.sittings, server.keep = self.store.sittings(session.game_id), keeper.sat  # (a restart forgets none)
        await server.start_local(sock)
        server.expect(session.humans())  # an away seat's takeover counts from now (a reopened table's too)
        card = ServerCard(table, self.where, owner, held=lambda: server.by_code)
        hosted = self.tables[name] = Hosted(name, table, server, card, owner)
        hosted.recorder, hosted.keeper = recorder, keeper
        hosted.task = asyncio.get_running_loop().create_task(self._play(hosted))
        return name

    async def _play(self, hosted: Hosted) -> None:
        try:
            await hosted.table.run()
        except Exception:
            log.exception("table %s stopped", hosted.name)
        if self.closing:
            return
        log.info("table %s is over%s", hosted.name, f": {hosted.table.controller.state.result.text}"
                 if hosted.table.controller.over else "")
        loop = asyncio.get_running_loop()
        ended = loop.time()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(hosted.server.idle(), GRACE_SECONDS)
        if hosted.table.controller.over:  # every player took the game over and left: the game-over key's rematch
            await asyncio.sleep(ended + REMATCH_SECONDS - loop.time())  # (or `dune-tui table rematch`) finds it
        await self._drop(hosted, "the game is over")

    async def _drop(self, hosted: Hosted, reason: str) -> None:
        hosted.card.close()
        hosted.recorder.close()
        hosted.table.close()
        await hosted.server.close(reason)
        lobby.withdraw(self.where, hosted.name)
        self.tables.pop(hosted.name, None)

    async def close(self) -> None:
        """Stop every table (each decision is in the store: they reopen at the next start) and the control socket."""
        self.closing = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.control is not None:
            self.control.close()
        for hosted in list(self.tables.values()):
            await self._drop(hosted, STOPPING)
            if hosted.task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(hosted.task, 2)
        with contextlib.suppress(OSError):
            os.unlink(self.where / CONTROL)
        if self.pool is not None:
            self.pool.close()
        self.store.close()

    async def _sweep(self) -> None:
        """Free the seats taken and left more than `grace` ago (S1), at every table, now and then."""
        while True:
            await asyncio.sleep(min(max(self.grace / 4, 0.05), 30.0))
            for hosted in list(self.tables.values()):
                for seat in hosted.server.sweep(self.grace):
                    log.info("%s: seat %d freed (taken and left more than %gs ago)", hosted.name, seat + 1,
                             self.grace)

    # ------------------------------------------------------- the control socket
    async def _control(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if len(self.tasks) >= CONTROL_LIMIT:
            writer.write(frame(wire.Goodbye(reason="the server is busy: try again in a moment")))
            writer.close()
            return
        self.tasks.add(task)
        try:
            login = self.doors.identify(writer.get_extra_info("socket"))
            try:
                (size,) = wire.HEADER.unpack(await asyncio.wait_for(reader.readexactly(wire.HEADER.size),
                                                                    REQUEST_SECONDS))
                if size > REQUEST_LIMIT:
                    answer = wire.Goodbye(reason=f"a request of {size} bytes is over the limit of {REQUEST_LIMIT}")
                else:
                    body = await asyncio.wait_for(reader.readexactly(size), REQUEST_SECONDS)
                    answer = await self._answer(decode_request(body), login)
            except msgspec.MsgspecError as e:
                answer = wire.Goodbye(reason=f"not a request of this server ({printable(e, limit=200)})")
            if isinstance(answer, wire.Goodbye):
                log.warning("refused a request of %s: %s", login, answer.reason)
            writer.write(frame(answer))
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, TimeoutError):
            pass
        except asyncio.CancelledError:
            pass
        finally:
            writer.close()
            self.tasks.discard(task)

    async def _answer(self, request, login: str):
        if isinstance(request, ListTables):
            return Tables(tables=tuple(h.card.card() for h in self.tables.values() if h.card.seats
                                       and h.shown_to(login)), finished=tuple(self.store.finished_for(login)))
        if request.protocol != wire.PROTOCOL:
            return wire.Goodbye(reason=f"this server speaks protocol {wire.PROTOCOL}, your dune-tui speaks "
                                       f"{request.protocol}: use the same version of dune-tui as the server")
        if isinstance(request, ManageTable):
            return await self._manage(request, login)
        if isinstance(request, MakeLink):
            return self._link(login, request.table)
        if isinstance(request, AskRecord):
            return await self._record(request, login)
        return await self._open(request, login)

    def _link(self, login: str, table: str = ""):
        """A one-time link to the browser front door, for `login` (a local login, or a front door's player); with
        `table`, one that opens at that table, if `login` may sit there now."""
        if not self.web_url:
            return wire.Goodbye(reason="this server has no browser front door (it opens one when started with "
                                       "--web PORT)")
        if is_guest(login):
            return wire.Goodbye(reason="a guest's link would be a guest's: open the front door's page itself")
        if table:
            hosted = self.tables.get(table)
            if hosted is None or not hosted.shown_to(login):
                return wire.Goodbye(reason=_no_table(table))
            seat = hosted.server.seat_for(login, None)
            if isinstance(seat, str):
                return wire.Goodbye(reason=f"{hosted.owner}'s table: {seat}")
        log.info("%s asked for a link to the browser front door%s", login, f" at table {table}" if table else "")
        return Done(text=f"{self.web_url}?t={self.links.issue(login, table)}")

    async def _record(self, request: AskRecord, login: str) -> Record:
        """A game's leaderboard and the games `login` finished here (the store's record: server/record.py); or
        `login`'s rating change at the table asked of, once its end is on the disk (rated in that transaction)."""
        rules = request.rules if request.rules in GAMES else DEFAULT  # an unknown game: the first one's board
        if request.table:
            await self.store.settled()
            found = self.store.rating_change(request.table, login)
            return Record(rules=rules, change=(found[0].mu, found[0].sigma, found[1].mu, found[1].sigma)
                          if found else ())
        board = tuple(Ranked(identity=who, mu=r.mu, sigma=r.sigma, games=n) for who, r, n in
                      self.store.leaderboard(rules))
        return Record(rules=rules, board=board, games=tuple(self.store.finished_games(login)))

    async def _manage(self, request: ManageTable, login: str):
        """The owner's controls of a table; an invited login's `decline`; the rematch, the owner's or a player's."""
        hosted = self.tables.get(request.table)
        if request.verb == "rematch":
            return await self._rematch(request.table, login)
        if hosted is None or not hosted.shown_to(login):
            return wire.Goodbye(reason=_no_table(request.table))
        server, verb = hosted.server, request.verb
        if verb == "decline":
            why = server.decline(login)
            return wire.Goodbye(reason=why) if why else Done(text=f"you declined {hosted.owner}'s invitation")
        if login != hosted.owner:
            return wire.Goodbye(reason=f"only {hosted.owner}, who opened the table, may {verb} there")
        if verb == "invite":
            seat = server.invite(request.login, None if request.seat < 0 else request.seat)
            if isinstance(seat, str):
                return wire.Goodbye(reason=seat)
            text = f"seat {seat + 1} is kept for {request.login}"
        elif verb == "release":
            if why := server.release(request.seat, by_owner(login, f"released seat {request.seat + 1}")):
                return wire.Goodbye(reason=why)
            text = f"seat {request.seat + 1} is free"
        elif verb == "kick":
            if why := server.kick(request.login, by_owner(login, "sent you away")):
                return wire.Goodbye(reason=why)
            text = f"{request.login} is sent away; their seat is free"
        elif verb in ("private", "public", "watchers", "no-watchers"):
            private = server.private if verb in ("watchers", "no-watchers") else verb == "private"
            watchers = server.watching if verb in ("private", "public") else verb == "watchers"
            server.private, server.watching = private, watchers
            hosted.keeper.settled(msgspec.structs.replace(hosted.keeper.settings, private=private, watchers=watchers))
            for client in [c for c in server.clients if isinstance(server.seat_for(c.login, c.seat), str)]:
                client.goodbye(by_owner(login, "made it private" if private else "closed it to watchers"))
            text = ("private: invited logins only" if private else "open to every login") + ", " + \
                ("open to watchers" if watchers else "closed to watchers")
        else:
            return wire.Goodbye(reason=f"no control {printable(verb, limit=40)!r}: one of {', '.join(VERBS)}")
        log.info("%s: %s %s", hosted.name, login, text)
        return Done(text=text)

    async def _rematch(self, name: str, login: str):
        """A new game at a new table with the same seats (each kept for its login) and a new deal, its owner the
        table's: once its game is over, while the table is open or later, from the store (after a restart too).
        Once the rematch is open, any player asking for it is told where it is."""
        from ..games.rng import random_seed
        from ..session import Session, new_bots_secret

        hosted = self.tables.get(name)
        if hosted is not None:
            old, owner, settings = hosted.table.session, hosted.owner, hosted.keeper.settings
            if not hosted.table.controller.over:
                return wire.Goodbye(reason="the game is not over: a rematch starts once it is")
        else:
            kept = self._finished(name)
            if isinstance(kept, str):
                return wire.Goodbye(reason=kept)
            old, owner, settings = kept.session, kept.owner, kept.settings
        players = {s.login for s in old.seats if s.login}
        if login != owner and login not in players:
            hidden = settings.private or (hosted is not None and not hosted.shown_to(login))
            return wire.Goodbye(reason=_no_table(name) if hidden else
                                f"only {owner}, who opened the table, may rematch there (and its players)")
        opened = next((h.name for h in self.tables.values() if h.keeper.settings.rematch_of == old.game_id), "")
        if opened:
            return Done(text=_rematch_open(opened), table=opened)
        if sum(h.owner == owner for h in self.tables.values()) >= self.per_login:
            return wire.Goodbye(reason=f"{owner} has {self.per_login} tables open on this server already")
        seats = [msgspec.structs.replace(s, claimed=False) for s in old.seats]
        session = Session(msgspec.structs.replace(old.options, seed=random_seed()), seats,
                          bots_secret=new_bots_secret(), hints_allowed=old.hints_allowed)
        try:
            opened = await self.host(session, owner, msgspec.structs.replace(settings, rematch_of=old.game_id),
                                     resumed=False)
        except (OSError, StoreError, ValueError) as e:
            return wire.Goodbye(reason=f"the server cannot open the rematch ({printable(e, limit=200)})")
        if hosted is not None:
            hosted.table.clients.broadcast(Notice(text=f"{owner} opened a rematch, your seat kept for you: table "
                                                       f"{opened} (Rematch on the game's end sits you down there)"))
        log.info("%s: rematch at %s, asked by %s", name, opened, login)
        return Done(text=_rematch_open(opened), table=opened)

    def _finished(self, name: str):
        """The finished table `name` as the store keeps it (Kept), or why there is none."""
        found = next((t.id for t in self.store.tables() if lobby.table_name(t.owner, t.id) == name), None)
        if found is None:
            return _no_table(name)
        try:
            kept = self.store.rebuild(found)
        except StoreError as e:
            log.error("%s", e)
            return f"the server cannot read the table {printable(name, limit=80)} back (its log says why)"
        if not kept.session.controller.over:
            return _no_table(name)  # open in the store, but not reopened (its log says why)
        return kept

    async def _open(self, request: OpenTable, login: str):
        why = GUEST_REFUSED if is_guest(login) else _settings_refused(request)
        if why:
            return wire.Goodbye(reason=why)
        if sum(h.owner == login for h in self.tables.values()) >= self.per_login:
            return wire.Goodbye(reason=f"{login} has {self.per_login} tables open on this server already")
        if len(self.tables) >= TABLES_LIMIT:
            return wire.Goodbye(reason=f"this server has {TABLES_LIMIT} tables open already")
        try:
            session = session_from_save(schema.decode(request.save), Path(f"{login}'s game"), verify=True,
                                        strict=False)
        except SaveError as e:
            return wire.Goodbye(reason=f"cannot open this game: {e}")
        except Exception as e:  # the save's content broke the replay itself
            return wire.Goodbye(reason=f"cannot open this game ({type(e).__name__})")
        if not session.humans():
            return wire.Goodbye(reason="this game has no human seat to join")
        known = {t.id: t for t in self.store.tables()}
        if session.game_id in known:
            if known[session.game_id].state == "finished":
                return wire.Goodbye(reason=f"the game {session.game_id} is over on this server")
            name = next((h.name for h in self.tables.values() if h.table.session.game_id == session.game_id), "")
            return wire.Goodbye(reason=f"the game {session.game_id} is open on this server already" +
                                (f": table {name}, in Tables on this server" if name else
                                 ", but cannot be reopened (the server's log says why)"))
        settings = Settings(pause=request.pause, takeover=request.takeover, after=request.after,
                            turn_limit=request.turn_limit)
        try:
            name = await self.host(session, login, settings, resumed=bool(session.log))
        except (OSError, StoreError, ValueError) as e:
            log.error("cannot open a table for %s: %s", login, e)
            return wire.Goodbye(reason=f"the server cannot open the table ({printable(e, limit=200)})")
        except Exception as e:  # sqlite3.Error and kin: the server's log has it
            log.exception("cannot open a table for %s", login)
            return wire.Goodbye(reason=f"the server cannot open the table ({type(e).__name__})")
        log.info("%s opened %s (%s, %d players)", login, name, session.controller.game.title, len(session.seats))
        return Opened(table=name)


# The server's answers name no shell command: a player at a front door has no shell (the command line adds its own).
def _no_table(name: str) -> str:
    return f"{NO_TABLE}{printable(name, limit=80)!r} on this server"


def _rematch_open(table: str) -> str:
    return f"the rematch is open: table {table}"


def _settings_refused(request: OpenTable) -> str:
    if not 0 <= request.pause <= 60:
        return "the pause must be between 0 and 60 seconds"
    if not 0 <= request.after <= 86_400:
        return "--after must be between 0 and 86400 seconds"
    if request.turn_limit and not 1 <= request.turn_limit <= LIMIT_MAX:
        return "the turn limit must be between 1 second and 30 days"
    if request.takeover:
        from dune_tui.ai import AgentSpecError, parse_spec

        try:
            parse_spec(request.takeover)
        except AgentSpecError as e:
            return f"--takeover: {e}"
    return ""


async def serve(where: Path, store: Store, *, bots: str = "pool", per_login: int = TABLES_PER_LOGIN,
                grace: float = SEAT_GRACE, doors=()) -> int:
    """Run the server until SIGTERM, SIGINT or SIGHUP.  `doors`: each makes a front door of the daemon (its
    start() and close())."""
    import signal

    daemon = Daemon(where, store, bots=bots, per_login=per_login, grace=grace)
    await daemon.start()
    opened = []
    for make in doors:
        door = make(daemon)
        try:
            await door.start()
        except OSError as e:
            log.error("cannot open a front door: %s", e)
            for door in opened:
                await door.close()
            await daemon.close()
            return 2
        opened.append(door)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("stopping: %d table%s kept for the next start", len(daemon.tables), "" if len(daemon.tables) == 1
             else "s")
    for door in opened:
        await door.close()
    await daemon.close()
    return 0
