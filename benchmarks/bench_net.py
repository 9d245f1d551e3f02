"""The network table: a decision in one terminal to the other terminals' frames, over loopback; CPU while
everyone waits for a human; the memory of a table with 8 seats and 8 joined clients.

    .venv/bin/python -m benchmarks.bench_net --games 3

Two joined humans play seat 1 and 2 of 3-player games (a random bot in seat 3) with random legal moves, on a
table and server in this process (the clients are RemoteTables over 127.0.0.1): for each decision of seat 1,
the time from its Decision being written to the Board of that decision reaching seat 2 (median, p95).  Then,
with nobody deciding, the CPU time the process spends in 2 s of waiting.  Then a fresh 8-seat table (8 humans,
8 clients): the memory tracemalloc sees it take.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import time
import tracemalloc

from dune_tui.controller import Decision
from dune_tui.engine import Options
from dune_tui.net.client import RemoteTable
from dune_tui.net.codes import Codes, address
from dune_tui.net.server import TableServer
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import SPECTATOR, Board, DecisionRequest, GameOver

HUMAN = SeatConfig(kind="human", agent="", name="p")


async def hosted(game: Session):
    table = Table(game, bots="thread", pause=0.0, autosave=False)
    codes = Codes([*game.humans(), SPECTATOR])
    server = TableServer(table, codes)
    await server.start("127.0.0.1", 0)
    return table, server, codes


async def latency(seed: int) -> list[float]:
    game = Session(Options(players=3, seed=seed), [HUMAN, HUMAN, SeatConfig(kind="bot", agent="random")])
    table, server, codes = await hosted(game)
    run = asyncio.get_running_loop().create_task(table.run())
    rng = random.Random(seed)
    sent: dict[int, float] = {}  # decisions count after seat 1's decision -> when it was written
    times: list[float] = []
    done = asyncio.Event()
    remotes = [await RemoteTable.join(address(server.host, server.port, codes.by_seat[s])) for s in (0, 1)]

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
    game = Session(Options(players=2, seed=1), [HUMAN, HUMAN])
    table, server, codes = await hosted(game)
    run = asyncio.get_running_loop().create_task(table.run())
    remotes = [await RemoteTable.join(address(server.host, server.port, codes.by_seat[s])) for s in (0, 1)]
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
    game = Session(Options(players=8, seed=3), [HUMAN] * 8)
    table, server, codes = await hosted(game)
    run = asyncio.get_running_loop().create_task(table.run())
    remotes = [await RemoteTable.join(address(server.host, server.port, codes.by_seat[s])) for s in range(8)]
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
    args = parser.parse_args()
    logging.getLogger("dune_tui.net").setLevel(logging.ERROR)  # the server's notes on clients leaving
    times: list[float] = []
    for seed in range(1, args.games + 1):
        times += asyncio.run(latency(seed))
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"decision -> other terminal's Board over loopback: {len(times)} decisions, "
          f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms")
    cpu = asyncio.run(idle_cpu(2.0))
    print(f"CPU while waiting for a human: {cpu * 1000:.1f} ms in 2 s ({cpu / 2 * 100:.2f}%), table and 2 clients")
    print(f"memory of a table with 8 seats and 8 joined clients (one process): {asyncio.run(memory()) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
