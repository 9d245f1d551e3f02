"""Who is at the other end of a local socket, as the kernel says (never as the client says).

    peer_login(sock)    the login of the process that connected (SO_PEERCRED: its uid, then `pwd`)
    peer_credentials(sock)  its (pid, uid), from the kernel
    my_login()          this process's login (its real uid)
    my_identity()       who this process plays as: the front door's identity when the table server started it
                        (`key:NAME`, $DUNE_TUI_IDENTITY, for display only: the server knows its children by pid), else
                        my_login()
    at_door()           which front door of the table server started this process ("ssh", "web"; "" for none):
                        its UI runs as the server's Unix user, so it offers no path, no shell command
"""

from __future__ import annotations

import os
import pwd
import re
import socket
import struct

CREDENTIALS = struct.Struct("3i")  # struct ucred: pid, uid, gid


def login_of(uid: int) -> str:
    """The login of `uid` (`#1234` for a uid with no account name)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"#{uid}"


def peer_credentials(sock: socket.socket) -> tuple[int, int]:
    """The pid and uid of the process at the other end of the Unix socket `sock`, from the kernel."""
    pid, uid, _gid = CREDENTIALS.unpack(sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, CREDENTIALS.size))
    return pid, uid


def peer_uid(sock: socket.socket) -> int:
    """The uid of the process at the other end of the Unix socket `sock`, from the kernel."""
    return peer_credentials(sock)[1]


def peer_login(sock: socket.socket) -> str:
    return login_of(peer_uid(sock))


def my_login() -> str:
    return login_of(os.getuid())


GUEST_NAME = re.compile(r"guest:[0-9]{1,9}")  # a front door's guest (server/doors.py): never a seat's login
IDENTITY = "DUNE_TUI_IDENTITY"  # set by the table server's front door for the UI it starts (display only)


def my_identity() -> str:
    """Who this process plays as, as the UI shows it: the identity the front door that started it gave it
    (`key:NAME`), else this process's login.  Only shown and compared on this side: the server knows who connects
    from the kernel (server/doors.py), never from this."""
    from ..session import valid_login

    given = os.environ.get(IDENTITY, "")
    return given if given and (valid_login(given) or GUEST_NAME.fullmatch(given)) else my_login()


DOOR = "DUNE_TUI_DOOR"  # set by the table server's front door for the UI it starts: "ssh" or "web"
DOORS = ("ssh", "web")


def at_door() -> str:
    """Which front door started this process ("ssh", "web"), else "".  Its UI runs as the server's Unix user, for a
    player who has no shell there: it names no file or directory a player may choose, and tells no command to run
    (a player can only come back through the door).  Set by the door, in the environment it gives the process: only
    this process's own choice of what to offer (the server knows who connects from the kernel, never from this)."""
    door = os.environ.get(DOOR, "")
    return door if door in DOORS else ""
