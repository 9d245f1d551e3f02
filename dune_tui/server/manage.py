"""A server table's seats as its owner manages them: the `TableServer` of a table on the server, which also frees a
seat taken and left (S1), keeps a seat for an invited login, and keeps a private table to its invited logins.

    server = ManagedServer(table, owner="bob", takeover=..., after=...)
    server.invite("alice", seat=None)      # the seat kept for alice (claimed=False: an invitation), or a sentence
    server.release(seat, why)              # the seat is free again; whoever sits there is told `why` and leaves
    server.kick("mallory", why)            # every seat of mallory's freed, her connections (watching too) closed
    server.sweep(grace)                    # the seats taken, left and not back within `grace` seconds: freed
    server.leavers()                       # Abandoned: who left the game as it stands (rated last at the end)

A seat's login sat down at a free seat (`claimed`): it is theirs while they play, and for `grace` seconds after
they leave.  The owner's own seat (`dune-tui host` sits its opener down so) and a seat the owner kept for a login
(`--seat user:alice`, an invitation) stay theirs until the owner releases it or they decline.  Who holds each seat
goes to every client (Seats) and to the store (the server's recorder hears it), so a freed seat is free after a
restart too.  Who sat down at each seat (`sittings`) goes to the store as it changes (`keep`), and comes back from
it when the table is reopened: a restart between a leave and the game's end forgets no leaver.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from msgspec.structs import replace

from ..net.codes import Codes
from ..net.seating import choose
from ..net.server import Readers, TableServer
from ..session import valid_login
from ..table.messages import SPECTATOR
from ..text import printable
from .doors import GUEST
from .record import SHARE, Abandoned, Sitting


class ManagedServer(TableServer):
    def __init__(self, table, *, owner: str, private: bool = False, watchers: bool = True, takeover: str = "",
                 after: float = 120.0, turn_limit: float = 0.0, readers: Readers | None = None,
                 identify=None) -> None:
        super().__init__(table, Codes([]), takeover=takeover, after=after, turn_limit=turn_limit, readers=readers,
                         identify=identify)
        self.owner, self.private, self.watching = owner, private, watchers
        self.away_since: dict[int, float] = {}  # a human seat nobody plays now, since (time.monotonic())
        self.sittings: dict[int, list[Sitting]] = {}  # a seat: who sat down there, in order (the last: lately)
        self.keep: Callable[[int, list[Sitting]], None] = lambda seat, sittings: None  # (to the store)

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
    def leavers(self) -> Abandoned:
        """Who abandoned the game as it stands: a login sat down at a seat and left, and is not back; the seat is
        not theirs any more (released, kicked, swept: nobody else sat down) or a bot played for it (the takeover,
        the turn limit): rated in the seat's place; or another person sat down there since: rated apart.  Whoever
        took a seat over with less than half of the game (`SHARE`) still to play is not rated for it.  A game's end
        ranks the leavers last (issue 46); a player away a moment is not one."""
        here = {c.seat for c in self.clients}
        seats, made = self.table.session.seats, len(self.table.session.log)
        left, replaced, late = {}, [], set()
        for seat, sittings in sorted(self.sittings.items()):
            last, holder = sittings[-1], seats[seat].login
            elsewhere = {s.login for i, s in enumerate(seats) if i != seat}  # (who moved to another seat plays on)
            if seat not in here and (holder != last.login or last.covered) and last.login not in elsewhere:
                left[seat] = last.login
            replaced += [(seat, s.login) for s in sittings[:-1] if s.login not in elsewhere]
            if len(sittings) > 1 and holder == last.login and made - last.at < SHARE * made:
                late.add(seat)
        return Abandoned(seats=left, replaced=replaced, late=frozenset(late))

    def stand_in(self, seat: int, agent: str, *, once: bool = False) -> None:
        sittings = self.sittings.get(seat)
        if sittings and not sittings[-1].covered:
            sittings[-1] = replace(sittings[-1], covered=True)
            self.keep(seat, sittings)
        super().stand_in(seat, agent, once=once)

    def _away(self, seat: int) -> None:
        super()._away(seat)
        self.away_since.setdefault(seat, time.monotonic())

    def _back(self, seat: int) -> None:
        super()._back(seat)
        self.away_since.pop(seat, None)
        if seat >= 0 and (login := self.table.session.seats[seat].login):
            sittings = self.sittings.setdefault(seat, [])
            before = next((s for s in sittings if s.login == login), None)
            if before is not None and before is sittings[-1] and not before.covered:
                return  # (back a moment: nothing changed)
            sittings[:] = [s for s in sittings if s.login != login]
            sittings.append(Sitting(login, before.at if before else len(self.table.session.log)))
            self.keep(seat, sittings)
