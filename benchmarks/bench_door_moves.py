"""A move through the SSH front door to the other player's screen, with 50 sessions idle at the main menu and 10
playing (5 tables of 2 players, each a key of its own), and the same under three hostile floods (issue 44).

    nice .venv/bin/python benchmarks/bench_door_moves.py [--idle 50] [--tables 5] [--moves 200]
        [--floods none,silent,knocking,huge] [--json benchmarks/results/door-moves.json]

Needs pyte (the `bench` extra): each session's PTY output, as the SSH client receives it, is drawn by a terminal
emulator (pyte), and the players read their screens as a person would: the decision panel, the key for it (the
rule of tests/e2e/e2e_players.py).  Starts `dune-tui serve --ssh` in a temporary directory with its default
limits except sessions per key/address (50 idle sessions share one key here).  Each table is hosted by one key
through the menus (h, 2 players, seat 2 a human) and the other key sits down (t, Enter).  A move: one player's
decision key written to their SSH channel while both screens have been still for 0.3 s; its latency is the time
to the first bytes of the *other* player's screen's answer (its PTY output through the door), and also of the
player's own.  The tables play one move at a time each, all five at once; a game over starts nothing more.

Floods, each during its own phase of --moves moves (the phases in the order given, in one run):
- silent: 1,000 TCP connections from 1,000 addresses (127.1.x.y) that never send a byte (the door's pending
  limit refuses past it, its login time ends them);
- knocking: one key connecting (and logging in) 100 times a second from one address, each connection closed
  at once;
- huge: a session with a 10,000×10,000 terminal (clamped to 500×200) at the menu, its size changed 10 times a
  second between that and 400×150 (a full redraw each time).
The server's tree CPU (the server and every session's UI process, /proc) over each phase and its resident
memory; the load average of the machine at the start (other jobs share the cores).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import json
import os
import shutil
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_players import key_for  # noqa: E402

from benchmarks.bench_doors import free_port, usage  # noqa: E402

SIZE = (100, 30)
STILL = 0.3  # seconds both screens of a table stay unchanged before a move
SEEN = 5.0  # a move's answer later than this is counted as not seen
KEYS = {"Enter": b"\r", "Left": b"\x1b[D", "Right": b"\x1b[C", "Down": b"\x1b[B", "Up": b"\x1b[A"}


class Screen:
    """One SSH session: its PTY output read all the time, drawn by pyte, each chunk's arrival time kept."""

    def __init__(self, process, name: str) -> None:
        self.process, self.name = process, name
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)
        self.times: list[float] = []  # each chunk's arrival (perf_counter), taken as read, before pyte draws it
        self.sizes: list[int] = []  # each chunk's bytes
        self.unread: list[bytes] = []  # drawn when the screen is looked at (the emulator is slow: not before)
        self.arrived = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.times.append(time.perf_counter())
            self.sizes.append(len(data))
            self.unread.append(data)
            self.arrived.set()

    @property
    def text(self) -> str:
        if self.unread:
            self.stream.feed(b"".join(self.unread))
            self.unread.clear()
        return "\n".join(line.rstrip() for line in self.screen.display)

    def still(self, seconds: float = STILL) -> bool:
        return not self.times or time.perf_counter() - self.times[-1] >= seconds

    def press(self, key: str) -> None:
        self.process.stdin.write(KEYS.get(key, key.encode()))

    async def wait_for(self, text: str, timeout: float = 60) -> str:
        end = time.monotonic() + timeout
        while text not in (screen := self.text):
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), max(0.01, end - time.monotonic()))
            except TimeoutError:
                raise TimeoutError(f"{self.name}: no {text!r} in {timeout} s:\n{screen}") from None
        return screen


class Table:
    """Two players' screens at one table, one move at a time: a move is recorded with the index of the next chunk
    each screen will get (its latency is read at the end)."""

    def __init__(self, host: Screen, guest: Screen) -> None:
        self.players = (host, guest)
        self.moves: list[tuple[float, Screen, int, Screen, int]] = []  # (when, player, index, other, index)
        self.pressed_on: dict[str, str] = {}
        self.over = False

    def step(self) -> bool:
        """Press a key if both screens are still and one asks a decision not answered yet; True if pressed."""
        if self.over or not all(p.still() for p in self.players):
            return False
        for player, other in (self.players, self.players[::-1]):
            screen = player.text
            if "Game over" in screen:
                self.over = True
                return False
            key = key_for(screen)
            if key is None or self.pressed_on.get(player.name) == screen:
                continue
            self.pressed_on[player.name] = screen
            start = time.perf_counter()
            player.press(key)
            self.moves.append((start, player, len(player.times), other, len(other.times)))
            return True
        return False


def latencies(moves, whose: int) -> tuple[list[float], int]:
    """The answer's delay on the player's own screen (whose=1) or the other's (3), and how many came later than
    SEEN (or never)."""
    found, unseen = [], 0
    for move in moves:
        start, screen, index = move[0], move[whose], move[whose + 1]
        if index < len(screen.times) and screen.times[index] - start < SEEN:
            found.append(screen.times[index] - start)
        else:
            unseen += 1
    return found, unseen


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    values = sorted(values)
    return {"n": len(values), "p50_ms": round(statistics.median(values) * 1000, 1),
            "p95_ms": round(values[min(len(values) - 1, int(len(values) * 0.95))] * 1000, 1),
            "max_ms": round(values[-1] * 1000, 1)}


