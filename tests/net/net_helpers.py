"""Helpers for the network tests: games at chosen positions, a hosted table on loopback, raw sockets."""

from __future__ import annotations

import asyncio
import random

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.client import RemoteTable
from dune_tui.net.codes import Codes, address
from dune_tui.net.server import TableServer
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import SPECTATOR, Closed, DecisionRequest, GameOver, Welcome
from tests.sessions import play_until as play_until

ANN = SeatConfig(kind="human", agent="", name="Ann")
BOB = SeatConfig(kind="human", agent="", name="Bob")


def bot(spec: str = "random") -> SeatConfig:
    return SeatConfig(kind="bot", agent=spec)


def two_humans_at_commit(factions=("atreides", "harkonnen")) -> Session:
    """A two-player game of two humans stopped at a battle commit, the second side's commit sealed."""
    for seed in range(1, 80):
        game = Session(Options(players=2, seed=seed, factions=factions), [ANN, BOB], bots_secret=seed)
        try:
            return play_until(game, lambda s: s.phase == "commit" and len(s.awaiting) == 1, seed=seed)
        except AssertionError:
            continue
    raise AssertionError("no battle in 80 games")


def state_fields(state) -> tuple:
    """A State's contents, to compare two views."""
    return tuple(getattr(state, k) for k in type(state).__slots__ if k not in ("events", "_legal"))


class Hosted:
    """A table and its server on loopback, on the running loop; `codes` for every human seat and spectators."""

    def __init__(self, game: Session, *, takeover: str = "", after: float = 60.0, lobby=None, **table_kw) -> None:
        """`lobby`: a directory where the table also listens on a Unix socket (identity from the kernel)."""
        table_kw.setdefault("bots", "thread")
        table_kw.setdefault("pause", 0.0)
        self.table = Table(game, **table_kw)
        self.codes = Codes([*game.humans(), SPECTATOR])
        self.server = TableServer(self.table, self.codes, takeover=takeover, after=after)
        self.task: asyncio.Task | None = None
        self.lobby, self.path = lobby, ""

    async def __aenter__(self) -> Hosted:
        await self.server.start("127.0.0.1", 0)
        if self.lobby is not None:
            from dune_tui.net import lobby

            name = lobby.table_name("host", self.table.session.game_id)
            await self.server.start_local(lobby.bind(self.lobby, name))
            self.path = str(self.lobby / f"{name}.sock")
        self.task = asyncio.get_running_loop().create_task(self.table.run())
        return self

    async def __aexit__(self, *exc) -> None:
        self.table.close()
        await self.server.close()
        await self.task

    def address(self, seat: int) -> str:
        return address(self.server.host, self.server.port, self.codes.by_seat[seat])

    async def raw(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A fresh connection: over the Unix socket for a table in a lobby, else over TCP."""
        if self.path:
            return await asyncio.open_unix_connection(self.path)
        return await asyncio.open_connection(self.server.host, self.server.port)

    def hello(self, seat: int, protocol: int = wire.PROTOCOL) -> wire.Hello:
        """The Hello that sits at `seat`: its code over TCP, the seat asked for over the Unix socket."""
        if self.path:
            return wire.Hello(protocol=protocol, seat=seat)
        return wire.Hello(protocol=protocol, code=self.codes.by_seat[seat])

    async def join(self, seat: int) -> RemoteTable:
        if self.path:
            return await RemoteTable.join_local(self.path, seat)
        return await RemoteTable.join(self.address(seat))


async def say(writer: asyncio.StreamWriter, message) -> None:
    writer.write(wire.encode(message))
    await writer.drain()


async def hear(reader: asyncio.StreamReader):
    return await asyncio.wait_for(wire.read(reader, wire.TO_CLIENT_LIMIT), 30)


async def until(condition, what: str = "", limit: int = 20_000) -> None:
    """Let the loop run until `condition()` holds (a bounded number of turns of the loop)."""
    for _ in range(limit):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"never happened: {what or condition}")


class Player:
    """A headless joined client recording what it gets; `answer`: play random legal moves for its seat."""

    def __init__(self, remote, *, answer: bool = False, seed: int = 0) -> None:
        self.remote, self.answer, self.rng = remote, answer, random.Random(seed)
        self.got: list = []
        self.conn = remote
        remote.attach(remote.seat, self._take)

    def _take(self, message) -> None:
        self.got.append(message)
        if self.answer and isinstance(message, DecisionRequest):
            self.send(Decision(message.id, message.seat, self.rng.choice(message.legal)))
        if self.answer and isinstance(message, Welcome):
            for r in message.requests:
                self.send(Decision(r.id, r.seat, self.rng.choice(r.legal)))

    def send(self, message) -> None:
        self.remote.receive(self.conn, message)

    def of(self, kind: type) -> list:
        return [m for m in self.got if isinstance(m, kind)]

    def open_requests(self) -> list[DecisionRequest]:
        found: dict[int, DecisionRequest] = {}
        for m in self.got:
            if isinstance(m, Welcome):
                found = {r.id: r for r in m.requests}
            elif isinstance(m, DecisionRequest):
                found[m.id] = m
            elif isinstance(m, Closed):
                found.pop(m.id, None)
        return list(found.values())


def two_players_and_a_watcher_play_to_the_end(game: Session) -> tuple[Player, Player, Player]:
    """`game` hosted on loopback; seats 1 and 2 joined by clients answering at random, a spectator watching,
    until every client has heard the game end. Returns the three clients (ann, bob, watcher)."""

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)), answer=True, seed=1)
            bob = Player(await RemoteTable.join(hosted.address(1)), answer=True, seed=2)
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            await hosted.task
            await until(lambda: all(p.of(GameOver) for p in (ann, bob, watcher)), "every client hears the end")
            return ann, bob, watcher

    return asyncio.run(main())
