"""A bot's turn at a table: its runner decides (in a worker thread), a failure is told and replaced by a random
legal move, and the step is held for the table's pace unless a client skips.  The table's bots keep one clock of
their thinking in the game's turn (`TurnClock`), which each bot's request carries: a turn's cap bounds them all."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from collections.abc import Callable

import msgspec

from .bots import BotCancelled, BotFailed
from .messages import Notice, Pace


class Pacer:
    """The bots' pace: `pause` seconds a bot's step is shown before it is played (`holding`: one is held now);
    `skipping`: play on without pauses until a human is asked."""

    def __init__(self, pause: float) -> None:
        self.pause, self.skipping, self.holding = pause, False, False
        self._skip = asyncio.Event()

    def message(self) -> Pace:
        return Pace(pause=self.pause, skipping=self.skipping)

    def skip(self) -> None:
        self.skipping = True
        self._skip.set()

    def release(self) -> None:
        """Let a held step go (the table closes)."""
        self._skip.set()

    async def hold(self, started: float) -> None:
        """Wait until `pause` seconds after `started`, or a skip."""
        wait = 0.0 if self.skipping else self.pause - (time.monotonic() - started)
        if wait > 0.01:
            self.holding = True
            self._skip.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._skip.wait(), wait)
            self.holding = False


def warm_up(runner) -> None:
    """Start the bots' runner ahead of their first turn (blocking: called in a worker thread)."""
    with contextlib.suppress(Exception):  # a failure shows up (and is handled) at the first decision
        runner.start()


class TurnClock:
    """The wall clock a table's bots have thought in the game's current turn, whichever seats (the table asks its
    bots one at a time; an undo starts it afresh)."""

    def __init__(self) -> None:
        self.turn: int | None = None
        self.seconds = 0.0

    def told(self, request):
        """`request` as its bot gets it: with what the bots have spent in its turn (`bots_seconds`)."""
        if request.view.turn != self.turn:
            self.turn, self.seconds = request.view.turn, 0.0
        return msgspec.structs.replace(request, bots_seconds=round(self.seconds, 3))

    def spent(self, request, seconds: float) -> None:
        if request.view.turn == self.turn:
            self.seconds += seconds

    def restart(self) -> None:
        """A decision was taken back (an undo): the turn's bots think afresh, as when it began."""
        self.turn, self.seconds = None, 0.0


async def bot_action(runner, request, cancel: threading.Event, tell: Callable[[object], None], clock: TurnClock):
    """The bot's legal action for `request`; BotCancelled when the table closed (`cancel` is set) meanwhile.
    `clock`: the table's bots' thinking in this turn, told to the bot and counted."""
    error = None
    started = time.monotonic()
    try:
        action = await asyncio.to_thread(runner.decide, clock.told(request), cancel)
    except BotFailed as e:
        action, error = None, str(e)
    except BotCancelled:
        raise
    except Exception as e:  # the runner itself broke: report, the game goes on
        action, error = None, f"{type(e).__name__}: {e}"
    clock.spent(request, time.monotonic() - started)
    if cancel.is_set():
        raise BotCancelled
    if error is not None or action not in request.legal:
        why = error or f"an illegal move {action!r}"
        tell(Notice(text=f"Bot of seat {request.seat + 1} failed ({why}); it plays a random legal move."))
        action = random.Random(request.id).choice(request.legal)
    return action
