"""The table's chat: who says a line, at what rate, and the recent lines a joining client is shown.

A watcher is known by its login (the kernel's, over the server's Unix socket; over TCP only as the holder of the
spectators' code): its lines say "Watcher alice", never a seat's name; every connection of one login (or every
holder of the spectators' code, or of one seat's) shares one allowance; and the watchers' recent lines are kept
apart from the players', so that a flood of watchers' lines never pushes a player's line out of a Welcome.  A
player may say a line to its allies only (`Chat.ally`): the game says who they are now (`allies`, none by default);
only their clients hear it, then and in a Welcome."""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict, deque
from collections.abc import Callable

import msgspec

from ..text import NAME_LIMIT, printable
from .clients import CHAT_BURST, Connection
from .messages import SPECTATOR, Chat, Refused

RECENT_EVENTS = 200  # events a client gets on attach
CHAT_KEPT = 100  # chat lines a client gets on attach
CHAT_LIMIT = 300  # characters in a chat line
ALLOWANCES_KEPT = 4096  # logins and codes whose allowance is remembered
CHAT_EVERY = 2.0  # after CHAT_BURST lines at once, a client may say one every 2 seconds


def speaker(session, conn: Connection) -> str:
    """Who says a chat line: `Seat 2 · Atreides (Ann)` (the side once dealt, the player's name if given);
    "Host" for the host's own screen watching a hot-seat or bots' game, else `Watcher alice` (its login), or
    "Watcher" (a holder of the spectators' code)."""
    if conn.seat == SPECTATOR:
        return "Host" if conn.host else f"Watcher {conn.login}" if conn.login else "Watcher"
    controller = session.controller
    rules = controller.game
    side = rules.side_name(rules.seat_sides(controller.state)[conn.seat])
    name = printable(session.seats[conn.seat].name, limit=NAME_LIMIT)
    return f"Seat {conn.seat + 1}" + (f" · {side}" if side else "") + (f" ({name})" if name else "")


def allowance_of(conn: Connection) -> object:
    """Whose allowance a line is taken from: the login's (all its connections), the host's own screen's, else the
    seat's code's (every holder of the spectators' code shares one)."""
    return ("login", conn.login) if conn.login else ("host",) if conn.host else ("seat", conn.seat)


class TableChat:
    """The last CHAT_KEPT lines the players said and the last CHAT_KEPT the watchers said, each as (how many of
    the session's events were before it, the line)."""

    def __init__(self, session, tell: Callable[[object], None], tell_seat: Callable[[int, object], None],
                 keep: Callable[[int, Chat], None] = lambda at, line: None) -> None:
        """`tell(line)`: to every client; `tell_seat(seat, line)`: to one seat's clients; `keep(at, line)`: every
        line said, before anyone hears it (the table's keeper: the server's store keeps each, an ally's too)."""
        self.session, self.tell, self.tell_seat, self.keep = session, tell, tell_seat, keep
        self.players: deque[tuple[int, int, Chat]] = deque(maxlen=CHAT_KEPT)  # (at, order said, line)
        self.watchers: deque[tuple[int, int, Chat]] = deque(maxlen=CHAT_KEPT)
        self.order = itertools.count()
        self.allowances: OrderedDict[object, tuple[float, float]] = OrderedDict()  # whose: (lines left, when)

    def __iter__(self):
        """Every line kept, (at, line), in the order said."""
        return ((at, line) for at, _, line in sorted([*self.players, *self.watchers], key=lambda k: k[1]))

    def restore(self, lines) -> None:
        """The lines said before a restart, (at, line) each, oldest first."""
        for at, line in lines:
            self._keep(at, line)

    def _keep(self, at: int, line: Chat) -> None:
        (self.watchers if line.seat == SPECTATOR else self.players).append((at, next(self.order), line))

    def say(self, conn: Connection, message: Chat) -> None:
        """Tell every client the line `conn` says (printable, capped; a blank one is dropped), or refuse it to
        `conn` alone past its allowance's rate (CHAT_BURST at once, then one per CHAT_EVERY)."""
        text = printable(message.text, limit=CHAT_LIMIT).strip()
        if not text:
            return
        to = ()
        if message.ally:
            controller = self.session.controller
            allies = controller.rules.allies(controller.state, conn.seat) if conn.seat >= 0 else ()
            if not allies:
                why = "a watcher has no ally" if conn.seat < 0 else "you have no ally now"
                conn.send(Refused(reason=f"{why}: your line was not said"))
                return
            to = (conn.seat, *allies)
        if not self._take(allowance_of(conn)):
            conn.send(Refused(reason="too many chat lines: wait a moment"))
            return
        line = Chat(text=text, seat=conn.seat, name=speaker(self.session, conn), ally=bool(to), to=to)
        self._keep(len(self.session.history), line)
        self.keep(len(self.session.history), line)
        if to:
            for seat in to:
                self.tell_seat(seat, line)
        else:
            self.tell(line)

    def _take(self, whose) -> bool:
        """One line from `whose` allowance (CHAT_BURST at once, then one per CHAT_EVERY), if it has one."""
        now = time.monotonic()
        left, at = self.allowances.pop(whose, (float(CHAT_BURST), now))
        left = min(float(CHAT_BURST), left + (now - at) / CHAT_EVERY)
        ok = left >= 1
        self.allowances[whose] = (left - ok, now)
        while len(self.allowances) > ALLOWANCES_KEPT:  # the longest quiet is forgotten (a full allowance again)
            self.allowances.popitem(last=False)
        return ok

    def for_welcome(self, seat: int, history: list) -> tuple[Chat, ...]:
        """The recent chat lines for a Welcome, each with `after`: how many of the Welcome's events (the last
        RECENT_EVENTS that `seat` may see) were before it, so that a rejoined screen shows it where it was said."""
        first = max(len(history) - RECENT_EVENTS, 0)
        seen, counted, lines = 0, 0, []
        events = self.session.history
        for at, line in self:
            if line.to and seat not in line.to:  # said to allies: only theirs
                continue
            for e in events[counted:at]:
                seen += e.visible_to(seat)
            counted = max(counted, at)
            lines.append(msgspec.structs.replace(line, after=max(seen - first, 0)))
        return tuple(lines)
