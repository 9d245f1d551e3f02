"""The lobby the way users of one shared server use it: real Unix users, the kernel's word on who connects.

- peer credentials: root hosts a table in a lobby; users connect through its Unix socket as themselves
  (`runuser`): alice gets the seat kept for her, mallory is refused it (told whose it is) and may watch;
- over a real OpenSSH server, each user in their own tmux terminal: bob hosts `--seat user:alice --seat human`;
  alice finds the table in her menu ("bob invites you") and sits down, carol takes the free seat with `dune-tui
  join bob`, mallory is refused alice's seat and watches; alice drops and comes back from the list; bob stops the
  host and `host --load`s it, and alice and carol come back from the list and play the game to the end."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from e2e_players import TERM, Player, play, wait_until
from e2e_terminal import ROOT, Tmux, have, users_group
from e2e_users import SSHD, openssh, run, ssh_argv, their_python, unix_users

ALICE, BOB, CAROL, MALLORY = "lobalice", "lobbob", "lobcarol", "lobmal"
USERS = (ALICE, BOB, CAROL, MALLORY)

pytestmark = [
    pytest.mark.e2e,
    users_group(*USERS),  # one worker: both tests share the module's users, made and removed once
    pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="needs root (Unix users, sshd)"),
    pytest.mark.skipif(not have(SSHD, "ssh", "ssh-keygen", "tmux", "useradd", "runuser"),
                       reason="needs openssh-server, openssh-client, tmux (apt-get install tmux openssh-server)"),
]


@pytest.fixture(scope="module")
def place():
    """A directory every test user can reach (not under pytest's, which is 0700), with the lobby in it."""
    work = Path(tempfile.mkdtemp(prefix="dune-tui-lobby-e2e-"))
    os.chmod(work, 0o755)
    lobby = work / "lobby"
    lobby.mkdir()
    os.chmod(lobby, 0o1777)
    yield work
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def users(place):
    """The four users, each with an ssh key; removed after (only those made here)."""
    with unix_users(place, USERS) as made:
        yield made


@pytest.fixture(scope="module")
def python(place, users) -> str:
    return their_python(place, ALICE)


CONNECT = """
import asyncio, sys
from dune_tui.net.client import JoinRefused, RemoteTable
async def main():
    try:
        remote = await RemoteTable.join_local(sys.argv[1], None if sys.argv[2] == "any" else int(sys.argv[2]))
    except JoinRefused as e:
        print("refused:", e)
        return
    print("seat", remote.seat)
    remote.close()
asyncio.run(main())
"""


def test_the_table_seats_each_real_user_by_the_kernels_word(place, users, python):
    """Root hosts; each user connects as themselves: a seat kept for alice is hers alone."""
    host = subprocess.Popen(
        [sys.executable, "-m", "dune_tui", "host", "--no-play", "--seat", f"user:{ALICE}", "--seat", "human",
         "--players", "3", "--pause", "0", "--bots", "thread", "--save-dir", str(place / "root-saves")],
        env={**os.environ, "DUNE_TUI_LOBBY": str(place / "lobby")}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    try:
        for line in host.stdout:
            if "In the lobby" in line:
                break
        sock = next((place / "lobby").glob("*.sock"))

        def connect(user: str, seat: str = "any") -> str:
            return run("runuser", "-u", user, "--", python, "-c", CONNECT, str(sock), seat,
                       cwd=ROOT).stdout.strip()

        assert connect(MALLORY, "0") == f"refused: the table refused: seat 1 is {ALICE}'s"
        assert connect(ALICE) == "seat 0", "alice's own seat"
        assert connect(CAROL) == "seat 1", "the free seat, kept for carol from now on"
        assert connect(MALLORY) == (f"refused: the table refused: no free seat for {MALLORY}: seat 1 is {ALICE}'s, "
                                    f"seat 2 is {CAROL}'s; you may watch")
        assert connect(MALLORY, "-1") == "seat -1", "mallory may watch"
        assert connect(CAROL) == "seat 1", "carol's seat stays hers"
    finally:
        host.terminate()
        out, _ = host.communicate(timeout=30)
    assert f"{MALLORY} (local)" in out and "Traceback" not in out


class Terminals:
    """Each user's own ssh session in a tmux session of its own."""

    def __init__(self, tmux: Tmux, port: int, place: Path, python: str) -> None:
        self.tmux, self.port, self.place, self.python = tmux, port, place, python

    def start(self, user: str, name: str, *args: str, width: int = 100, height: int = 30) -> None:
        """`dune-tui ARGS` in `user`'s terminal `name` (a new ssh session; the old one, if any, is hung up), with the
        test's lobby and no table server (ssh's environment is not the suite's: the machine's would be found)."""
        self.tmux.run("kill-session", "-t", name, check=False)
        remote = (f"cd {shlex.quote(str(ROOT))} && exec env DUNE_TUI_LOBBY={shlex.quote(str(self.place / 'lobby'))} "
                  f"DUNE_TUI_SERVER={shlex.quote(str(self.place / 'no-server'))} "
                  f"{shlex.join([self.python, '-m', 'dune_tui', *args])}")
        self.tmux.run("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
                      self.tmux._command([*ssh_argv(self.place, self.port, user), "-tt", remote], TERM, False, name))

    def wait(self, name: str, text: str, timeout: float = 30.0) -> str:
        return self.tmux.wait_for(text, timeout=timeout, name=name)


@pytest.fixture(scope="module")
def sshd(place, users):
    with openssh(place, USERS) as port:
        yield port


def test_three_users_find_the_table_sit_down_come_back_after_a_reload_and_play_to_the_end(place, python, sshd):
    tmux = Tmux(place, width=100, height=30)
    t = Terminals(tmux, sshd, place, python)
    started = time.monotonic()
    try:
        t.start(BOB, "bob", "host", "--no-play", "--seat", f"user:{ALICE}", "--seat", "human", "--players", "3",
                "--seed", "33", "--pause", "0", "--bots", "thread", width=220)
        t.wait("bob", "In the lobby of this machine")
        # alice: her menu tells her of the table; t lists it, Enter sits her down
        t.start(ALICE, "alice")
        t.wait("alice", f"{BOB} invites you to a table: press t")
        tmux.keys("t", name="alice")
        t.wait("alice", f"seats: 1 {ALICE}'s (away), 2 free")
        tmux.keys("Enter", name="alice")
        t.wait("alice", "Log")
        # carol: `dune-tui join bob` takes the free seat, no code
        t.start(CAROL, "carol", "join", BOB)
        t.wait("carol", "Log")
        print(f"two users sat down from the lobby after {time.monotonic() - started:.1f} s")
        # mallory: refused alice's seat (and told whose it is), may watch
        t.start(MALLORY, "mallory", "join", BOB, "--seat", "1")
        t.wait("mallory", f"seat 1 is {ALICE}'s")
        t.start(MALLORY, "mallory", "join", BOB, "--watch")
        t.wait("mallory", "Log")
        # alice drops (her ssh session hangs up) and comes back from the list
        t.start(ALICE, "alice")
        tmux.keys("t", name="alice")
        t.wait("alice", f"2 {CAROL}")
        tmux.keys("Enter", name="alice")
        t.wait("alice", "Log")
        # bob stops the host, and hosts the saved game again: the seats stay alice's and carol's
        tmux.keys("C-c", name="bob")
        screen = t.wait("bob", "host --load")
        save = re.search(r"host --load (\S+)", " ".join(screen.split())).group(1)
        t.start(BOB, "bob", "host", "--no-play", "--load", save, "--pause", "0", "--bots", "thread", width=220)
        t.wait("bob", "In the lobby of this machine")
        t.start(ALICE, "alice", width=120, height=40)  # roomy: the seat lines name the players
        t.wait("alice", f"{BOB} invites you to a table: press t")
        tmux.keys("t", name="alice")
        t.wait("alice", f"seats: 1 {ALICE}'s (away), 2 {CAROL}'s (away)")
        tmux.keys("Enter", name="alice")
        t.start(CAROL, "carol", "join")  # no code, no name: the table waiting for her
        t.start(MALLORY, "mallory", "join", BOB, "--watch")
        alice, carol = Player(tmux, "alice"), Player(tmux, "carol")
        for p in (alice, carol):
            p.wait(lambda s: "Log" in s, "the game again")
        alice.wait(lambda s: CAROL in s, "carol's login on alice's seat lines")
        print(f"everyone back after the reload at {time.monotonic() - started:.1f} s")

        def both_commit():
            for p in (alice, carol):
                p.press("Enter")
            return "sealed"

        play([alice, carol], both_commit, limit=240)
        t.wait("mallory", "Game over")
        print(f"the game over on every screen after {time.monotonic() - started:.1f} s")
        for name in ("alice", "carol", "mallory"):
            assert "Game over" in tmux.screen(name) and "Traceback" not in tmux.screen(name)
        # the host stops at the end: a player who hears it close is told only that (they were told of "new codes")
        time.sleep(3)
        for name in ("alice", "carol"):
            screen = " ".join(tmux.screen(name).split())
            assert "new codes" not in screen and "host --load" not in screen, screen
    finally:
        tmux.kill()
    wait_until(lambda: not list((place / "lobby").glob(f"{BOB}-*.json")), "the card leaving with the table", 40)


def _card(place: Path, host: str):
    """`host`'s table card in the lobby (one table each here)."""
    import msgspec

    from dune_tui.net import lobby

    path = next((place / "lobby").glob(f"{host}-*.json"))
    return msgspec.json.decode(path.read_bytes(), type=lobby.Card)


def test_an_invitation_arriving_never_sits_alice_at_a_strangers_seat_and_leaving_goes_back_to_the_list(
        place, python, sshd):
    """Issue 41, as the users met it: carol hosts two free seats; alice opens Tables (carol's table highlighted);
    bob hosts with a seat kept for alice: "bob invites you" appears on top.  The highlight stays on carol's table
    and says so; Enter there asks first (it did sit alice at carol's seat, kept for her from then on).  Leaving the
    table goes back to the list (it exited dune-tui); mallory's spectator dialog keeps no seat of hers; `join bob
    --seat 0` is refused with a sentence (it made a spectator)."""
    tmux = Tmux(place, width=200, height=30)
    t = Terminals(tmux, sshd, place, python)
    try:
        t.start(CAROL, "carol", "host", "--no-play", "--seat", "human", "--seat", "human", "--pause", "0",
                "--bots", "thread", width=220)
        t.wait("carol", "In the lobby of this machine")
        t.start(ALICE, "alice", width=200)
        t.wait("alice", "Tables on this server")
        tmux.keys("t", name="alice")
        t.wait("alice", f"Enter: sit at {CAROL}'s table, seat 1 (free; then kept for you)")
        t.start(BOB, "bob", "host", "--no-play", "--seat", f"user:{ALICE}", "--seat", "heuristic", "--pause", "0",
                "--bots", "thread", width=220)
        t.wait("alice", f"{BOB} invites you to a table")
        t.wait("alice", f"Enter: sit at {CAROL}'s table, seat 1 (free; then kept for you)")  # where it was
        tmux.keys("Enter", name="alice")
        t.wait("alice", f"{BOB}'s table waits for you (at the top). Enter again sits you at {CAROL}'s table instead")
        time.sleep(1.5)
        assert [s.status for s in _card(place, CAROL).seats] == ["free", "free"], "alice was sat at carol's seat"
        tmux.keys("Up", name="alice")
        t.wait("alice", f"Enter: your seat 1 at {BOB}'s table")
        tmux.keys("Enter", name="alice")
        t.wait("alice", "Log")
        wait_until(lambda: _card(place, BOB).seats[0].here, "alice at her seat at bob's table", 20)
        # leaving the table picked from the list goes back to the list
        tmux.keys("q", name="alice")
        t.wait("alice", "leave the table, back to Tables on this server")
        tmux.keys("y", name="alice")
        t.wait("alice", f"Enter: your seat 1 at {BOB}'s table")
        t.wait("alice", "Tables on this server")  # (its title drawn a moment after its note on a loaded machine)
        # mallory: --seat 0 is no seat; watching, her leave dialog keeps no seat
        t.start(MALLORY, "mallory", "join", BOB, "--seat", "0")
        t.wait("mallory", "seats are numbered from 1 (seat 1 is the first), not 0")
        t.start(MALLORY, "mallory", "join", BOB, "--watch", width=200)
        t.wait("mallory", "Log")
        tmux.keys("q", name="mallory")
        screen = t.wait("mallory", "you were watching it")
        assert "your seat" not in screen
        for name in ("alice", "mallory", "carol", "bob"):
            assert "Traceback" not in tmux.screen(name)
    finally:
        tmux.kill()
