"""Who connects to the table server (issue 44): the kernel's word, and the front doors' children.  A process the
server started for a player known by key (`Doors.bind(pid, "key:NAME")`), and any process it starts, is that player
at the control socket and at every table's socket; what the process says of itself ($DUNE_TUI_IDENTITY) is for
display only; any other process is its uid's login, as before; a guest may watch, never open a table or sit."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from dune_tui.games.dune import Options
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.net.identity import IDENTITY, my_identity, my_login
from dune_tui.seats import human_spec, seat_config
from dune_tui.server import control
from dune_tui.session import SeatConfig, Session, valid_login
from dune_tui.table.messages import SPECTATOR
from tests.server.test_daemon import save_of, started, where  # noqa: F401 (the fixture)

HUMAN, BOT = SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")
ROOT = Path(__file__).resolve().parents[2]

# Opens the game whose save is in argv[1] at the server in argv[2] once told to (a line on stdin), prints the table's
# name; with argv[3] == "child", has a process of its own do it.
OPENER = """
import subprocess, sys
from pathlib import Path
sys.stdin.readline()
if sys.argv[3] == "child":
    sys.exit(subprocess.run([sys.executable, "-c", sys.argv[4], sys.argv[1], sys.argv[2], "self", sys.argv[4]],
                            input="go\\n", text=True).returncode)
from dune_tui.server import control
answer = control.ask(Path(sys.argv[2]), control.OpenTable(save=Path(sys.argv[1]).read_bytes(), pause=0))
print(getattr(answer, "table", None) or answer.reason, flush=True)
"""


async def opened_by(daemon, where, identity: str | None, how: str = "self", seed: int = 3,  # noqa: F811
                    seats=(HUMAN, BOT)) -> str:
    """The name of the table a process bound to `identity` (None: not bound) opens at the server."""
    game = Session(Options(players=len(seats), seed=seed), list(seats), bots_secret=seed)
    save = where.parent / f"game-{seed}.save"
    save.write_bytes(save_of(game))
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{IDENTITY: "key:mallory"})  # (its own word counts for nothing)
    child = await asyncio.create_subprocess_exec(sys.executable, "-c", OPENER, str(save), str(where), how, OPENER,
                                                 stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                 env=env)
    if identity is not None:
        daemon.doors.bind(child.pid, identity)
    try:
        out, _ = await asyncio.wait_for(child.communicate(b"go\n"), 60)
    finally:
        daemon.doors.unbind(child.pid)
    return out.decode().strip()


async def test_a_process_the_server_started_for_a_key_is_that_player_and_so_are_its_children(where):  # noqa: F811
    daemon = await started(where)
    try:
        mine = await opened_by(daemon, where, "key:alice", seed=3)
        grandchild = await opened_by(daemon, where, "key:alice", "child", seed=4)
        unbound = await opened_by(daemon, where, None, seed=5)
    finally:
        await daemon.close()
    assert mine.startswith("key:alice-") and grandchild.startswith("key:alice-"), (mine, grandchild)
    assert unbound.startswith(f"{my_login()}-"), unbound


async def test_a_seat_kept_for_a_key_is_that_key_s_at_the_table_socket(where):  # noqa: F811
    daemon = await started(where)
    try:
        name = await opened_by(daemon, where, "key:alice", seats=(seat_config("key:alice"), HUMAN, BOT))
        path = str(where / f"{name}.sock")
        daemon.doors.bind(os.getpid(), "key:bob")  # this process, as a front door's child of the server's
        try:
            refused = ""
            try:
                await RemoteTable.join_local(path, 0, host=my_login())
            except JoinRefused as e:
                refused = str(e)
            bob = await RemoteTable.join_local(path, None, host=my_login())
            seats = [s.login for s in daemon.tables[name].table.session.seats]
            bob.close()
        finally:
            daemon.doors.unbind(os.getpid())
    finally:
        await daemon.close()
    assert "seat 1 is key:alice's" in refused, refused
    assert bob.seat == 1 and seats == ["key:alice", "key:bob", ""], (bob.seat, seats)


async def test_a_guest_watches_but_never_opens_a_table_nor_sits(where):  # noqa: F811
    daemon = await started(where)
    try:
        refused = await opened_by(daemon, where, "guest:1")
        name = await opened_by(daemon, where, "key:alice", seed=6)
        path = str(where / f"{name}.sock")
        daemon.doors.bind(os.getpid(), "guest:7")
        try:
            sitting = ""
            try:
                await RemoteTable.join_local(path, None, host=my_login())
            except JoinRefused as e:
                sitting = str(e)
            watching = await RemoteTable.join_local(path, SPECTATOR, host=my_login())
            watching.close()
        finally:
            daemon.doors.unbind(os.getpid())
        listed = await asyncio.to_thread(control.ask, where, control.ListTables())
    finally:
        await daemon.close()
    assert refused.startswith("a guest may play solo and watch, not open a table"), refused
    assert "a guest may watch, not sit" in sitting, sitting
    assert [t.table for t in listed.tables] == [name]


def test_the_ui_shows_the_front_door_s_identity_and_a_seat_may_be_kept_for_a_key(monkeypatch):
    monkeypatch.setenv(IDENTITY, "key:alice")
    assert my_identity() == "key:alice"
    monkeypatch.setenv(IDENTITY, "key:\x1b]0;owned\x07")  # not an identity: the login, as without a front door
    assert my_identity() == my_login()
    assert valid_login("key:alice") and not valid_login("key:") and not valid_login("key:a b")
    assert not valid_login("guest:1"), "a guest never keeps a seat"
    assert human_spec("key:alice") and seat_config("key:alice").login == "key:alice"


def test_dune_tui_starts_without_asyncssh_even_to_parse_serve_ssh():
    """asyncssh is imported by `serve --ssh` alone, once it runs: never at dune-tui's start-up."""
    import subprocess

    code = ("import sys; from dune_tui.cli import parse_args; parse_args(['serve', '--ssh', '2222']); "
            "import dune_tui.ui, dune_tui.server.daemon; print('asyncssh' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr
