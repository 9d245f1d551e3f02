"""Who connects to the table server's sockets: the kernel's word, and the front doors' children.

    doors = Doors()
    doors.bind(pid, "key:alice")       # a UI process the server started for a player its front door knows
    doors.identify(sock)               # who is at the other end of one of the server's Unix sockets
    doors.unbind(pid)                  # that process has ended

A front door (`serve --ssh`, `serve --web`) starts the UI of each session in its own process, as the server's own
Unix user; that process's own word for who it is ($DUNE_TUI_IDENTITY) is for display only.  The server asks the
kernel (SO_PEERCRED: pid and uid) who is at the other end of its control socket and of each table's socket: a
process of the server's own uid that it started for a player (or a descendant of one) is that player; any other
peer is the login of its uid, as for every local user.  Identities: a Unix login bare (`alice`), a player known by
key `key:NAME`, a guest `guest:N` (who may play solo and watch, never sit at a table or open one).
"""

from __future__ import annotations

import os
import socket

from ..net.identity import login_of, peer_credentials
from ..session import KEY

GUEST = "guest:"
ANCESTORS = 16  # how far up a bound process's descendants are looked for


def is_guest(identity: str) -> bool:
    return identity.startswith(GUEST)


def key_identity(name: str) -> str:
    return KEY + name


class Doors:
    def __init__(self) -> None:
        self.bound: dict[int, str] = {}  # pid → identity, for the processes the front doors started
        self.uid = os.getuid()

    def bind(self, pid: int, identity: str) -> None:
        self.bound[pid] = identity

    def unbind(self, pid: int) -> None:
        self.bound.pop(pid, None)

    def identify(self, sock: socket.socket) -> str:
        """Who is at the other end of the Unix socket `sock`: a front door's player if the kernel says it is a
        process the server started for one (or its child), else the login of the peer's uid."""
        pid, uid = peer_credentials(sock)
        if uid == self.uid and self.bound:
            bound = self.bound_to(pid)
            if bound:
                return bound
        return login_of(uid)

    def bound_to(self, pid: int) -> str:
        """The identity bound to `pid` or to its nearest bound ancestor ("" if none)."""
        for _ in range(ANCESTORS):
            if pid in self.bound:
                return self.bound[pid]
            pid = _parent(pid)
            if pid <= 1 or pid == os.getpid():
                return ""
        return ""


def _parent(pid: int) -> int:
    """The parent of `pid` (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return 0
    try:  # "pid (comm) state ppid ...": comm may hold spaces and parentheses
        return int(stat[stat.rindex(b")") + 2:].split()[1])
    except (ValueError, IndexError):
        return 0
