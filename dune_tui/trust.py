"""Whether a directory is this user's to trust: the one rule for every directory dune-tui reads files from that
others could reach (the save directory, the folder of a save named by its path, the lobby).

Like ssh with ~/.ssh: a directory is trusted when its owner is this user (or root, where the caller allows it) and
nobody else can change what is in it: not writable by its group or by others, unless the caller allows a sticky
directory (like /tmp), where each user can remove or replace only their own files.  Each caller words the refusal
for its reader; the rule is here alone.
"""

from __future__ import annotations

import os
import stat
from typing import NamedTuple


class Doubt(NamedTuple):
    """Why a directory is not this user's to trust: another `owner` (a uid), or who else may write in it."""

    owner: int | None  # the other user who owns it (None: its owner is fine)
    writers: str = ""  # "its group", "others" or "group and others" (when the owner is fine)


def doubt(st: os.stat_result, *, owner: int | None = None, root_may_own: bool = False,
          sticky_shares: bool = False) -> Doubt | None:
    """What is wrong with a directory of this status (None: nothing).  `owner`: the uid it must have (this
    process's by default); `root_may_own`: root's directory is trusted too; `sticky_shares`: others may write in
    it if it is sticky."""
    owner = os.geteuid() if owner is None else owner
    if st.st_uid != owner and not (root_may_own and st.st_uid == 0):
        return Doubt(owner=st.st_uid)
    writable = st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    if writable and not (sticky_shares and st.st_mode & stat.S_ISVTX):
        return Doubt(owner=None, writers="group and others" if writable == stat.S_IWGRP | stat.S_IWOTH
                     else "others" if writable & stat.S_IWOTH else "its group")
    return None
