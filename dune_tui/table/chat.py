"""The table's chat: who says a line, at what rate, and the recent lines a joining client is shown."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import msgspec

from ..text import NAME_LIMIT, printable
from .clients import CHAT_BURST, Connection
from .messages import SPECTATOR, Chat, Refused

RECENT_EVENTS = 200  # events a client gets on attach
CHAT_KEPT = 100  # chat lines a client gets on attach
CHAT_LIMIT = 300  # characters in a chat line
CHAT_EVERY = 2.0  # after CHAT_BURST lines at once, a client may say one every 2 seconds


def speaker(session, conn: Connection) -> str:
    """Who says a chat line: `Seat 2 · Atreides (Ann)` (the side once dealt, the player's name if given);
    "Host" for the host's own screen watching a hot-seat or bots' game, else "Spectator"."""
    if conn.seat == SPECTATOR:
        return "Host" if conn.host else "Spectator"
    controller = session.controller
    rules = controller.game
    side = rules.side_name(rules.seat_sides(controller.state)[conn.seat])
    name = printable(session.seats[conn.seat].name, limit=NAME_LIMIT)
    return f"Seat {conn.seat + 1}" + (f" · {side}" if side else "") + (f" ({name})" if name else "")


class TableChat:
    """The last CHAT_KEPT lines said, each as (how many of the session's events were before it, the line)."""

    def __init__(self, session, tell: Callable[[object], None]) -> None:
        self.session, self.tell = session, tell
        self.lines: deque[tuple[int, Chat]] = deque(maxlen=CHAT_KEPT)

    def __iter__(self):
        return iter(self.lines)

    def say(self, conn: Connection, message: Chat) -> None:
        """Tell every client the line `conn` says (printable, capped; a blank one is dropped), or refuse it to
        `conn` alone past its rate (CHAT_BURST at once, then one per CHAT_EVERY)."""
        now = time.monotonic()
        conn.chat_allowance = min(CHAT_BURST, conn.chat_allowance + (now - conn.chat_at) / CHAT_EVERY)
        conn.chat_at = now
        text = printable(message.text, limit=CHAT_LIMIT).strip()
        if not text:
            return
        if conn.chat_allowance < 1:
            conn.send(Refused(reason="too many chat lines: wait a moment"))
            return
        conn.chat_allowance -= 1
        line = Chat(text=text, seat=conn.seat, name=speaker(self.session, conn))
        self.lines.append((len(self.session.history), line))
        self.tell(line)

    def for_welcome(self, seat: int, history: list) -> tuple[Chat, ...]:
        """The recent chat lines for a Welcome, each with `after`: how many of the Welcome's events (the last
        RECENT_EVENTS that `seat` may see) were before it, so that a rejoined screen shows it where it was said."""
        first = max(len(history) - RECENT_EVENTS, 0)
        seen, counted, lines = 0, 0, []
        events = self.session.history
        for at, line in self.lines:
            for e in events[counted:at]:
                seen += e.visible_to(seat)
            counted = max(counted, at)
            lines.append(msgspec.structs.replace(line, after=max(seen - first, 0)))
        return tuple(lines)
