"""Who is at the other end of a local socket, as the kernel says (never as the client says).

    peer_login(sock)    the login of the process that connected (SO_PEERCRED: its uid, then `pwd`)
    my_login()          this process's login (its real uid)
"""

from __future__ import annotations

import os
import pwd
import socket
import struct

CREDENTIALS = struct.Struct("3i")  # struct ucred: pid, uid, gid


def login_of(uid: int) -> str:
    """The login of `uid` (`#1234` for a uid with no account name)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"#{uid}"


def peer_uid(sock: socket.socket) -> int:
    """The uid of the process at the other end of the Unix socket `sock`, from the kernel."""
    _pid, uid, _gid = CREDENTIALS.unpack(sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, CREDENTIALS.size))
    return uid


def peer_login(sock: socket.socket) -> str:
    return login_of(peer_uid(sock))


def my_login() -> str:
    return login_of(os.getuid())
