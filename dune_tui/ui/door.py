"""What a player at a front door of the table server is shown of the server's files: nothing.  Their UI runs as the
server's Unix user (`net.identity.at_door`), and a sentence from below (a save that failed, an unreachable server,
a lobby that cannot be read) may name a path of the server's; at a door each path is said as the player knows it:
a save file by its name (as the Load screen lists it), their own save directory as "your saves", anything else as
"a path of the server's".

    shown(text)        # the text as this process's player may read it (unchanged away from a door)
"""

from __future__ import annotations

import re
from pathlib import Path

from ..net.identity import at_door

# A path: `/` or `~/` at the start of a word (after a space, a quote, a bracket; not in a URL's `//` nor in `1/2`),
# up to a space, a quote or punctuation that ends a sentence.
PATH = re.compile(r"(?<![\w~/.:-])~?/[^\s'\"`,;()\[\]]*[^\s'\"`,;:()\[\].]")
SAVE_FILE = re.compile(r"[^/]+\.dune\.json(?:\.bak|\.journal)?")
YOURS = "your saves"
ELSEWHERE = "a path of the server's"


def shown(text: str) -> str:
    """`text` with no path of the server's at a front door (else unchanged)."""
    if not at_door() or "/" not in text:
        return text
    mine = _save_dir()
    return PATH.sub(lambda m: _said(m.group(0), mine), text)


def _said(path: str, mine: Path | None) -> str:
    name = path.rstrip("/").rsplit("/", 1)[-1]
    if SAVE_FILE.fullmatch(name):
        return name
    if mine is not None and Path(path).expanduser() == mine:
        return YOURS
    return ELSEWHERE


def _save_dir() -> Path | None:
    from ..saves import save_dir

    try:
        return save_dir(None)
    except Exception:  # (no directory to name: every path is the server's)
        return None
