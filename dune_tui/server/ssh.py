"""The SSH front door of the table server (`dune-tui serve --ssh 2222`): `ssh -p 2222 HOST` opens the game.

    door = SSHDoor(daemon, port=2222, host="")       # asyncssh, imported here only (never at dune-tui's start)
    await door.start()                               # the host key made once in the state directory (0600)
    ...
    await door.close()                               # every session's UI is told to hang up, then ends

A player is their SSH public key (its SHA256 fingerprint); their first visit asks for a name, kept in the server's
database (`players`), and they are `key:NAME` at every table.  Each session with a terminal runs the UI (the main
menu: solo games, the server's tables) in its own process on a pseudo-terminal, as the server's own user, with the
client's TERM, the window's size (and its changes), the server's directory as $DUNE_TUI_SERVER, its own directories
for settings and saves under `players/NAME/` there, and `Doors.bind(pid, "key:NAME")`: the server's sockets know it
by its pid (the process's own word, $DUNE_TUI_IDENTITY, is only shown).  The connection dropped → the process is
hung up (the game saved, its seat away) and killed if it lingers; the process ending → the channel closes with its
status.

Nothing but the game: passwords are not offered and keyboard-interactive only says how to make a key (no answer
logs in); exec and a shell without a terminal get a sentence and exit 1 (nothing runs: a game needs a terminal), but
`add-key` (a one-time code for the player's second key); subsystems (SFTP), port, agent and X11 forwarding are
refused.  Limits (`Limits`): sessions in all, per key and per address, new connections per address and logins per
key (a burst, then a rate), connections logging in and the time to log in, an idle session's time.  The next
session's process is started ahead (`spare`), so the first frame does not wait for Python and Textual to load.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ..net.identity import DOOR, IDENTITY
from ..net.limits import Buckets, QuietLog
from ..session import KEY, KEY_NAME
from .players import CODE, NAME_RULE, Players
from .terminal import HANG_UP_SECONDS, SETTING, Terminal, neutral_env, python

log = logging.getLogger("dune_tui.server")
HOST_KEY = "ssh_host_ed25519_key"
PLAYERS = "players"  # each player's own settings and saves: players/NAME/
TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,39}")
DEFAULT_TERM = "xterm-256color"
COLUMNS, ROWS = (1, 500), (1, 200)  # a terminal's size is clamped to these
NO_KEY = ("dune-tui's SSH door knows players by their SSH key, not by a password.\r\n"
          "Make a key once with `ssh-keygen -t ed25519` (press Enter at each question), then connect again.\r\n")
NO_TERMINAL = "dune-tui is a game for a terminal: connect with `ssh -t` and no command (nothing else runs here).\r\n"
ADD_KEY = "add-key"  # the one command: a one-time code for this player's second key
WRONG_CODES = 3  # wrong codes typed in one session before it ends
# The UI's process: Textual and the menu imported while it waits for a player (a spare), then the main menu
WARM = ("import dune_tui.cli, dune_tui.ui.app, dune_tui.ui.screens.menu  # noqa\n" + SETTING +
        "sys.argv = ['dune-tui']; sys.exit(dune_tui.cli.main())\n")
EXEC = "os.execv(sys.argv[1], sys.argv[1:])"


@dataclass(frozen=True)
class Limits:
    sessions: int = 200  # in all
    per_key: int = 4
    per_address: int = 20
    connections_burst: int = 10  # new connections from one address at once…
    connections_rate: float = 2.0  # …then per second
    pending: int = 100  # connections not logged in yet, in all
    login_seconds: float = 30.0
    idle_seconds: float = 3600.0  # no key typed for this long: the session ends


def clamp(width: int, height: int) -> tuple[int, int]:
    return min(max(width, COLUMNS[0]), COLUMNS[1]), min(max(height, ROWS[0]), ROWS[1])


class SSHDoor:
    def __init__(self, daemon, *, port: int, host: str = "", limits: Limits | None = None,
                 command: list[str] | None = None) -> None:
        """`command`: the UI's process (default: this Python running dune-tui's main menu), its terminal the pty."""
        self.daemon, self.port, self.host = daemon, port, host
        self.limits = limits or Limits()
        self.command = python(EXEC, *command) if command else [sys.executable, "-c", WARM, "{fd}"]
        self.spare: Terminal | None = None  # the next session's process, started ahead
        self.warming: asyncio.Task | None = None
        self.players = Players(daemon.store)
        self.sessions: set[Session] = set()
        self.ending: set[Session] = set()  # connection lost, process still ending (close() waits for them too)
        self.pending: set[Gate] = set()
        self.arrivals = Buckets(self.limits.connections_burst, self.limits.connections_rate)  # by address
        self.logins = Buckets(self.limits.connections_burst, self.limits.connections_rate)  # by key
        self.quiet = QuietLog(log)  # a flood's refusals: a summary line, not one line each
        self.server = None
        self.fingerprint = ""

    async def start(self) -> None:
        key = host_key(self.daemon.where)
        self.fingerprint = key.get_fingerprint("sha256")
        self.server = await asyncssh.create_server(
            lambda: Gate(self), self.host or None, self.port, server_host_keys=[key], encoding=None,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
            login_timeout=self.limits.login_seconds, keepalive_interval=60, keepalive_count_max=3,
            password_auth=False, gss_host=None)
        if not self.port:
            self.port = self.server.sockets[0].getsockname()[1]
        log.info("SSH door on port %d (host key %s): `ssh -p %d HOST` opens the game", self.port, self.fingerprint,
                 self.port)
        self._warm()

    def _warm(self) -> None:
        """Start the next session's process ahead (Python and Textual take a second to load)."""
        async def warm() -> None:
            spare = Terminal(self.command)
            try:
                await spare.spawn()
            except OSError as e:
                log.warning("SSH: cannot start a spare process: %s", e)
                return
            self.spare = spare

        if self.warming is None or self.warming.done():
            self.warming = asyncio.get_running_loop().create_task(warm())

    def terminal(self, size: tuple[int, int], output) -> Terminal:
        """The process for a session: the spare if it is ready (another is started), else a new one."""
        spare, self.spare = self.spare, None
        if spare is None or not spare.alive:
            if spare is not None:
                spare.discard()
            spare = Terminal(self.command)
        spare.size, spare.output = size, output
        self._warm()
        return spare

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        self.quiet.close()
        if self.warming is not None:
            self.warming.cancel()
            with contextlib.suppress(BaseException):
                await self.warming
        if self.spare is not None:
            self.spare.discard()
            self.spare = None
        for gate in list(self.pending):
            gate.close()
        await asyncio.gather(*(s.end() for s in list(self.sessions) + list(self.ending)), return_exceptions=True)

    def spawn_env(self, name: str, term: str) -> tuple[dict[str, str], Path]:
        """The UI process's environment and its working directory (the player's own, under players/)."""
        home = self.daemon.where / PLAYERS / name.lower()
        for sub in ("", "config", "data", "state", "cache"):
            os.makedirs(home / sub, mode=0o700, exist_ok=True)
        env = {**neutral_env(), "HOME": str(home),
               "TERM": term if TERM.fullmatch(term) else DEFAULT_TERM, "COLORTERM": "truecolor",
               "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
               "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache"),
               "DUNE_TUI_SERVER": str(self.daemon.where), IDENTITY: KEY + name, DOOR: "ssh"}
        if "DUNE_TUI_LOBBY" in os.environ:
            env["DUNE_TUI_LOBBY"] = os.environ["DUNE_TUI_LOBBY"]
        return env, home


def host_key(where: Path):
    """The server's host key, made once (0600) in its directory."""
    path = where / HOST_KEY
    try:
        return asyncssh.read_private_key(str(path))
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    log.info("made the SSH door's host key %s", path)
    return key


class Gate(asyncssh.SSHServer):
    """One SSH connection: a key's login, then its sessions."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.conn = None
        self.address = "?"
        self.key = ""  # the fingerprint of the key offered last (the one logged in with, once auth_completed)
        self.fingerprint = ""

    def connection_made(self, conn) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = str(peer[0])
        door = self.door
        why = ""
        if len(door.pending) >= door.limits.pending:
            why = "too many connections are logging in"
        elif not door.arrivals.take(self.address):
            why = "too many new connections from your address: slow down"
        elif sum(s.gate.address == self.address for s in door.sessions) >= door.limits.per_address:
            why = f"{door.limits.per_address} sessions from your address already"
        if why:
            door.quiet.warning(self.address, "SSH: refused a connection from %s: %s", self.address, why)
            conn.close()
            return
        door.pending.add(self)

    def connection_lost(self, exc) -> None:
        self.door.pending.discard(self)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:  # (only to say how to make a key: no answer logs in)
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        return "dune-tui", NO_KEY.replace("\r\n", "\n"), "", []

    def validate_kbdint_response(self, username: str, responses) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key) -> bool:
        self.key = key.get_fingerprint("sha256")
        return True

    def auth_completed(self) -> None:
        self.door.pending.discard(self)
        if not self.door.logins.take(self.key):
            self.door.quiet.warning(self.key, "SSH: refused %s from %s: it connects too often", self.key,
                                    self.address)
            self.conn.close()
            return
        self.fingerprint = self.key

    def session_requested(self):
        if not self.fingerprint:
            return False
        door = self.door
        if len(door.sessions) >= door.limits.sessions:
            log.warning("SSH: refused a session of %s: %d sessions already", self.fingerprint, len(door.sessions))
            return False
        if sum(s.gate.fingerprint == self.fingerprint for s in door.sessions) >= door.limits.per_key:
            log.warning("SSH: refused a session of %s: %d of its sessions already", self.fingerprint,
                        door.limits.per_key)
            return False
        return Session(self)


class Session(asyncssh.SSHServerSession):
    """One SSH session: the first visit's name, then the UI's process on a pty."""

    def __init__(self, gate: Gate) -> None:
        self.gate, self.door = gate, gate.door
        self.chan = None
        self.term, self.size = "", (80, 24)
        self.pty = False
        self.command: str | None = None
        self.name = ""
        self.typed = b""  # the first visit's name, as it is typed
        self.escape = 0  # in an escape sequence typed there: 1 after ESC, 2 in its parameters
        self.wrong = 0  # wrong codes typed there
        self.terminal: Terminal | None = None
        self.ended = False
        self.last = time.monotonic()
        self.idle: asyncio.Task | None = None
        self.task: asyncio.Task | None = None
        self.door.sessions.add(self)

    # ------------------------------------------------------------ the channel
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.pty, self.term = True, term_type or ""
        self.size = clamp(term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("SSH: refused subsystem %r of %s", subsystem[:40], self.gate.fingerprint)
        return False

    def session_started(self) -> None:
        if self.command == ADD_KEY:
            self._add_key()
            return
        if self.command is not None or not self.pty:
            log.info("SSH: %s asked for %s: refused", self.gate.fingerprint,
                     "a command" if self.command is not None else "a session without a terminal")
            self.chan.write(NO_TERMINAL.encode())
            self.chan.exit(1)
            return
        self.idle = asyncio.get_running_loop().create_task(self._watch_idle())
        self.name = self.door.players.name_of(self.gate.fingerprint)
        if self.name:
            self._start()
        else:
            self.chan.write(f"Welcome to dune-tui. Your key {self.gate.fingerprint} is new here.\r\n"
                            f"Choose the name the other players will see ({NAME_RULE}),\r\n"
                            f"or type the code `ssh -p {self.door.port} HOST {ADD_KEY}` gave your other key: ".encode())

    def data_received(self, data: bytes, datatype) -> None:
        self.last = time.monotonic()
        if self.terminal is None:
            self._name_typed(data)
        elif not self.terminal.write(data):
            log.warning("SSH: %s types faster than the game reads: disconnected", self.name)
            self.chan.close()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp(width, height)
        if self.terminal is not None:
            self.terminal.resize(self.size)

    def eof_received(self) -> bool:
        return False

    def pause_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.pause()

    def resume_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.resume()

    def connection_lost(self, exc) -> None:
        door = self.door
        door.sessions.discard(self)
        if self.idle is not None:
            self.idle.cancel()
        self.ended = True
        self._hang_up()
        if self.task is not None and not self.task.done():  # a server stopping now still waits for it (or kills it)
            door.ending.add(self)
            self.task.add_done_callback(lambda _: door.ending.discard(self))

    # ------------------------------------------------------------ the first visit
    def _name_typed(self, data: bytes) -> None:
        """A key of the name typed at the first visit: echoed if it may be part of a name; an escape sequence
        (ESC, then `[` or `O` and its parameters up to its final byte), a control key or a 21st character is not,
        and is dropped."""
        for byte in data:
            char = chr(byte)
            if self.escape:
                self.escape = 2 if self.escape == 1 and char in "[O" else \
                    2 if self.escape == 2 and not "@" <= char <= "~" else 0
                continue
            if char == "\x1b":
                self.escape = 1
            elif char in "\x03\x04":  # Ctrl-C, Ctrl-D
                self.chan.write(b"\r\n")
                self.chan.exit(1)
                return
            elif char in "\r\n":
                self._named(self.typed.decode("ascii"))
                self.typed = b""
                if self.terminal is not None:
                    return
            elif char in "\x7f\x08":
                if self.typed:
                    self.typed = self.typed[:-1]
                    self.chan.write(b"\x08 \x08")
            elif KEY_NAME.fullmatch("a" + char) and len(self.typed) < 20:
                self.typed += bytes([byte])
                self.chan.write(bytes([byte]))

    def _named(self, name: str) -> None:
        players = self.door.players
        if CODE.fullmatch(name.lower()):
            known = players.redeem(self.gate.fingerprint, name)
            if not known:
                self.wrong += 1
                log.warning("SSH: %s typed a wrong or spent code", self.gate.fingerprint)
                if self.wrong >= WRONG_CODES:
                    self.chan.write(b"\r\nNot a code of this server.\r\n")
                    self.chan.exit(1)
                    return
                self.chan.write(b"\r\nNot a code of this server (or no longer: a code is good once, for 10 "
                                b"minutes).\r\nYour name: ")
                return
            log.info("SSH: %s is %s%s too (a code)", self.gate.fingerprint, KEY, known)
            self.chan.write(f"\r\nThis key is {known}'s too.\r\n".encode())
            self.name = known
            self._start()
            return
        why = players.register(self.gate.fingerprint, name) if name else f"a name is {NAME_RULE}"
        if why:
            self.chan.write(f"\r\n{why}.\r\nYour name: ".encode())
            return
        log.info("SSH: %s is %s%s", self.gate.fingerprint, KEY, name)
        self.name = name
        self._start()

    # ------------------------------------------------------------ the UI's process
    def _start(self) -> None:
        self.terminal = self.door.terminal(self.size, self.chan.write)
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        doors, identity = self.door.daemon.doors, KEY + self.name

        def started(pid: int) -> None:
            doors.bind(pid, identity)
            log.info("SSH: %s plays (pid %d, from %s)", identity, pid, self.gate.address)

        env, home = self.door.spawn_env(self.name, self.term)
        try:
            status = await self.terminal.run(started, env=env, cwd=home)
        except OSError as e:
            log.error("SSH: cannot start the game for %s: %s", identity, e)
            self.chan.write(b"The server cannot start the game now: try again later.\r\n")
            self.chan.exit(1)
            return
        finally:
            doors.unbind(self.terminal.pid)
        log.info("SSH: %s's game ended (%s)", identity, status)
        if not self.ended:
            with contextlib.suppress(Exception):
                self.chan.exit(status)

    def _add_key(self) -> None:
        """`ssh HOST add-key`: a one-time code that makes another key this player's."""
        name = self.door.players.name_of(self.gate.fingerprint)
        if not name:
            self.chan.write(b"This key has no name here yet: connect once with `ssh -t` and choose one.\r\n")
            self.chan.exit(1)
            return
        code = self.door.players.code_for(name)
        log.info("SSH: %s%s asked for a code for another key", KEY, name)
        self.chan.write(f"A code for your other key, good once for 10 minutes: {code}\r\n"
                        f"Connect with that key (`ssh -t -p {self.door.port} HOST`) and type it instead of a name.\r\n"
                        .encode())
        self.chan.exit(0)

    def _hang_up(self) -> None:
        if self.terminal is not None:
            self.terminal.hang_up()

    async def end(self) -> None:
        """The server stops: hang up and wait for the process."""
        self.ended = True
        self._hang_up()
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.task), HANG_UP_SECONDS + 1)
        with contextlib.suppress(Exception):
            self.chan.close()

    async def _watch_idle(self) -> None:
        limit = self.door.limits.idle_seconds
        while True:
            await asyncio.sleep(max(1.0, min(limit / 4, 60.0)))
            if time.monotonic() - self.last > limit:
                log.info("SSH: %s idle for %gs: the session ends", self.name or self.gate.fingerprint, limit)
                with contextlib.suppress(Exception):
                    self.chan.write(b"\r\nIdle too long: the session ends (your game is saved).\r\n")
                self.ended = True
                self._hang_up()
                self.chan.close()
                return
