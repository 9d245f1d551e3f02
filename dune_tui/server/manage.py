"""A server table's seats as its owner manages them: the `TableServer` of a table on the server, which also frees a
seat taken and left (S1), keeps a seat for an invited login, and keeps a private table to its invited logins.

    server = ManagedServer(table, owner="bob", takeover=..., after=...)
    server.invite("alice", seat=None)      # the seat kept for alice (claimed=False: an invitation), or a sentence
    server.release(seat, why)              # the seat is free again; whoever sits there is told `why` and leaves
    server.kick("mallory", why)            # every seat of mallory's freed, her connections (watching too) closed
    server.sweep(grace)                    # the seats taken, left and not back within `grace` seconds: freed
    server.leavers()                       # {seat: login}: the seats their person abandoned (rated last at the end)

A seat's login sat down at a free seat (`claimed`): it is theirs while they play, and for `grace` seconds after
they leave.  The owner's own seat (`dune-tui host` sits its opener down so) and a seat the owner kept for a login
(`--seat user:alice`, an invitation) stay theirs until the owner releases it or they decline.  Who holds each seat
goes to every client (Seats) and to the store (the server's recorder hears it), so a freed seat is free after a
restart too.
"""

from __future__ import annotations

import time

from msgspec.structs import replace

from ..net.codes import Codes
from ..net.seating import choose
from ..net.server import Readers, TableServer
from ..session import valid_login
from ..table.messages import SPECTATOR
from ..text import printable
from .doors import GUEST


class ManagedServer(TableServer):
    def __init__(self, table, *, owner: str, private: bool = False, watchers: bool = True, takeover: str = "",
                 after: float = 120.0, turn_limit: float = 0.0, readers: Readers | None = None,
                 identify=None) -> None:
        super().__init__(table, Codes([]), takeover=takeover, after=after, turn_limit=turn_limit, readers=readers,
                         identify=identify)
        self.owner, self.private, self.watching = owner, private, watchers
        self.away_since: dict[int, float] = {}  # a human seat nobody plays now, since (time.monotonic())
        self.played: dict[int, str] = {}  # a seat: the login that last sat down at it (while this server runs)
        self.covered: set[int] = set()  # the seats a bot played for since their player was last there

    # ------------------------------------------------------------ who may sit
    def seat_for(self, login: str, wanted: int | None) -> int | str:
        if self.private and login != self.owner and login not in self.logins():
            return f"this table is private: only the logins {self.owner} invited may join or watch it"
        if login.startswith(GUEST) and wanted != SPECTATOR:
            return "a guest may watch, not sit: come back with an SSH key to play here"
        return super().seat_for(login, wanted)

    def logins(self) -> set[str]:
        return {s.login for s in self.table.session.seats if s.login}

    # ------------------------------------------------------------ the owner's controls
    def invite(self, login: str, seat: int | None = None) -> int | str:
        """Keep a seat for `login` (the first free one, or `seat`): its index, or why not."""
        seats = self.table.session.seats
        if not valid_login(login):
            return f"not a login name: {printable(login, limit=40)!r}"
        if login in self.logins():
            mine = [i for i, s in enumerate(seats) if s.login == login]
            return f"seat {mine[0] + 1} is {login}'s already"
        here = {s.seat for s in self.table.seat_list() if s.is_human and s.connected}
        chosen = choose(seats, login, seat, here)
        if isinstance(chosen, str):
            return chosen.replace("; you may watch", "")
        if chosen == SPECTATOR:
            return "a watcher needs no invitation"
        seats[chosen] = replace(seats[chosen], login=login, name=login, claimed=False)
        self.table.clients.seats_changed()
        return chosen

    def release(self, seat: int, why: str) -> str:
        """Free `seat` (kept for nobody from now); "" or why not."""
        seats = self.table.session.seats
        if not (0 <= seat < len(seats)) or not seats[seat].is_human:
            return f"seat {seat + 1} is not a player's seat at this table"
        config = seats[seat]
        name = "" if config.name == config.login else config.name
        seats[seat] = replace(config, login="", name=name, claimed=False)
        for client in [c for c in self.clients if c.seat == seat]:
            client.goodbye(why)
        self.table.clients.seats_changed()
        return ""

    def kick(self, login: str, why: str) -> str:
        """Free every seat of `login` and close their connections, watching too; "" or why not."""
        mine = [i for i, s in enumerate(self.table.session.seats) if s.login == login]
        theirs = [c for c in self.clients if c.login == login]
        if not mine and not theirs:
            return f"{printable(login, limit=40)} neither holds a seat nor watches at this table"
        for seat in mine:
            self.release(seat, why)
        for client in theirs:
            client.goodbye(why)
        return ""

    def decline(self, login: str) -> str:
        """`login` declines the seats kept for them: freed; "" or why not."""
        mine = [i for i, s in enumerate(self.table.session.seats) if s.login == login]
        if not mine:
            return f"no seat is kept for {login} at this table"
        for seat in mine:
            self.release(seat, f"{login} declined the seat")
        return ""

    # ------------------------------------------------------------ S1: seats taken and left
    def sweep(self, grace: float, now: float | None = None) -> list[int]:
        """Free the seats a login took (not invited to; not the owner at their own table) and left more than `grace`
        seconds ago; the seats freed."""
        now = time.monotonic() if now is None else now
        freed = []
        for seat, since in list(self.away_since.items()):
            config = self.table.session.seats[seat]
            if config.claimed and config.login and config.login != self.owner and now - since >= grace:
                self.release(seat, "")
                freed.append(seat)
        return freed

    # ------------------------------------------------------------ a game abandoned
    def leavers(self) -> dict[int, str]:
        """The seats abandoned as the game stands ({seat: login}): a login sat down there and left, and is not back;
        the seat was freed since (released, kicked, swept: nobody else sat down) or a bot played for it (the
        takeover, the turn limit).  A game's end ranks them last (issue 46); a player away a moment is not one."""
        here = {c.seat for c in self.clients}
        seats = self.table.session.seats
        return {seat: login for seat, login in self.played.items() if seat not in here and
                (seats[seat].login == "" or (seats[seat].login == login and seat in self.covered))}

    def stand_in(self, seat: int, agent: str, *, once: bool = False) -> None:
        self.covered.add(seat)
        super().stand_in(seat, agent, once=once)

    def _away(self, seat: int) -> None:
        super()._away(seat)
        self.away_since.setdefault(seat, time.monotonic())

    def _back(self, seat: int) -> None:
        super()._back(seat)
        self.away_since.pop(seat, None)
        if seat >= 0 and (login := self.table.session.seats[seat].login):
            self.played[seat] = login
            self.covered.discard(seat)
