"""The network table: a decision in one terminal to the other terminals' frames, over loopback; CPU while
everyone waits for a human; the memory of a table with 8 seats and 8 joined clients.

    .venv/bin/python -m benchmarks.bench_net --games 3

Two joined humans play seat 1 and 2 of 3-player games (a random bot in seat 3) with random legal moves, on a
table and server in this process (the clients are RemoteTables over 127.0.0.1): for each decision of seat 1,
the time from its Decision being written to the Board of that decision reaching seat 2 (median, p95).  Then,
with nobody deciding, the CPU time the process spends in 2 s of waiting.  Then a fresh 8-seat table (8 humans,
8 clients): the memory tracemalloc sees it take.  `--unix`: the two players sit down through the table's Unix
socket in a lobby (by login, no code) instead of TCP.  And the lobby: the time `dune-tui tables` (and the menu's
list) takes to read and check 50 published tables, each with a live socket.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import time
import tracemalloc
from pathlib import Path

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import lobby
from dune_tui.net.client import RemoteTable
from dune_tui.net.codes import Codes, address
from dune_tui.net.server import TableServer
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import SPECTATOR, Board, DecisionRequest, GameOver

HUMAN = SeatConfig(kind="human", agent="", name="p")


LOBBY: Path | None = None  # --unix: the players sit down through the Unix socket of a table in this lobby


async def hosted(game: Session):
    table = Table(game, bots="thread", pause=0.0, autosave=False)
    codes = Codes([*game.humans(), SPECTATOR])
    server = TableServer(table, codes)
    await server.start("127.0.0.1", 0)
    if LOBBY is not None:
        name = lobby.table_name("bench", game.game_id)
        await server.start_local(lobby.bind(LOBBY, name))
        server.path = str(LOBBY / f"{name}.sock")
    return table, server, codes


async def sit(server: TableServer, codes: Codes, seat: int) -> RemoteTable:
    if LOBBY is not None:
        return await RemoteTable.join_local(server.path, seat)
    return await RemoteTable.join(address(server.host, server.port, codes.by_seat[seat]))


def lobby_listing(tables: int = 50, rounds: int = 20) -> list[float]:
    """Seconds to list and check `tables` published tables (cards and live sockets), `rounds` times."""
    import socket
    import tempfile

    from dune_tui.net.identity import my_login

    with tempfile.TemporaryDirectory() as folder:
        where, me, socks = Path(folder), my_login(), []
        for i in range(tables):
            game_id = f"20261125-2000{i:02d}-beef"
            seats = (lobby.SeatCard(seat=0, status="free"), lobby.SeatCard(seat=1, status="reserved", login="x"))
            lobby.publish(where, lobby.Card(table=lobby.table_name(me, game_id), host=me, game_id=game_id,
                                            rules="dune", title="Dune", players=2, seats=seats, state="round 1"))
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.bind(str(where / f"{lobby.table_name(me, game_id)}.sock"))
            sock.listen(64)
            socks.append(sock)
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            listed = lobby.ordered(lobby.tables(where), me)
            times.append(time.perf_counter() - start)
            assert len(listed) == tables and not any(e.problem for e in listed)
            for sock in socks:  # take the probes' connections off the queue
                sock.setblocking(False)
                while True:
                    try:
                        sock.accept()[0].close()
                    except BlockingIOError:
                        break
        for sock in socks:
            sock.close()
    return times


async def latency(seed: int) -> list[float]:
    game = Session(Options(players=3, seed=seed), [HUMAN, HUMAN, SeatConfig(kind="bot", agent="random")],
                   bots_secret=seed)
    table, server, codes = await hosted(game)
    run = asyncio.get_running_loop().create_task(table.run())
    rng = random.Random(seed)
    sent: dict[int, float] = {}  # decisions count after seat 1's decision -> when it was written
    times: list[float] = []
    done = asyncio.Event()
    remotes = [await sit(server, codes, s) for s in (0, 1)]

    def player(remote: RemoteTable, seat: int):
        state = {"decisions": 0}

        def take(message) -> None:
            if isinstance(message, GameOver):
                done.set()
            requests = message.requests if hasattr(message, "requests") else [message] \
                if isinstance(message, DecisionRequest) else []
            if isinstance(message, Board):
                state["decisions"] = message.decisions
                if seat == 1 and message.decisions in sent:
                    times.append(time.perf_counter() - sent.pop(message.decisions))
            for r in requests:
                if seat == 0:
                    sent[table.controller.log.__len__() + 1] = time.perf_counter()
                remote.receive(remote, Decision(r.id, r.seat, rng.choice(r.legal)))
        remote.attach(seat, take)

    for seat, remote in enumerate(remotes):
        player(remote, seat)
    await done.wait()
    for remote in remotes:
        remote.close()
    await server.close()
    await run
    return times


async def idle_cpu(seconds: float) -> float:
    game = Session(Options(players=2, seed=1), [HUMAN, HUMAN], bots_secret=1)
    table, server, codes = await hosted(game)
    run = asyncio.get_running_loop().create_task(table.run())
    remotes = [await sit(server, codes, s) for s in (0, 1)]
    for seat, remote in enumerate(remotes):
        remote.attach(seat, lambda m: None)
    await asyncio.sleep(0.5)
    start = time.process_time()
    await asyncio.sleep(seconds)
    used = time.process_time() - start
    for remote in remotes:
        remote.close()
    table.close()
    await server.close()
    await run
    return used


async def memory() -> int:
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    game = Session(Options(players=8, seed=3), [HUMAN] * 8, bots_secret=3)
    table, server, codes = await hosted(game)
    run = asyncio.get_running_loop().create_task(table.run())
    remotes = [await sit(server, codes, s) for s in range(8)]
    await asyncio.sleep(0.5)
    after = tracemalloc.take_snapshot()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    for remote in remotes:
        remote.close()
    table.close()
    await server.close()
    await run
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--unix", action="store_true", help="the players sit down through the lobby's Unix socket")
    args = parser.parse_args()
    global LOBBY
    if args.unix:
        import tempfile

        LOBBY = Path(tempfile.mkdtemp(prefix="bench-lobby-"))
    listing = sorted(lobby_listing())
    print(f"the lobby's list of 50 tables (cards read and checked, sockets probed): median "
          f"{statistics.median(listing) * 1000:.1f} ms, worst {listing[-1] * 1000:.1f} ms")
    logging.getLogger("dune_tui.net").setLevel(logging.ERROR)  # the server's notes on clients leaving
    times: list[float] = []
    for seed in range(1, args.games + 1):
        times += asyncio.run(latency(seed))
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"decision -> other terminal's Board over {'the Unix socket' if LOBBY else 'loopback'}: "
          f"{len(times)} decisions, "
          f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms")
    cpu = asyncio.run(idle_cpu(2.0))
    print(f"CPU while waiting for a human: {cpu * 1000:.1f} ms in 2 s ({cpu / 2 * 100:.2f}%), table and 2 clients")
    print(f"memory of a table with 8 seats and 8 joined clients (one process): {asyncio.run(memory()) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
