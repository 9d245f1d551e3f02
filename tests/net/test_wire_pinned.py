"""The wire's frames, byte for byte: what a remote player and a spectator receive over the network server in a
fixed-seed game with bots, in both games, recorded before issue 42's refactors (engine base, derived wire Structs,
thin Table).  A refactor must not change one byte.  Regenerate the files in pinned_frames/ only for a change meant
to change what crosses the socket (a new PROTOCOL), and say so: `python tests/net/test_wire_pinned.py`."""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dune_tui.controller import Decision
from dune_tui.games import express
from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.codes import Codes
from dune_tui.net.server import TableServer
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import SPECTATOR, DecisionRequest, GameOver

PINNED = Path(__file__).parent / "pinned_frames"
CREATED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
ANN = SeatConfig(kind="human", agent="", name="Ann")


def dune_game() -> Session:
    seats = [ANN, SeatConfig(kind="bot", agent="heuristic"), SeatConfig(kind="bot", agent="random")]
    return Session(Options(players=3, seed=11), seats, bots_secret=11, created=CREATED, game_id="20260102-030405-dune")


def express_game() -> Session:
    options = express.with_variants("houses,shorter:4,thumper", players=3, seed=5,
                                    houses=("bg", "fremen", "harkonnen"))
    seats = [ANN, SeatConfig(kind="bot", agent="heuristic"), SeatConfig(kind="bot", agent="random")]
    return Session(options, seats, bots_secret=5, created=CREATED, game_id="20260102-030405-expr")


GAMES = {"dune": dune_game, "express": express_game}


async def read_frame(reader: asyncio.StreamReader) -> bytes:
    """One whole frame as it came: its 4-byte length and its body."""
    header = await asyncio.wait_for(reader.readexactly(wire.HEADER.size), 60)
    (size,) = wire.HEADER.unpack(header)
    return header + await asyncio.wait_for(reader.readexactly(size), 60)


def frames_of(game: Session) -> tuple[bytes, bytes]:
    """(the player's frames, the spectator's frames) of `game` played to its end: seat 1 a remote player choosing
    at random from a fixed seed, a spectator watching, both joined before the table starts (so no timing shows)."""

    async def main():
        table = Table(game, bots="thread", pause=0.0, autosave=False)
        codes = Codes([0, SPECTATOR])
        server = TableServer(table, codes)
        await server.start("127.0.0.1", 0)
        got = {0: bytearray(), SPECTATOR: bytearray()}
        streams = {}
        for seat in (0, SPECTATOR):
            reader, writer = await asyncio.open_connection(server.host, server.port)
            writer.write(wire.encode(wire.Hello(protocol=wire.PROTOCOL, code=codes.by_seat[seat])))
            await writer.drain()
            frame = await read_frame(reader)  # the Welcome
            got[seat] += frame
            streams[seat] = (reader, writer)
        task = asyncio.get_running_loop().create_task(table.run())

        async def player():
            reader, writer = streams[0]
            rng = random.Random(0)
            while True:
                frame = await read_frame(reader)
                got[0].extend(frame)
                message = wire.decode(frame[wire.HEADER.size:])
                if isinstance(message, DecisionRequest):
                    writer.write(wire.encode(Decision(message.id, message.seat, rng.choice(message.legal))))
                    await writer.drain()
                if isinstance(message, GameOver):
                    return

        async def spectator():
            reader, _ = streams[SPECTATOR]
            while True:
                frame = await read_frame(reader)
                got[SPECTATOR].extend(frame)
                if isinstance(wire.decode(frame[wire.HEADER.size:]), GameOver):
                    return

        try:
            await asyncio.wait_for(asyncio.gather(player(), spectator()), 240)
        finally:
            for _, writer in streams.values():
                writer.close()
            table.close()
            await server.close()
            await task
        return bytes(got[0]), bytes(got[SPECTATOR])

    return asyncio.run(main())


def pinned(name: str, who: str) -> Path:
    return PINNED / f"{name}-{who}.frames"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_frames_a_remote_player_and_a_spectator_receive_are_as_recorded(name):
    player, watcher = frames_of(GAMES[name]())
    for who, got in (("player", player), ("spectator", watcher)):
        want = pinned(name, who).read_bytes()
        if got != want:
            at = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
            pytest.fail(f"{name}, the {who}'s frames differ from {pinned(name, who).name} at byte {at} "
                        f"(got {len(got)} bytes, recorded {len(want)})")


if __name__ == "__main__":  # regenerate (a change meant to change the wire only)
    PINNED.mkdir(exist_ok=True)
    for name, make in GAMES.items():
        for who, data in zip(("player", "spectator"), frames_of(make()), strict=True):
            pinned(name, who).write_bytes(data)
            print(f"{pinned(name, who)}: {len(data)} bytes", file=sys.stderr)