# ------------------------------------------------------------------ floods
async def silent(port: int, stop: asyncio.Event, stats: dict) -> None:
    """1,000 connections from 1,000 addresses that never send a byte, held until `stop`."""
    held = []
    loop = asyncio.get_running_loop()
    for n in range(1000):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.bind((f"127.1.{n // 250}.{n % 250 + 1}", 0))
            await loop.sock_connect(s, ("127.0.0.1", port))
            held.append(s)
        except OSError:
            s.close()
            stats["failed"] = stats.get("failed", 0) + 1
        if n % 50 == 49:
            await asyncio.sleep(0)
    stats["connected"] = len(held)
    await stop.wait()
    refused = 0
    for s in held:  # the door closed those past its pending limit at once: its banner, then the end (or a reset)
        try:
            while s.recv(4096, socket.MSG_DONTWAIT):
                pass
            refused += 1
        except BlockingIOError:
            pass
        except OSError:
            refused += 1
        s.close()
    stats["closed_by_the_door"] = refused


async def knocking(port: int, key, stop: asyncio.Event, stats: dict) -> None:
    """One key connecting 100 times a second from one address (each closed at once), until `stop`."""
    stats.update(tries=0, logged_in=0, refused=0)

    async def once() -> None:
        try:
            async with asyncssh.connect("127.0.0.1", port, username="x", client_keys=[key], known_hosts=None,
                                        agent_path=None, local_addr=("127.0.0.3", 0), login_timeout=10):
                stats["logged_in"] += 1
        except (asyncssh.Error, OSError, TimeoutError):
            stats["refused"] += 1

    tasks = set()
    while not stop.is_set():
        stats["tries"] += 1
        task = asyncio.create_task(once())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.01)
    await asyncio.gather(*tasks, return_exceptions=True)


async def huge(conn, stop: asyncio.Event, stats: dict) -> None:
    """A 10,000×10,000 terminal at the menu, resized 10 times a second, until `stop`."""
    process = await conn.create_process(term_type="xterm-256color", term_size=(10_000, 10_000), encoding=None)
    screen = Screen(process, "huge")
    stats["resizes"] = 0
    big = True
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.1)
        big = not big
        process.change_terminal_size(*((10_000, 10_000) if big else (400, 150)))
        stats["resizes"] += 1
    stats["bytes_chunks"] = len(screen.times)
    process.close()


# ------------------------------------------------------------------ the run
def say(text: str) -> None:
    print(time.strftime("%H:%M:%S"), text, file=sys.stderr, flush=True)


async def run(args, folder: Path) -> dict:
    port = free_port()
    with open(folder / "serve.log", "wb") as log:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "dune_tui", "serve", "--state-dir", str(folder / "server"), "--ssh", str(port),
            "--ssh-bind", "127.0.0.1", "--ssh-limits", "sessions=1000,per-key=1000,per-address=1000",
            stdout=log, stderr=log, cwd=ROOT)
    conns, screens = [], []
    result: dict = {"load_average_at_start": os.getloadavg()}

    def log_text() -> str:
        return (folder / "serve.log").read_text(errors="replace")

    try:
        end = time.monotonic() + 30
        while "SSH door on port" not in log_text():
            assert time.monotonic() < end and server.returncode is None, log_text()
            await asyncio.sleep(0.05)
        await asyncio.sleep(3)
        _, rss0, _ = usage(server.pid)

        async def visit(name: str, address: int) -> tuple:
            """`name`'s key, its connection (an address of its own: the door's limits per address), a session."""
            key = asyncssh.generate_private_key("ssh-ed25519")
            conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key], known_hosts=None,
                                          agent_path=None, local_addr=(f"127.0.2.{address}", 0))
            conns.append(conn)
            screen = await session(conn, name)
            await screen.wait_for("new here")
            screen.press(name + "\r")
            await screen.wait_for("New game")
            return key, conn, screen

        async def session(conn, name: str) -> Screen:
            process = await conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
            s = Screen(process, name)
            screens.append(s)
            return s

        started = time.monotonic()
        tables = []
        for t in reversed(range(args.tables)):  # each new table's name sorts first in the guest's list
            _, _, host = await visit(f"h{t}", 2 * t + 1)
            _, _, guest = await visit(f"g{t}", 2 * t + 2)
            host.press("h")
            await host.wait_for("Host a table on this server")
            for key in ("Left", "Left", "Down", "Down", "Left"):  # 2 players, seat 2 a human's
                host.press(key)
                await asyncio.sleep(0.25)
            await host.wait_for("Seat 2                ◀ human ▶")
            host.press("Enter")
            await host.wait_for("Log", timeout=60)
            guest.press("t")
            await guest.wait_for(f"Enter: sit at key:h{t}'s table, seat 2")
            guest.press("Enter")
            await guest.wait_for("Log", timeout=60)
            tables.append(Table(host, guest))
            say(f"table {t}: h{t} and g{t} seated")
        _, idle_conn, first = await visit("idle", 100)
        idles = [first]
        while len(idles) < args.idle:
            s = await session(idle_conn, "idle")
            await s.wait_for("New game")
            idles.append(s)
        say(f"{len(idles)} idle sessions at the menu")
        result["opened_seconds"] = round(time.monotonic() - started, 1)
        await asyncio.sleep(3)
        n = len(idles) + 2 * len(tables)
        cpu_idle0, _, _ = usage(server.pid)
        chunks0 = [len(s.times) for s in screens]
        await asyncio.sleep(10)
        cpu_idle1, rss_idle, count = usage(server.pid)
        result["chunks_per_second_at_rest"] = {
            "playing": round(sum(len(s.times) - c for s, c in zip(screens, chunks0) if s.name != "idle") / 10, 1),
            "idle": round(sum(len(s.times) - c for s, c in zip(screens, chunks0) if s.name == "idle") / 10, 1)}
        result["sessions"] = {"idle": len(idles), "playing": 2 * len(tables), "processes": count,
                              "cpu_percent_all_at_rest": round((cpu_idle1 - cpu_idle0) / 10 * 100, 1),
                              "rss_mib_server_alone": round(rss0 / 2**20), "rss_mib_all": round(rss_idle / 2**20),
                              "rss_mib_per_session": round((rss_idle - rss0) / n / 2**20, 1)}
        print(json.dumps(result), flush=True)

        phases = []
        flood_key = asyncssh.generate_private_key("ssh-ed25519")
        for name in args.floods.split(","):
            stop, stats = asyncio.Event(), {}
            flood = None
            if name == "silent":
                flood = asyncio.create_task(silent(port, stop, stats))
            elif name == "knocking":
                flood = asyncio.create_task(knocking(port, flood_key, stop, stats))
            elif name == "huge":
                flood = asyncio.create_task(huge(idle_conn, stop, stats))
            await asyncio.sleep(2 if flood else 0)  # the flood under way
            cpu0, _, _ = usage(server.pid)
            own_cpu0 = time.process_time()  # the benchmark's own (its clients, pyte): it shares the cores
            players = [p for t in tables for p in t.players]
            bytes0 = [sum(p.sizes) for p in players]
            begun = time.monotonic()
            marks = [len(t.moves) for t in tables]
            while sum(len(t.moves) - m for t, m in zip(tables, marks)) < args.moves:
                if all(t.over for t in tables):
                    break
                for t in tables:
                    t.step()
                await asyncio.sleep(0.01)
            await asyncio.sleep(SEEN)  # the last moves' answers
            took = time.monotonic() - begun
            cpu1, rss1, _ = usage(server.pid)
            own_cpu = time.process_time() - own_cpu0
            written = sum(sum(p.sizes) - b for p, b in zip(players, bytes0))
            stop.set()
            if flood:
                await flood
            moves = [m for t, mark in zip(tables, marks) for m in t.moves[mark:]]
            other, unseen = latencies(moves, 3)
            own, own_unseen = latencies(moves, 1)
            phase = {"flood": name, "flood_stats": stats, "moves": len(moves), "seconds": round(took, 1),
                     "other_screen": summary(other), "other_unseen": unseen, "own_screen": summary(own),
                     "own_unseen": own_unseen, "cpu_percent_all": round((cpu1 - cpu0) / took * 100, 1),
                     "cpu_percent_per_session": round((cpu1 - cpu0) / took * 100 / n, 2),
                     "cpu_ms_per_move_all": round((cpu1 - cpu0) / max(1, len(moves)) * 1000, 1),
                     "bytes_per_move_to_both_screens": round(written / max(1, len(moves))),
                     "benchmark_cpu_percent": round(own_cpu / took * 100, 1),
                     "load_average_at_end": os.getloadavg(),
                     "rss_mib_all": round(rss1 / 2**20), "games_over": sum(t.over for t in tables)}
            print(json.dumps(phase), flush=True)
            phases.append(phase)
            if all(t.over for t in tables):
                break
        result["phases"] = phases
        return result
    finally:
        for s in screens:
            s.process.close()
        for c in conns:
            c.close()
        if server.returncode is None:
            server.terminate()
            await asyncio.wait_for(server.wait(), 30)
        if args.log:
            Path(args.log).write_text(log_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=50)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--moves", type=int, default=200, help="moves per phase")
    parser.add_argument("--floods", default="none,silent,knocking,huge")
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--log", help="keep the server's log here")
    args = parser.parse_args()
    faulthandler.register(signal.SIGUSR1)  # (`kill -USR1 PID`: where the benchmark is, on its stderr)
    folder = Path(tempfile.mkdtemp(prefix="dt-"))
    try:
        result = asyncio.run(run(args, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    result["command"] = "nice .venv/bin/python benchmarks/bench_door_moves.py " + " ".join(sys.argv[1:])
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
