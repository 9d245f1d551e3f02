"""The table server the way a machine runs it for its users, and four real Unix users playing there over OpenSSH.

The server is started as its service starts it: a system user of its own (`useradd --system`, no login shell), its
own state directory, `dune-tui serve --state-dir DIR` run as that user.  alice, bob, carol and mallory each log in
over a real OpenSSH server in a tmux terminal of their own (`DUNE_TUI_SERVER` names the server's directory).  One
game (Dune Express, a Shorter Game of two rounds: short enough to finish), its scenes in order:

a. bob hosts it on the server (`--seat human --seat user:alice --seat human`), plays his turn and quits: the table
   waits, listed in alice's `dune-tui tables`; alice sits down and plays;
b. mallory takes the free seat and drops (her ssh is killed); bob's `dune-tui table release TABLE 3` frees it and
   carol takes it;
c. the server is killed with -9 mid-game and started again the same way: alice and carol, sitting down again, see
   the same board and the same decision;
d. a second table of bob's is made private: mallory's join and watch are refused with the sentence, alice's not;
e. the game is played to its end and bob's `dune-tui table rematch TABLE` deals again, every seat kept for its
   player."""

from __future__ import annotations

import os
import pwd
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from e2e_players import TERM, Player
from e2e_terminal import Tmux, have, users_group
from e2e_users import SSHD, openssh, run, ssh_argv, their_python, unix_users

ALICE, BOB, CAROL, MALLORY = "shalice", "shbob", "shcarol", "shmal"
USERS = (ALICE, BOB, CAROL, MALLORY)
SERVICE = "shdunesrv"  # the server's own system user
ALL_USERS = (*USERS, SERVICE)
BOARD = 12  # the screen's first lines: the round, the map and the seats' standing

pytestmark = [
    pytest.mark.e2e,
    users_group(*USERS, SERVICE),  # one worker: the module's users, made and removed once
    pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="needs root (Unix users, sshd)"),
    pytest.mark.skipif(not have(SSHD, "ssh", "ssh-keygen", "tmux", "useradd", "setpriv", "runuser"),
                       reason="needs openssh-server, openssh-client, tmux (apt-get install tmux openssh-server)"),
]


@pytest.fixture(scope="module")
def place():
    """A directory every user can reach (pytest's is 0700); short: a Unix socket's path has 107 bytes."""
    work = Path(tempfile.mkdtemp(prefix="dt-shared-"))
    os.chmod(work, 0o755)
    yield work
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def users(place):
    """The four players and the server's system user, made as the README's administrator makes it (removed after,
    if made here)."""
    made = False
    try:
        pwd.getpwnam(SERVICE)
    except KeyError:
        run("useradd", "--system", "--home-dir", str(place / "srv"), "--shell", "/usr/sbin/nologin", SERVICE,
            check=True)
        made = True
    try:
        with unix_users(place, USERS, shell="/bin/sh") as players:
            yield players
    finally:
        run("pkill", "-KILL", "-u", SERVICE)
        if made:
            run("userdel", "-f", SERVICE)


@pytest.fixture(scope="module")
def python(place, users) -> str:
    return their_python(place, ALICE)


@pytest.fixture(scope="module")
def sshd(place, users):
    with openssh(place, USERS) as port:
        yield port


