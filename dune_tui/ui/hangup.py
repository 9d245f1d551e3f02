"""The terminal gone: an app whose terminal has hung up ends as SIGHUP ends it (saved, then exit).

SIGHUP reaches a process only when the closed terminal was its controlling terminal. A process started on a
pseudo-terminal that is not (by a program that did not make it so), or whose front door died with -9 before it
could hang up, only finds its input ended: Textual's input thread then reads nothing, over and over, and the
process would live on without anyone, spinning. `watch(app)` asks the kernel once a second whether the input has
hung up (poll's POLLHUP: the other end of the pty or of the pipe closed) and, if so, calls the app's `hang_up`.
"""

from __future__ import annotations

import select
import sys

EVERY_SECONDS = 1.0
GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def hung_up(fd: int) -> bool:
    poll = select.poll()
    poll.register(fd, select.POLLIN)  # (POLLHUP and POLLERR are reported whatever is asked)
    return any(events & GONE for _, events in poll.poll(0))


def watch(app) -> None:
    """From the app's `on_mount`: nothing in a headless app (tests), nor without an input of its own."""
    stdin = sys.__stdin__
    if app.is_headless or stdin is None:
        return
    try:
        fd = stdin.fileno()
    except (OSError, ValueError):
        return
    app.set_interval(EVERY_SECONDS, lambda: hung_up(fd) and app.hang_up(), name="terminal hang-up")
