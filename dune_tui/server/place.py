"""Where the table server lives: its state directory, which it alone owns (S3: nobody can make it first).

    where = state_dir(args.state_dir)      # --state-dir, $DUNE_TUI_SERVER, $STATE_DIRECTORY (systemd), else the
    prepare(where)                         #   user's state dir; made 0711 if missing; ServerUnsafe: a sentence
    candidates()                           # where a client looks for a running server

The directory holds the database (`tables.sqlite3`, 0600, and its `-wal` and `-shm`), the control socket
(`control.sock`) and one socket per table (`<owner>-<game id>.sock`), the sockets 0666: anyone may connect, the
kernel says who they are.  It is 0711: other users reach a socket by its name (the control socket lists them) but
cannot list the directory, and only the server's user may add or remove anything in it.  A directory that is a
symbolic link, not a directory, someone else's, or writable by others is refused, never repaired.
"""

from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path

import platformdirs

from ..net.identity import login_of
from ..trust import doubt

ENV = "DUNE_TUI_SERVER"
SERVICE = "/var/lib/dune-tui"  # the systemd unit's StateDirectory (contrib/dune-tui.service)
DATABASE = "tables.sqlite3"
CONTROL = "control.sock"
LOCK = "server.lock"  # held (flock) by the running server: a second one in the same directory is refused
PATH_LIMIT = 107 - len("/") - 32 - len("-20261127-000000-a1b2.sock")  # a socket's path: 107 bytes; a login: 32


class ServerUnsafe(Exception):
    """The state directory cannot be used: the sentence says why."""


def state_dir(override: str | os.PathLike | None = None) -> Path:
    """The server's own directory: `override` (--state-dir), else $DUNE_TUI_SERVER, else systemd's
    $STATE_DIRECTORY, else the user's state directory."""
    chosen = override or os.environ.get(ENV) or os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    if chosen:
        return Path(chosen).expanduser().absolute()
    return Path(platformdirs.user_state_dir("dune-tui", appauthor=False)) / "server"


def candidates() -> list[Path]:
    """Where a client looks for the server's control socket, in order: $DUNE_TUI_SERVER, the service's
    directory, the user's own server."""
    if os.environ.get(ENV):
        return [Path(os.environ[ENV]).expanduser().absolute()]
    return [Path(SERVICE), state_dir(None)]


def prepare(where: Path) -> Path:
    """Make the state directory (0711) if it is missing, and check it is ours alone (and short enough to hold its
    sockets)."""
    try:
        where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.mkdir(where, 0o711)
        os.chmod(where, 0o711)  # (mkdir's mode passes through the umask)
    except FileExistsError:
        pass
    except OSError as e:
        raise ServerUnsafe(f"cannot make the server's directory {where} ({e.strerror or e})") from None
    problem = unsafe(os.lstat(where))
    if problem:
        raise ServerUnsafe(f"the server's directory {where} {problem}: the server does not use it (choose another "
                           "with --state-dir)")
    if len(os.fsencode(where)) > PATH_LIMIT:
        raise ServerUnsafe(f"the server's directory {where} is too long a path for its tables' sockets (at most "
                           f"{PATH_LIMIT} bytes): choose a shorter one with --state-dir")
    return where


def unsafe(info: os.stat_result, owner: int | None = None) -> str:
    """Why a directory with this lstat is not the server's own ("" if it is): `owner` the uid it must have (this
    process's by default)."""
    if stat.S_ISLNK(info.st_mode):
        return "is a symbolic link"
    if not stat.S_ISDIR(info.st_mode):
        return "is not a directory"
    problem = doubt(info, owner=owner)
    if problem and problem.owner is not None:
        return f"belongs to {login_of(info.st_uid)}, not to {login_of(os.geteuid() if owner is None else owner)}"
    if problem:
        return "may be written by others (it must be 0711 or 0700)"
    return ""


def lock(where: Path) -> int:
    """Take the directory's lock for this process's life (the kernel lets it go however the process ends); its
    file descriptor.  ServerUnsafe if another server holds it."""
    fd = os.open(where / LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held = os.read(fd, 32).decode(errors="replace").strip()
        os.close(fd)
        raise ServerUnsafe(f"another dune-tui serve runs in {where}" + (f" (pid {held})" if held.isdigit() else "")
                           ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd
