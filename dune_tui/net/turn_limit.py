"""A per-decision time limit, chosen at the table (`dune-tui host --turn-limit 24h`): a human seat asked to decide
for longer than the limit while nobody sits at it gets a bot for that one decision (the table's `--takeover`, else
TURN_BOT), and every client is told so.  The time counts from when the seat was first asked (the table's
`clients.since`; the table server keeps it in its store, so that a restart counts on from the same moment).

    limit = TurnLimit(server, seconds=24 * 3600, agent="heuristic")
    limit.start()       # with the server: looks every `tick` seconds
    limit.close()
"""

from __future__ import annotations

import asyncio
import logging
import re
import time

from ..table.messages import Notice

log = logging.getLogger("dune_tui.net")
TURN_BOT = "heuristic"  # plays an overdue decision when the table has no --takeover
LIMIT_MAX = 30 * 86400  # a month
UNITS = {"s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    """"24h", "90m", "30s", "2d" or seconds ("3600") → seconds; ValueError with a sentence."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(s|m|min|h|d)?\s*", text)
    if not match:
        raise ValueError(f"not a duration: {text[:30]!r} (say 90s, 30m, 24h or 2d)")
    seconds = float(match.group(1)) * UNITS[match.group(2) or "s"]
    if not 1 <= seconds <= LIMIT_MAX:
        raise ValueError(f"the turn limit must be between 1 second and 30 days, not {text.strip()[:30]}")
    return seconds


def in_words(seconds: float) -> str:
    """24 h, 30 min, 90 s: the limit as the table tells it."""
    for unit, size, least in (("days", 86400, 2 * 86400), ("h", 3600, 3600), ("min", 60, 60)):
        if seconds >= least and seconds % size == 0:
            return f"{int(seconds // size)} {unit}"
    return f"{seconds:g} s"


class TurnLimit:
    def __init__(self, server, seconds: float, agent: str = "") -> None:
        """`server`: the TableServer (its table, its stand-ins); `agent`: the bot for an overdue decision."""
        self.server, self.seconds, self.agent = server, seconds, agent or TURN_BOT
        self.tick = max(0.05, min(30.0, seconds / 10))
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while not self.server.table.closed:  # (at once first: a reopened table's seats may be overdue already)
            self.check(time.time())
            await asyncio.sleep(self.tick)

    def overdue(self, now: float) -> list[int]:
        """The seats asked longer than the limit, nobody at them and no bot playing for them."""
        table = self.server.table
        here = {s.seat for s in table.seat_list() if s.is_human and s.connected}
        return [seat for seat, since in sorted(table.clients.since.items())
                if now - since >= self.seconds and seat not in here and seat not in self.server.stand_ins]

    def check(self, now: float) -> None:
        table = self.server.table
        for seat in self.overdue(now):
            who = table.session.seats[seat].login or table.session.seats[seat].name or "its player"
            log.info("seat %d (%s) did not decide in %s: %s plays the decision", seat + 1, who,
                     in_words(self.seconds), self.agent)
            table.clients.broadcast(Notice(text=f"Seat {seat + 1} ({who}) did not decide within the table's turn "
                                                f"limit of {in_words(self.seconds)}: {self.agent} plays this "
                                                "decision for it.", severity="information"))
            self.server.stand_in(seat, self.agent, once=True)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
