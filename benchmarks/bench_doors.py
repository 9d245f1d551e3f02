"""The SSH front door under load: many sessions idle at the main menu and some in a game, the server's CPU and memory
per session, and how soon a key's answer reaches the player's screen.

    .venv/bin/python benchmarks/bench_doors.py [--idle 50] [--playing 10] [--keys 200]

Starts `dune-tui serve --ssh` in a temporary directory, one key (asyncssh's client, named once at its first visit),
then opens --idle sessions, each waiting for the main menu, and --playing more that start a game against bots (`n`,
Enter).  Then, over 10 s, the CPU time of the server's whole process tree (the server and every session's UI
process, from /proc) and its resident memory, over the server's own before any session; then --keys key presses
(↓ / ↑ on the menu of sessions picked in turn), each timed from its write to the first bytes of the screen's answer
on the client (p50, p95).  Not measured here: a move seen on another player's screen (two players at one table;
tests/e2e and benchmarks/bench_server.py time the tables themselves).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree(pid: int) -> list[int]:
    """`pid` and its descendants (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_bytes()
            except OSError:
                continue
            parent = int(stat[stat.rindex(b")") + 2:].split()[1])
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, ()))
    return found


def usage(pid: int) -> tuple[float, int, int]:
    """The CPU seconds (user + system) and resident bytes of `pid`'s tree, and how many processes it has."""
    cpu, rss, count = 0.0, 0, 0
    for p in tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_bytes().rsplit(b")", 1)[1].split()
            pages = int(Path(f"/proc/{p}/statm").read_text().split()[1])
        except (OSError, IndexError):
            continue
        cpu += (int(fields[11]) + int(fields[12])) / TICKS
        rss += pages * PAGE
        count += 1
    return cpu, rss, count


class Session:
    """One SSH session: its screen's bytes read all the time (so flow control never stalls it)."""

    def __init__(self, process) -> None:
        self.process, self.seen, self.arrived = process, bytearray(), asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.seen += data
            self.arrived.set()

    async def wait_for(self, text: bytes, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while text not in self.seen:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), max(0.01, end - time.monotonic()))
            except TimeoutError:
                raise TimeoutError(f"no {text!r} in {timeout} s; the screen's last bytes: "
                                   f"{bytes(self.seen[-300:])!r}") from None

    async def answer(self, keys: str) -> float:
        """The time from writing `keys` to the first bytes of the screen's answer."""
        await asyncio.sleep(0.05)  # what the last key drew has come
        self.arrived.clear()
        start = time.perf_counter()
        self.process.stdin.write(keys)
        await asyncio.wait_for(self.arrived.wait(), 10)
        return time.perf_counter() - start


async def run(args, folder: Path) -> None:
    port = free_port()
    key = asyncssh.generate_private_key("ssh-ed25519")
    with open(folder / "serve.log", "wb") as log:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "dune_tui", "serve", "--state-dir", str(folder / "server"), "--ssh", str(port),
            "--ssh-bind", "127.0.0.1", "--ssh-limits",
            "sessions=1000,per-key=1000,per-address=1000,burst=1000,rate=1000,pending=1000,idle=1h",
            stdout=log, stderr=log, cwd=ROOT)
    sessions: list[Session] = []
    conn = None
    try:
        end = time.monotonic() + 30
        while b"SSH door on port" not in (folder / "serve.log").read_bytes():
            assert time.monotonic() < end and server.returncode is None, (folder / "serve.log").read_text()
            await asyncio.sleep(0.05)
        await asyncio.sleep(3)  # the spare started, the server settled
        _, rss0, _ = usage(server.pid)
        conn = await asyncssh.connect("127.0.0.1", port, username="bench", client_keys=[key], known_hosts=None)

        async def session() -> Session:
            process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            return Session(process)

        first = await session()
        await first.wait_for(b"new here")
        first.process.stdin.write(b"bench\r")
        await first.wait_for(b"New game")
        sessions.append(first)
        started = time.monotonic()
        while len(sessions) < args.idle + args.playing:
            s = await session()
            await s.wait_for(b"New game")
            sessions.append(s)
        opened = time.monotonic() - started
        for s in sessions[args.idle:]:
            s.process.stdin.write(b"n")
            await s.wait_for(b"Enter starts")
            s.process.stdin.write(b"\r")
            await s.wait_for(b"Hint")  # the game screen (its footer)
        await asyncio.sleep(5)
        cpu1, _, count = usage(server.pid)
        await asyncio.sleep(10)
        cpu2, rss2, _ = usage(server.pid)
        n = len(sessions)
        print(f"{n} sessions ({args.idle} at the menu, {args.playing} in a game), opened one after another in "
              f"{opened:.1f} s; {count} processes in the server's tree")
        print(f"server tree, 10 s: CPU {(cpu2 - cpu1) / 10 * 100:.1f}% of one core in all, "
              f"{(cpu2 - cpu1) / 10 * 100 / n:.2f}% per session")
        print(f"resident memory: {rss2 / 2**20:.0f} MiB in all (the server alone {rss0 / 2**20:.0f} MiB), "
              f"{(rss2 - rss0) / n / 2**20:.1f} MiB per session (RSS: shared pages counted in each)")
        times = []
        for i in range(args.keys):
            times.append(await sessions[i % args.idle].answer(b"\x1b[B" if i // args.idle % 2 == 0 else b"\x1b[A"))
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"a key's answer on the screen ({args.keys} presses on the menus): p50 "
              f"{statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    finally:
        for s in sessions:
            s.process.close()
        if conn is not None:
            conn.close()
        if server.returncode is None:
            server.terminate()
            await asyncio.wait_for(server.wait(), 30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=50)
    parser.add_argument("--playing", type=int, default=10)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dt-"))
    try:
        asyncio.run(run(args, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