class Service:
    """`dune-tui serve --state-dir DIR` as the service's own user (setpriv: the server is the process, so -9
    reaches it), from its state directory, with a service's bare environment; its log in a file."""

    def __init__(self, place: Path, python: str) -> None:
        self.where, self.log, self.python = place / "srv", place / "serve.log", python
        self.process: subprocess.Popen | None = None
        user = pwd.getpwnam(SERVICE)
        run("install", "-d", "-m", "711", "-o", SERVICE, "-g", str(user.pw_gid), str(self.where), check=True)

    def start(self) -> Service:
        from dune_tui.server import control

        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                ["setpriv", f"--reuid={SERVICE}", f"--regid={SERVICE}", "--clear-groups", "--",
                 self.python, "-m", "dune_tui", "serve", "--state-dir", str(self.where)],
                cwd=self.where, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                env={"PATH": "/usr/bin:/bin", "HOME": str(self.where), "LANG": "C.UTF-8"})
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                control.ask(self.where, control.ListTables(), timeout=1)
                return self
            except control.Unreachable:
                assert self.process.poll() is None, self.log.read_text()
                time.sleep(0.05)
        raise AssertionError(f"the server did not start: {self.log.read_text()}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=20)


class Users:
    """Each user's own ssh session in a tmux session of its own, `DUNE_TUI_SERVER` naming the server; and their
    commands that print (`dune-tui tables`, `dune-tui table VERB`) run as them."""

    def __init__(self, tmux: Tmux, port: int, place: Path, python: str, server: Path) -> None:
        self.tmux, self.port, self.place, self.python, self.server = tmux, port, place, python, server
        self.env = {"DUNE_TUI_SERVER": str(server), "DUNE_TUI_LOBBY": str(place / "no-lobby")}

    def start(self, user: str, name: str, *args: str, width: int = 100, height: int = 32) -> None:
        """`dune-tui ARGS` in `user`'s terminal `name` (a new ssh session; the old one, if any, is hung up)."""
        self.tmux.run("kill-session", "-t", name, check=False)
        environ = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        remote = f"exec env {environ} {shlex.join([self.python, '-m', 'dune_tui', *args])}"
        self.tmux.run("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
                      self.tmux._command([*ssh_argv(self.place, self.port, user), "-tt", remote], TERM, False, name))

    def drop(self, name: str) -> None:
        """The user's connection drops: their ssh client is killed."""
        os.kill(self.tmux.pid(name), signal.SIGKILL)

    def wait(self, name: str, text: str, timeout: float = 30.0) -> str:
        """Until `text` is on the screen or just above it (a message printed as the program ends may scroll its
        first lines off a short pane), read as sentences (a dialog's or notice's lines joined)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.tmux.run("capture-pane", "-p", "-S", "-40", "-t", name, check=False)
            assert "Traceback" not in screen, screen
            if text in prose(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} not on the screen of {name} within {timeout} s:\n{self.tmux.screen(name)}")

    def says(self, user: str, *args: str) -> str:
        """`dune-tui ARGS` as `user` (no terminal): what it printed, both streams."""
        out = run("runuser", "-u", user, "--", "env", *(f"{k}={v}" for k, v in self.env.items()), self.python,
                  "-m", "dune_tui", *args, cwd="/")
        return " ".join((out.stdout + out.stderr).split())


def prose(screen: str) -> str:
    """The screen's words in a line, without the frames of dialogs and notices."""
    return " ".join(screen.translate(str.maketrans("█▌▐│▀▄", "      ")).split())


def until(condition, what: str, timeout: float = 30.0, seen=lambda: ""):
    """`condition()` once it holds (polled); else the failure says `what` and what `seen()` last saw."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = condition()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"never happened within {timeout} s: {what}\n{seen()}")


def listed_as(u: Users, login: str, pattern: str, what: str) -> re.Match:
    """The match of `pattern` in `login`'s `dune-tui tables` once it is there (the server answers what it has
    now: a table's seats and turns follow the players a moment later on a loaded machine)."""
    said = [""]
    return until(lambda: re.search(pattern, said.append(u.says(login, "tables")) or said[-1]), what,
                 seen=lambda: said[-1])


def settled(tmux: Tmux, name: str) -> str:
    """The screen once it has not changed for a second."""
    screen, end = tmux.screen(name), time.monotonic() + 15
    while time.monotonic() < end:
        time.sleep(1.0)
        if (again := tmux.screen(name)) == screen:
            return screen
        screen = again
    return screen


def decision(screen: str) -> list[str]:
    """The decision panel's lines: its question and options (left of the log)."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "Your decision" in line and "Log" in line)
    column = lines[top].index("Log")
    return [line[:column].rstrip() for line in lines[top + 1:top + 5]]


def play_until(players: list[Player], done, what: str, limit: float = 60.0) -> None:
    """Each player presses their keys (the rule of e2e_players) until `done()`."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"{what}: not within {limit} s:\n" + "\n".join(p.screen for p in players)
        for p in players:
            p.look()
            p.step()
        time.sleep(0.05)


def test_four_users_play_one_game_on_the_machines_table_server(place, python, sshd):
    service = Service(place, python).start()
    tmux = Tmux(place, width=100, height=32)
    u = Users(tmux, sshd, place, python, service.where)
    started = time.monotonic()
    try:
        assert pwd.getpwnam(SERVICE).pw_shell == "/usr/sbin/nologin"
        assert os.stat(service.where).st_uid == pwd.getpwnam(SERVICE).pw_uid
        # a. bob hosts on the server, plays his turn and quits: the table waits for alice, who plays
        u.start(BOB, "bob", "host", "--rules", "express", "--variant", "shorter:2", "--seed", "5",
                "--seat", "human", "--seat", f"user:{ALICE}", "--seat", "human", "--seat", "heuristic",
                "--pause", "0")
        u.wait("bob", "Your decision")
        table = until(lambda: re.search(rf"\b({BOB}-\d{{8}}-\d{{6}}-[0-9a-f]{{4}})\b", u.says(ALICE, "tables")),
                      "bob's table listed").group(1)
        bob = Player(tmux, "bob")
        play_until([bob], lambda: "Your decision" not in bob.look() and bob.settled, "bob's turn")
        tmux.keys("q", name="bob")
        u.wait("bob", "the table waits for you")
        tmux.keys("y", name="bob")
        listed_as(u, ALICE, rf"\b{table}: Dune Express \(shorter:2\), 4 players, waiting \(round 1\), "
                  rf"watching open {BOB} invites you your turn \(since ", "bob's table waits for alice")
        u.start(ALICE, "alice", "join", BOB)
        alice = Player(tmux, "alice")
        alice.wait(lambda s: "Your decision" in s, "alice's turn")
        assert "shbob (away)" in alice.screen, alice.screen
        play_until([alice], lambda: "Waiting for seat 3" in alice.look() and alice.settled, "alice's turn")
        print(f"a. bob left, alice played: {time.monotonic() - started:.1f} s")
        # b. mallory takes the free seat and drops; bob releases it; carol takes it
        u.start(MALLORY, "mallory", "join", BOB)
        u.wait("mallory", "Your decision")
        alice.wait(lambda s: "Waiting for seat 3 [H] Harkonnen, shmal" in s, "mallory at seat 3")
        u.drop("mallory")
        alice.wait(lambda s: "shmal (away)" in s, "mallory away")
        assert u.says(BOB, "table", "release", table, "3") == "seat 3 is free"
        alice.wait(lambda s: "free, seat 3" in s, "seat 3 free again")
        u.start(CAROL, "carol", "join", BOB)
        carol = Player(tmux, "carol")
        carol.wait(lambda s: "Your decision" in s, "carol's turn at seat 3")
        alice.wait(lambda s: "Waiting for seat 3 [H] Harkonnen, shcarol" in s, "carol at seat 3")
        print(f"b. mallory's seat released, carol sat down: {time.monotonic() - started:.1f} s")
        # c. the server is killed with -9 mid-game and started again: the same boards, the same decision
        before = {name: settled(tmux, name) for name in ("alice", "carol")}
        service.kill()
        for name in ("alice", "carol"):
            u.wait(name, "the table server keeps the game")
        service.start()
        u.start(ALICE, "alice", "join", BOB)
        u.start(CAROL, "carol", "join", BOB)
        u.wait("carol", "Your decision")
        after = {name: settled(tmux, name) for name in ("alice", "carol")}
        for name in ("alice", "carol"):
            assert after[name].splitlines()[:BOARD] == before[name].splitlines()[:BOARD], \
                f"{before[name]}\n{after[name]}"
        assert decision(after["carol"]) == decision(before["carol"])
        print(f"c. the server killed and back: {time.monotonic() - started:.1f} s")
        # d. a second table, made private: mallory may neither join nor watch it; alice, invited, sits down
        opened = u.says(BOB, "host", "--no-play", "--rules", "express", "--seat", f"user:{ALICE}", "--seat", "human",
                        "--pause", "0")
        second = re.search(rf"\b({BOB}-\d{{8}}-\d{{6}}-[0-9a-f]{{4}})\b", opened).group(1)
        assert u.says(BOB, "table", "private", second) == "private: invited logins only, open to watchers"
        refused = f"the table refused: this table is private: only the logins {BOB} invited may join or watch it"
        for how in ((), ("--watch",)):
            u.start(MALLORY, "mallory", "join", second, *how)
            u.wait("mallory", refused)
        assert second not in u.says(MALLORY, "tables")
        u.start(ALICE, "alice2", "join", second)
        u.wait("alice2", "Log")
        print(f"d. the private table refused mallory, not alice: {time.monotonic() - started:.1f} s")
        # e. the game played to its end, and bob's rematch: the same seats, a new deal
        u.start(BOB, "bob", "join", table)
        players = [Player(tmux, name) for name in ("alice", "carol", "bob")]
        play_until(players, lambda: all(p.over for p in players), "the game to its end", limit=120)
        print(f"e. the game over: {time.monotonic() - started:.1f} s")
        for name in ("bob", "alice", "carol"):  # the game-over key: the first opens the rematch, each sits down
            tmux.keys("a", name=name)
            u.wait(name, "Round 1 of 2")
        # the rematch's deal is new (a random seed): any seat may be the first asked, alice's too ("your turn")
        rematch = listed_as(u, ALICE, rf"\b({BOB}-\d{{8}}-\d{{6}}-[0-9a-f]{{4}}): Dune Express \(shorter:2\), 4 "
                            rf"players, round 1, watching open(?: your turn \(since [^)]*\))? seats: 1 {BOB}, "
                            rf"2 {ALICE}, 3 {CAROL}, 4 bot", "the rematch listed, every seat kept")
        listed = rematch.string
        assert rematch.group(1) not in (table, second), listed
        assert f"{table}: Dune Express (shorter:2), 4 players, over" in listed
        for name in ("alice", "carol", "bob"):
            assert "Traceback" not in tmux.screen(name)
        print(f"e. the rematch dealt, every seat kept: {time.monotonic() - started:.1f} s")
        assert service.stop() == 0
        assert "Traceback" not in service.log.read_text()
    finally:
        tmux.kill()
        service.kill()
        print(service.log.read_text()[-3000:])
        print(f"{time.monotonic() - started:.1f} s")
