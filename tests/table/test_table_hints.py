"""Hints at the table: a seat's advice for its open request is kept beside the log; anything else is not."""

from __future__ import annotations

import asyncio

from table_helpers import HUMAN, Client, session, table, until

from dune_tui.session import SeatConfig
from dune_tui.table.messages import SPECTATOR, Hint

BOB = SeatConfig(kind="human", agent="", name="Bob")


def test_a_hint_is_kept_for_the_seats_open_request_only():
    game = session(2, seats=[HUMAN, BOB], seed=3)
    t = table(game)

    async def main():
        a, b, watcher = Client(t, 0), Client(t, 1), Client(t, SPECTATOR)
        task = asyncio.create_task(t.run())
        await until(lambda: a.open_requests() or b.open_requests())
        asked, other = (a, b) if a.open_requests() else (b, a)
        request = asked.open_requests()[0]
        other.send(Hint(text="not mine", request=request.id))  # another seat's request
        watcher.send(Hint(text="a spectator", request=request.id))
        asked.send(Hint(text="stale", request=request.id + 1000))
        assert game.hints == []
        asked.send(Hint(text="Pass 37%\x1b[31m", request=request.id, seat=5, decision=99))  # seat set by the table
        assert game.hints == [(len(game.log), request.seat, "Pass 37%\N{REPLACEMENT CHARACTER}[31m")]  # printable
        t.close()
        await task

    asyncio.run(main())
