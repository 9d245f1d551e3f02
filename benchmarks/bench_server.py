"""The table server under load: N tables at once, each with two simulated human clients and heuristic bots.

    .venv/bin/python benchmarks/bench_server.py [--tables 50] [--seconds 60] [--think 1.0] [--bots pool]

Starts `dune-tui serve` in a temporary directory, opens N four-player tables through its control socket (two human
seats, two heuristic bots, no pause), and sits two clients down at each (one login holds both seats).  Each client
answers its requests after a random think time (0 to 2 × --think seconds, like a person).  Measured:
- latency: from a human's decision sent to the other human's client receiving the Board after it (ms, median, p95);
- the server's memory (RSS of the process and its children) with every table open;
- restart: the server killed with -9, started again: seconds until its control socket lists every table again.
The clients run in this process (its own event loop): on a 2-core machine they share the CPU with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dune_tui.controller import Decision  # noqa: E402
from dune_tui.games.dune import Options  # noqa: E402
from dune_tui.net.client import RemoteTable  # noqa: E402
from dune_tui.net.identity import my_login  # noqa: E402
from dune_tui.server import control  # noqa: E402
from dune_tui.session import SeatConfig, Session  # noqa: E402
from dune_tui.table.messages import Board, DecisionRequest, Welcome  # noqa: E402

SEATS = [SeatConfig(kind="human"), SeatConfig(kind="human"), SeatConfig(kind="bot", agent="heuristic"),
         SeatConfig(kind="bot", agent="heuristic")]


def start(where: Path, bots: str, log) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "dune_tui", "serve", "--state-dir", str(where), "--bots", bots,
                                "--per-login", "1000"],
                               stdout=log, stderr=log, cwd=ROOT)
    while True:
        try:
            control.ask(where, control.ListTables(), timeout=1)
            return process
        except control.Unreachable:
            if process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.05)


def rss_kb(pid: int) -> int:
    """The resident memory of `pid` and its children (kB)."""
    total = 0
    pids = [pid]
    try:
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


class Human:
    """One seat's client: answers after a think time; notes when its decisions were sent and when the other
    human's Boards after them came (keyed by the table and the decision's number)."""

    def __init__(self, remote: RemoteTable, think: float, sent: dict, got: list, rng: random.Random) -> None:
        self.remote, self.think, self.sent, self.got, self.rng = remote, think, sent, got, rng
        self.table = remote.welcome.game_id
        self.count = remote.welcome.decisions  # the table's decisions so far, as its Boards say
        self.running = True
        remote.attach(remote.seat, self._take)

    def _take(self, message) -> None:
        if isinstance(message, Board):
            self.count = message.decisions
            at = self.sent.pop((self.table, message.decisions, 1 - self.remote.seat), None)
            if at is not None:
                self.got.append(time.perf_counter() - at)
        for request in message.requests if isinstance(message, Welcome) else [message]:
            if isinstance(request, DecisionRequest) and self.running:
                asyncio.get_running_loop().call_later(self.rng.uniform(0, 2 * self.think), self._answer, request)

    def _answer(self, request: DecisionRequest) -> None:
        if not self.running or self.remote.closed:
            return
        self.sent[(self.table, self.count + 1, self.remote.seat)] = time.perf_counter()
        self.remote.receive(None, Decision(request.id, request.seat, self.rng.choice(request.legal)))


async def load(where: Path, names: list[str], seconds: float, think: float) -> list[float]:
    sent: dict = {}
    got: list[float] = []
    humans: list[Human] = []
    rng = random.Random(1)
    for name in names:
        for seat in (0, 1):
            remote = await RemoteTable.join_local(str(where / f"{name}.sock"), seat, host=my_login())
            humans.append(Human(remote, think, sent, got, random.Random(rng.random())))
    await asyncio.sleep(seconds)
    for human in humans:
        human.running = False
        human.remote.close()
    return got


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--think", type=float, default=1.0, help="a human's mean think time (s)")
    p.add_argument("--bots", default="pool", choices=["pool", "thread", "process"])
    args = p.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="dt-"))
    where = folder / "s"
    log = open(folder / "serve.log", "ab")  # noqa: SIM115 (the servers' log, closed at the end)
    server = start(where, args.bots, log)
    try:
        base = rss_kb(server.pid)
        names = []
        for i in range(args.tables):
            game = Session(Options(players=4, seed=100 + i), list(SEATS), bots_secret=i)
            answer = control.ask(where, control.open_request(game, pause=0))
            names.append(answer.table)
        got = asyncio.run(load(where, names, args.seconds, args.think))
        rss = rss_kb(server.pid)
        got.sort()
        print(f"{args.tables} tables, {len(got)} human decisions seen by the other human in {args.seconds:.0f} s "
              f"(bots: {args.bots})")
        print(f"latency: median {statistics.median(got) * 1000:.1f} ms, p95 {got[int(len(got) * 0.95)] * 1000:.1f} "
              f"ms, max {got[-1] * 1000:.1f} ms")
        print(f"server memory: {rss / 1024:.0f} MB with {args.tables} tables (empty server {base / 1024:.0f} MB)")
        server.send_signal(signal.SIGKILL)
        server.wait()
        t = time.perf_counter()
        server = start(where, args.bots, log)  # its control socket answers once every unfinished table is open
        back = time.perf_counter() - t
        reopened = len(control.ask(where, control.ListTables()).tables)
        print(f"restart after kill -9: every table back in {back:.2f} s ({reopened} unfinished tables)")
        print(f"RESULT tables={args.tables} p50_ms={statistics.median(got) * 1000:.1f} "
              f"p95_ms={got[int(len(got) * 0.95)] * 1000:.1f} rss_mb={rss / 1024:.0f} restart_s={back:.2f}")
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
