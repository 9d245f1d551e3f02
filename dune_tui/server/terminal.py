"""A front door's UI process on a pseudo-terminal of its own: what it writes goes to the session, what the player
types goes to it, the window's size is its terminal's; a hang-up ends it.

    term = Terminal(command, env, cwd, size, output=chan.write)
    status = await term.run(started=lambda pid: doors.bind(pid, "key:alice"))   # until the process ends
    term.write(data)      # False: more typed than the process reads (INPUT_LIMIT): the session should end
    term.resize((columns, rows))
    term.pause(); term.resume()   # the session's client reads slowly (the channel's pause_writing): the output waits
                                  #   in the pty, and the process blocks on its writes
    term.hang_up()        # SIGHUP to its process group (the game saves and ends), SIGKILL HANG_UP_SECONDS later

The pty is the process's controlling terminal (its command sets it: `TIOCSCTTY`), so a resize reaches it as
SIGWINCH, and it runs in a session of its own (`start_new_session`), so the hang-up reaches whatever it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import termios

INPUT_LIMIT = 1024 * 1024  # bytes typed and not yet taken by the process
HANG_UP_SECONDS = 5.0  # a hung-up process has this long to save and end before it is killed
READ = 65536


class Terminal:
    def __init__(self, command: list[str], env: dict[str, str], cwd, size: tuple[int, int], *, output) -> None:
        self.command, self.env, self.cwd, self.size = command, env, cwd, size
        self.output = output
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self.waiting = b""  # typed, not yet written to the pty
        self.reading = False
        self.gone = False  # hung up: nothing more is read or written

    async def run(self, started=lambda pid: None) -> int:
        """Start the process, pass its output on until it ends; its exit status (128 + N: killed by signal N).
        OSError if it cannot start."""
        master, slave = os.openpty()
        _resize(master, self.size)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.command, stdin=slave, stdout=slave, stderr=slave, env=self.env, cwd=self.cwd,
                start_new_session=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        started(self.process.pid)
        os.set_blocking(master, False)
        self.master = master
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
        self.output(data)

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
