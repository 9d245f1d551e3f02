"""One-time links: a token that opens one browser tab as the player it was made for.

    links = Links()
    token = links.issue("alice")    # `dune-tui link`: the server makes it for whoever asks (the kernel says who)
    links.claim(token)              # "alice" once, within LINK_SECONDS; None after, or for any other string
    token = links.issue("alice", table="alice-7")    # `dune-tui link TABLE`: the tab opens at that table
    links.claim_link(token)         # Link(who="alice", table="alice-7") once; None after

Kept in the server's memory only: a link lives minutes, so one made before a restart has no need to outlive it,
and a database copied elsewhere holds none. Only each token's SHA-256 is kept; 128 random bits make guessing
hopeless.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import NamedTuple

LINK_SECONDS = 300.0
LINKS_LIMIT = 10_000  # links waiting at once (the oldest forgotten first)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Link(NamedTuple):
    who: str  # the player the tab is
    table: str = ""  # the server's table the tab opens at ("": the main menu)


class Links:
    def __init__(self, *, lifetime: float = LINK_SECONDS, clock=time.monotonic) -> None:
        self.lifetime, self.clock = lifetime, clock
        self.waiting: dict[str, tuple[Link, float]] = {}  # digest → (the link, until)

    def issue(self, who: str, table: str = "") -> str:
        self._forget()
        while len(self.waiting) >= LINKS_LIMIT:
            del self.waiting[next(iter(self.waiting))]
        token = secrets.token_urlsafe(16)
        self.waiting[_digest(token)] = (Link(who, table), self.clock() + self.lifetime)
        return token

    def claim(self, token: str) -> str | None:
        """Who the token was made for, once; None if it is unknown, used or expired."""
        link = self.claim_link(token)
        return link.who if link is not None else None

    def claim_link(self, token: str) -> Link | None:
        """Who the token was made for and the table it opens at, once; None if it is unknown, used or expired."""
        if not token or len(token) > 100:
            return None
        link, until = self.waiting.pop(_digest(token), (None, 0.0))
        return link if link is not None and until >= self.clock() else None

    def _forget(self) -> None:
        now = self.clock()
        for digest in [d for d, (_, until) in self.waiting.items() if until < now]:
            del self.waiting[digest]
