"""A front door's UI process on a pseudo-terminal of its own: what it writes goes to the session, what the player
types goes to it, the window's size is its terminal's; a hang-up ends it.

    term = Terminal(command)              # command: `Terminal.python(…)`, which takes its setting on fd 3
    await term.spawn()                    # (ahead of time: a spare, warm before anyone waits)
    term.output, term.size = chan.write, (80, 24)
    status = await term.run(started=lambda pid: doors.bind(pid, "key:alice"), env=…, cwd=…)   # until it ends
    term.write(data)      # False: more typed than the process reads (INPUT_LIMIT): the session should end
    term.resize((columns, rows))
    term.pause(); term.resume()   # the session's client reads slowly (the channel's pause_writing): the output waits
                                  #   in the pty, and the process blocks on its writes
    term.hang_up()        # SIGHUP to its process group (the game saves and ends), SIGKILL HANG_UP_SECONDS later

The process starts with a neutral environment and waits for its setting on a pipe (fd 3): its environment and
working directory, sent once `started(pid)` has run (the server knows the pid as its player first).  The pty is its
controlling terminal (its command sets it: `TIOCSCTTY`), so a resize reaches it as SIGWINCH, and it runs in a
session of its own (`start_new_session`), so the hang-up reaches whatever it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import signal
import struct
import termios

INPUT_LIMIT = 1024 * 1024  # bytes typed and not yet taken by the process
HANG_UP_SECONDS = 5.0  # a hung-up process has this long to save and end before it is killed
READ = 65536
# What a command runs first: its setting from the pipe (argv[1]: its fd), then the pty its controlling terminal
SETTING = ("import fcntl, json, os, sys, termios\n"
           "fd = int(sys.argv.pop(1)); data = b''\n"
           "while chunk := os.read(fd, 65536): data += chunk\n"
           "os.close(fd); given = json.loads(data); os.environ.clear(); os.environ.update(given['env'])\n"
           "os.chdir(given['cwd']); fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n")


def python(code: str, *argv: str) -> list[str]:
    """A command: this Python running `code` once its setting has come (`{fd}` in argv stands for the pipe's)."""
    import sys

    return [sys.executable, "-c", SETTING + code, "{fd}", *argv]


def neutral_env() -> dict[str, str]:
    """A process's environment until its setting comes."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


class Terminal:
    def __init__(self, command: list[str], size: tuple[int, int] = (80, 24), *, output=None) -> None:
        self.command, self.size, self.output = command, size, output
        self.master = -1
        self.setting = -1  # the pipe's end its setting is written to
        self.process: asyncio.subprocess.Process | None = None
        self.waiting = b""  # typed, not yet written to the pty
        self.reading = False
        self.gone = False  # hung up: nothing more is read or written

    async def spawn(self) -> None:
        """Start the process (it waits for its setting); OSError if it cannot."""
        master, slave = os.openpty()
        read, write = os.pipe()
        try:
            self.process = await asyncio.create_subprocess_exec(
                *[str(read) if arg == "{fd}" else arg for arg in self.command], stdin=slave, stdout=slave,
                stderr=slave, env=neutral_env(), cwd="/", start_new_session=True, pass_fds=(read,))
        except BaseException:
            os.close(master)
            os.close(write)
            raise
        finally:
            os.close(slave)
            os.close(read)
        self.master, self.setting = master, write

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def run(self, started=lambda pid: None, *, env: dict[str, str], cwd) -> int:
        """Start the process unless it was, give it its setting once `started(pid)` has run, pass its output on
        until it ends; its exit status (128 + N: killed by signal N).  OSError if it cannot start."""
        if self.process is None:
            await self.spawn()
        _resize(self.master, self.size)
        started(self.process.pid)
        with contextlib.suppress(OSError):  # (a pipe's buffer holds it: the process reads it when it is ready)
            os.write(self.setting, json.dumps({"env": env, "cwd": str(cwd)}).encode())
        os.close(self.setting)
        master = self.master
        os.set_blocking(master, False)
        if self.gone:  # hung up while it started
            self.hang_up()
        else:
            self.resume()
            self._write()
        status = await self.process.wait()
        self._drain()
        self._stop_reading()
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_writer(master)
        os.close(master)
        self.master = -1
        return status if status >= 0 else 128 - status

    def discard(self) -> None:
        """A spare never used: it ends."""
        if self.alive:
            _signal(self.process.pid, signal.SIGKILL)
        for fd in (self.master, self.setting):
            with contextlib.suppress(OSError):
                os.close(fd)

    @property
    def pid(self) -> int:
        return self.process.pid if self.process is not None else 0

    def write(self, data: bytes) -> bool:
        if self.gone:
            return True
        self.waiting += data
        if len(self.waiting) > INPUT_LIMIT:
            self.waiting = b""
            return False
        self._write()
        return True

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.master >= 0:
            _resize(self.master, size)

    def pause(self) -> None:
        self._stop_reading()

    def resume(self) -> None:
        if self.master >= 0 and not self.reading and not self.gone:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self.reading = True

    def hang_up(self) -> None:
        """The session is gone: the process saves its game and ends (SIGHUP), else it is killed."""
        self.gone = True
        self._stop_reading()
        if self.master >= 0:
            asyncio.get_running_loop().remove_writer(self.master)
        process = self.process
        if process is None or process.returncode is not None:
            return
        _signal(process.pid, signal.SIGHUP)
        asyncio.get_running_loop().call_later(HANG_UP_SECONDS, _kill, process)

    # ------------------------------------------------------------ the pty
    def _stop_reading(self) -> None:
        if self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ)
        except BlockingIOError:
            return
        except OSError:  # EIO: the process closed its terminal (it is ending)
            data = b""
        if not data:
            self._stop_reading()
            return
        try:
            self.output(data)
        except BrokenPipeError:  # the session's channel closed (its client went): its hang-up follows
            self._stop_reading()

    def _drain(self) -> None:
        """What the ended process wrote last, to the session."""
        if self.gone:
            return
        with contextlib.suppress(OSError):
            while data := os.read(self.master, READ):
                self.output(data)

    def _write(self) -> None:
        if self.master < 0 or self.gone:
            return
        loop = asyncio.get_running_loop()
        loop.remove_writer(self.master)
        try:
            done = os.write(self.master, self.waiting) if self.waiting else 0
        except BlockingIOError:
            done = 0
        except OSError:
            self.waiting = b""
            return
        self.waiting = self.waiting[done:]
        if self.waiting:
            loop.add_writer(self.master, self._write)


def _resize(master: int, size: tuple[int, int]) -> None:
    with contextlib.suppress(OSError):
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)  # the process's session: it and anything it started


def _kill(process) -> None:
    if process.returncode is None:
        _signal(process.pid, signal.SIGKILL)
