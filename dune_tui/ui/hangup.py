"""The terminal gone, or SIGTERM: the app saves and exits as on SIGHUP, and the process ends whatever its loop does.

SIGHUP reaches a process only when the closed terminal was its controlling terminal. A process started on a
pseudo-terminal that is not (by a program that did not make it so), or whose front door died with -9 before it
could hang up, only finds its input ended: Textual's input thread then reads nothing, over and over, and the
process would live on without anyone, spinning. So a thread asks the kernel once a second whether the input has
hung up (poll's POLLHUP: the other end of the pty or of the pipe closed).

The event loop cannot be relied on to end the process. Textual writes the screen through a thread and a queue of
30 writes; the thread dies at its first write to a hung-up terminal (EIO), and from then on the loop blocks for
good in its next write once the queue is full (at once if the terminal had stopped reading just before: a frozen
terminal or one that hangs up in the middle of a frame). A signal handler on that loop never runs: such a process
outlived its terminal and its server, deaf to SIGTERM (found after CI runs). So SIGHUP, SIGTERM and the hang-up
seen by the thread each start a watchdog first, a thread that ends the process WATCHDOG_SECONDS later, then ask
the loop for the app's `hang_up` (save, then exit). What the game saves as it goes (saves.autosave and its journal)
is on disk already: the watchdog loses nothing a kill -9 would not.

A hang-up also sends SIGCONT, on which Textual's driver starts its terminal mode again (to come back from
Ctrl-Z): on a hung-up terminal that made a second writing thread, which died at its first write with the
exit's last writes queued behind it. A SIGCONT is passed on to Textual only while the terminal is there.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import signal
import sys
import threading
import time

EVERY_SECONDS = 1.0
WATCHDOG_SECONDS = 3.0  # what a hung-up app has to save and exit by itself
HANGUP_EXIT = 129  # 128 + SIGHUP
GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def hung_up(fd: int) -> bool:
    poll = select.poll()
    poll.register(fd, select.POLLIN)  # (POLLHUP and POLLERR are reported whatever is asked)
    return any(events & GONE for _, events in poll.poll(0))


def watch(app) -> None:
    """From the app's `on_mount`, on its loop in the main thread: nothing in a headless app (tests), nor without
    an input of its own."""
    stdin = sys.__stdin__
    if app.is_headless or stdin is None:
        return
    try:
        fd = stdin.fileno()
    except (OSError, ValueError):
        return
    Watch(app, fd, asyncio.get_running_loop()).start()


class Watch:
    """The ways a terminal goes (SIGHUP, POLLHUP) and SIGTERM, each ending the app once (`gone`)."""

    def __init__(self, app, fd: int, loop) -> None:
        self.app, self.fd, self.loop = app, fd, loop  # (the app's loop: `hang_up` runs there)
        self.going = False
        self.resume = None  # the SIGCONT handler before ours

    def start(self) -> None:
        for sig in (signal.SIGHUP, signal.SIGTERM):
            self._handle(sig, lambda _sig, _frame: self.gone())
        self.resume = signal.getsignal(signal.SIGCONT)
        if callable(self.resume):  # (Textual's driver's: back from Ctrl-Z)
            self._handle(signal.SIGCONT, self.cont)
        threading.Thread(target=self._poll, name="terminal hang-up", daemon=True).start()

    def cont(self, sig: int, frame) -> None:
        """SIGCONT: the terminal mode again, back from Ctrl-Z; or with the terminal's hang-up, the end."""
        if hung_up(self.fd):
            self.gone()
        else:
            self.resume(sig, frame)

    def _handle(self, sig: int, handler) -> None:
        """A Python-level handler: it runs in the main thread even while that waits on a lock (a full queue)."""
        with contextlib.suppress(ValueError, OSError):  # (not the main thread: a test's app in a thread)
            signal.signal(sig, handler)

    def _poll(self) -> None:
        while not self.going and not self.loop.is_closed():
            if hung_up(self.fd):
                self.gone()
                return
            time.sleep(EVERY_SECONDS)

    def gone(self) -> None:
        """The watchdog first, then the app's own `hang_up` on its loop (if that loop still turns).  (Two callers
        at once, a signal and the thread, start two watchdogs: the same end.)"""
        if self.going:
            return
        self.going = True
        watchdog = threading.Timer(WATCHDOG_SECONDS, os._exit, args=(HANGUP_EXIT,))
        watchdog.daemon = True
        watchdog.start()
        with contextlib.suppress(RuntimeError):  # (the loop closed: the app has ended already)
            self.loop.call_soon_threadsafe(self.app.hang_up)
