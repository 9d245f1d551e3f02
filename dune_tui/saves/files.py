"""Where saves live, and reading and writing them safely.

Writes are atomic: a temporary file in the same directory, fsync, rename over
the old file, fsync the directory.  A crash or a kill at any moment leaves the
last good save (and its backup) in place.  Files are 0600, the default
directory 0700: on a shared server nobody else reads your games.  Like ssh
with ~/.ssh, a save directory owned by another user or writable by group or
others is refused (`trusted`, by the rule of dune_tui.trust): its owner could read, swap or plant saves.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path

import platformdirs

from ..trust import doubt
from .errors import SaveError

ENV = "DUNE_TUI_SAVE_DIR"
SUFFIX = ".dune.json"
BACKUP = ".bak"  # <name>.dune.json.bak: the file before the last write
MAX_BYTES = 4 * 1024 * 1024  # a finished 8-player game is about 20 KB
STALE_TMP_SECONDS = 3600  # a temporary file whose writer may still live (another host's, a reused pid)
DEAD_TMP_SECONDS = 10  # a temporary file whose writer is gone (no write takes this long)
# .<file or its .bak or .journal>.<pid of the writer>.<mkstemp's 8 characters>.tmp; files of older versions have no pid
_TMP = re.compile(r"\..+\.dune\.json(?:\.bak|\.journal)?(?:\.(\d+))?\.[a-z0-9_]{8}\.tmp")


def save_dir(override: str | os.PathLike | None = None) -> Path:
    """The save directory: `override` (--save-dir), else $DUNE_TUI_SAVE_DIR, else the user data dir."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    return default_dir()


def default_dir() -> Path:
    return Path(platformdirs.user_data_dir("dune-tui", appauthor=False))


def ensure_dir(directory: Path) -> Path:
    """Create the directory (0700) if needed.  The default directory is made private even if it
    exists; a directory the user named (--save-dir, $DUNE_TUI_SAVE_DIR) that exists is left as it is,
    if it is `trusted` (SaveError if not)."""
    existed = directory.is_dir()
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not existed or (directory == default_dir() and _owned(directory)):
            os.chmod(directory, 0o700)
    except FileExistsError:
        raise SaveError(f"cannot save in {directory}: it is a file, not a directory") from None
    except OSError as e:
        raise SaveError(f"cannot use the save directory {directory}: {e.strerror or e}") from None
    return trusted(directory)


def _owned(directory: Path) -> bool:
    with contextlib.suppress(OSError):
        return os.stat(directory).st_uid == os.geteuid()
    return False


def trusted(directory: Path) -> Path:
    """The directory, if only its owner, this user, can change it (it and its target, if a symlink);
    SaveError saying why and how to fix it if not, or if it is not a directory.  A directory that does not
    exist passes."""
    try:
        st = os.stat(directory)
    except (OSError, ValueError):
        return directory  # nothing there yet (or no such path): nothing to trust
    if not stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{directory} is not a directory (the save directory must be one)")
    why = _untrusted(st)
    if why and st.st_uid != os.geteuid():
        raise SaveError(f"refusing the save directory {directory}: {why}, who could read or replace your saves; "
                        f"use a directory of your own (--save-dir or ${ENV})")
    if why:
        raise SaveError(f"refusing the save directory {directory}: {why} and could replace your saves; make it "
                        f"private with `chmod 700 {directory}`")
    return directory


def trusted_file(path: Path) -> Path:
    """A save named by its path: the same trust as a save directory for the folder it is in (and, through a
    symlink, the folder of its target): SaveError if another user could have put it there or swapped it."""
    for folder in dict.fromkeys((path.parent, Path(os.path.realpath(path)).parent)):
        try:
            st = os.stat(folder)
        except (OSError, ValueError):
            continue  # no such file: reading it says so
        why = _untrusted(st)
        if why:
            raise SaveError(f"refusing to open {path}: its directory {folder} is not yours alone ({why}), so the "
                            f"file could have been planted or replaced; copy it into a directory of your own")
    return path


def _untrusted(st: os.stat_result) -> str:
    """Why a directory with this status is not this user's alone ("" if it is): dune_tui.trust's rule."""
    why = doubt(st)
    if why is None:
        return ""
    if why.owner is not None:
        return f"it belongs to another user (uid {why.owner})"
    return f"{why.writers} can write in it"


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace `path` by `data` atomically; the old file (if any) becomes `<path>.bak`."""
    directory = path.parent
    remove_stale_temporaries(directory)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=directory)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if keep_backup:
            _backup(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(directory)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP)


def _backup(path: Path) -> None:
    """Make `<path>.bak` the current `path`, 0600 like every save: a hard link (instant), else a copy.
    The old file is about to be replaced, so making the link 0600 changes nothing else; a file that is
    not our own regular file (a symlink, another user's, one with other links) is copied, never chmodded."""
    bak = backup_path(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return  # no previous file
    fd, tmp = tempfile.mkstemp(prefix=f".{bak.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        os.close(fd)
        os.unlink(tmp)
        try:
            if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_nlink != 1:
                raise PermissionError("copy it")
            os.link(path, tmp, follow_symlinks=False)
            os.chmod(tmp, 0o600)
        except FileNotFoundError:
            return  # no previous file
        except OSError:  # no hard links here, or not ours to chmod: copy
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            try:
                if not stat.S_ISREG(os.stat(path).st_mode):
                    return  # a symlink to a pipe or a device: nothing to back up
            except OSError:
                return  # a dangling symlink: nothing to back up
            with open(path, "rb") as src, open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
        os.replace(tmp, bak)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _fsync_dir(directory: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temporaries(directory: Path) -> None:
    """Remove the temporary files a killed writer left in the (trusted) save directory, any game's: those
    named for a process that no longer runs, once a few seconds old, and any older than an hour."""
    now = time.time()
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            match = _TMP.fullmatch(entry.name)
            if match is None or not entry.is_file(follow_symlinks=False):
                continue
            with contextlib.suppress(OSError):
                age = now - entry.stat(follow_symlinks=False).st_mtime
                pid = int(match[1]) if match[1] else None
                if age > STALE_TMP_SECONDS or (pid is not None and age > DEAD_TMP_SECONDS and not _running(pid)):
                    os.unlink(entry.path)


def _running(pid: int) -> bool:
    """A process with this id runs on this machine (ours, or another user's)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # OverflowError: no process has such an id
        return False
    except OSError:  # PermissionError: it runs, as someone else
        return True
    return True


def read_limited(path: Path) -> bytes:
    """A save file's bytes, never more than MAX_BYTES; opened read-only (the file is never changed)."""
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise SaveError("that is a directory, not a save file")
        if not stat.S_ISREG(st.st_mode):
            raise SaveError("that is not a regular file")
        if st.st_size > MAX_BYTES:
            raise SaveError(f"the file is too big to be a save ({st.st_size // 1024} KB; saves are far smaller)")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except PermissionError:
        raise SaveError("permission denied: the file cannot be read") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise SaveError(f"the file cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if len(data) > MAX_BYTES:
        raise SaveError("the file is too big to be a save")
    return data
