"""`dune-tui serve` as a service runs it: a subprocess; `dune-tui host` opens its table there and leaves, the table
waits; a player plays a few decisions over the network client; the server is killed with -9 and started again: the
table is back where it was, and the player, sitting down again, sees the same board."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from dune_tui.net.client import RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.server import control
from tests.server.test_daemon import Player, until


def snapshot(view) -> tuple:
    return tuple(getattr(view, k) for k in type(view).__slots__ if k not in ("events", "_legal"))


class Served:
    """`dune-tui serve --state-dir DIR` in a subprocess (its bots in the shared pool, as by default), its log in
    DIR/../serve.log."""

    def __init__(self, where: Path) -> None:
        self.where, self.log = where, where.parent / "serve.log"
        self.process: subprocess.Popen | None = None

    def start(self, *options: str) -> Served:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "dune_tui", "serve", "--state-dir", str(self.where),
                                              *options], stderr=log, stdout=log, env=env(self.where))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                control.ask(self.where, control.ListTables(), timeout=1)
                return self
            except control.Unreachable:
                assert self.process.poll() is None, self.log.read_text()
                time.sleep(0.1)
        raise AssertionError(f"the server did not start: {self.log.read_text()}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=20)


def env(where: Path) -> dict:
    return {**os.environ, "DUNE_TUI_SERVER": str(where), "DUNE_TUI_SAVE_DIR": str(where.parent / "saves"),
            "DUNE_TUI_LOBBY": str(where.parent / "no-lobby")}


def dune_tui(where: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dune_tui", *args], capture_output=True, text=True, timeout=60,
                          env=env(where))


@pytest.fixture
def server():
    folder = Path(tempfile.mkdtemp(prefix="dt-"))
    served = Served(folder / "server")
    yield served
    served.kill()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.slow
def test_a_hosted_table_waits_on_the_server_and_comes_back_after_kill_9(server, monkeypatch):
    server.start()
    hosted = dune_tui(server.where, "host", "--no-play", "--seat", "human", "--seat", "heuristic", "--pause", "0")
    assert hosted.returncode == 0, hosted.stderr
    name = hosted.stdout.split("Opened on the table server as ")[1].split(":")[0]
    assert name.startswith(f"{my_login()}-")
    listed = dune_tui(server.where, "tables")
    assert f"{my_login()}'s table {name}: Dune: The Dice Game, 2 players, waiting (round 1)" in listed.stdout
    path = str(server.where / f"{name}.sock")

    async def play() -> tuple:
        me = Player(await RemoteTable.join_local(path, None, host=my_login()), seed=2)
        await until(lambda: len(me.boards) >= 10)
        me.answering = False
        seen = 0
        while not me.unanswered or seen != len(me.boards):  # until the table waits for us: asked again after
            seen = len(me.boards)                             # our last answer, and a bot's turn over
            await asyncio.sleep(0.5)
        return me.boards[-1].decisions, snapshot(me.boards[-1].view)

    decisions, board = asyncio.run(play())
    server.kill()  # mid-game
    server.start()
    assert f"reopened {name}: {decisions} decisions" in server.log.read_text()

    async def rejoin() -> tuple:
        again = await RemoteTable.join_local(path, None, host=my_login())
        again.close()
        return again.seat, again.welcome.decisions, snapshot(again.welcome.view)

    assert asyncio.run(rejoin()) == (0, decisions, board)
    assert server.stop() == 0
    assert "stopping: 1 table kept for the next start" in server.log.read_text()


def test_serve_refuses_a_state_directory_others_may_write(tmp_path):
    folder = Path(tempfile.mkdtemp(prefix="dt-"))
    try:
        os.chmod(folder, 0o777)
        done = dune_tui(folder, "serve", "--state-dir", str(folder))
        assert done.returncode == 2
        assert done.stderr == (f"dune-tui serve: the server's directory {folder} may be written by others (it must "
                               "be 0711 or 0700): the server does not use it (choose another with --state-dir)\n")
    finally:
        shutil.rmtree(folder, ignore_errors=True)



def test_a_second_server_in_the_same_directory_is_refused(server):
    server.start()
    second = dune_tui(server.where, "serve", "--state-dir", str(server.where))
    assert second.returncode == 2
    pid = server.process.pid
    assert second.stderr == f"dune-tui serve: another dune-tui serve runs in {server.where} (pid {pid})\n"
    assert control.ask(server.where, control.ListTables()).tables == ()  # the first one still serves


def test_kill_9_of_the_server_leaves_no_bot_worker_behind(server):
    server.start()
    hosted = dune_tui(server.where, "host", "--no-play", "--seat", "human", "--seat", "heuristic", "--pause", "0",
                      "--takeover", "random", "--after", "0")
    assert hosted.returncode == 0, hosted.stderr
    workers: list[int] = []
    deadline = time.monotonic() + 30
    while not workers and time.monotonic() < deadline:  # the bots' first decisions start the pool's workers
        children = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True, text=True).stdout
        workers = [int(p) for p in children.split() if "spawn_main" in Path(f"/proc/{p}/cmdline").read_text()]
        time.sleep(0.2)
    assert workers, "no worker process started"
    server.kill()
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{p}").exists() for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in workers if Path(f"/proc/{p}").exists()], "a bot worker outlived the server"


def test_serve_takes_a_grace_and_the_owner_manages_the_table_with_the_table_command(server):
    from dune_tui.games.dune import Options
    from dune_tui.session import SeatConfig, Session
    from tests.server.test_daemon import save_of

    server.start("--grace", "1s")
    where, me = server.where, my_login()
    game = Session(Options(players=3, seed=51), [SeatConfig(kind="human"), SeatConfig(kind="human"),
                                                 SeatConfig(kind="bot", agent="random")], bots_secret=51)
    name = control.ask(where, control.OpenTable(save=save_of(game))).table

    def seat_of(login: str) -> list[str]:
        card = next(e.card for e in control.listing(where) if e.stem == name)
        return [s.status for s in card.seats if s.login == login]

    async def sit_and_leave() -> None:
        remote = await RemoteTable.join_local(str(where / f"{name}.sock"), None, host=me)
        assert remote.seat == 0
        await until(lambda: seat_of(me) == ["taken"], seconds=10)  # mine while I play
        remote.close()

    asyncio.run(sit_and_leave())
    time.sleep(2)  # the owner's own seat outlives the grace (another login's is freed: test_manage.py)
    assert seat_of(me) == ["reserved"]
    invited = dune_tui(where, "table", "invite", name, "alice", "--seat", "2")
    assert (invited.returncode, invited.stdout) == (0, "seat 2 is kept for alice\n"), invited.stderr
    time.sleep(2)  # an invitation outlives the grace
    assert seat_of("alice") == ["reserved"]
    released = dune_tui(where, "table", "release", name, "2")
    assert (released.returncode, released.stdout) == (0, "seat 2 is free\n"), released.stderr
    assert seat_of("alice") == []
    unknown = dune_tui(where, "table", "private", "bob-nothing")
    assert unknown.returncode == 1
    assert unknown.stderr == "dune-tui table: no table 'bob-nothing' on this server (`dune-tui tables` lists them)\n"
    assert server.stop() == 0


@pytest.mark.parametrize("flag, value", [("--ssh", "70000"), ("--web", "eighty"), ("--ssh", "-1")])
def test_a_front_doors_port_that_is_not_one_is_refused_with_a_sentence(flag, value, capsys):
    from dune_tui.cli import main

    with pytest.raises(SystemExit) as refused:
        main(["serve", flag, value])
    assert refused.value.code == 2
    assert f"argument {flag}: {value!r}: a port is a number between 0 and 65535" in capsys.readouterr().err
