"""The table: one game, its bots, its pace and its keeper; clients only ever get messages.

    table = Table(session, bots="thread", pause=0.5)
    me = table.attach(0, send)          # send(message) gets a Welcome, then the game as it goes
    table.receive(me, Decision(...))    # checked: this seat, an open request, legal; else Refused to `me`
    await table.run()                   # on the running loop, until the game ends or table.close()

The table alone reads the authoritative state.  What leaves it are the controller's per-seat requests and
batches, and the rule set's `view` of the state for a seat (a spectator, seat -1, gets the public view and the
events sent to everyone).  Bots decide first, in the runner (a child process or a thread), so a bot's sealed
commit is in before a human is asked; human requests are delivered only when no bot must decide.

Nothing shown is lost: each decision is kept by the table's keeper (keeper.py; by default the game's journal) before
any client hears of it (telling.py).  Remote seats' decisions (net/) come through here too.  Beside the table, one
job each: clients.py (seats, requests, fan-out), welcome.py, chat.py, hints.py, agreement.py (X36), pacing.py, undo.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..controller import Decision, DecisionRequest, StaleDecision
from ..games.errors import DuneError
from .agreement import EndVote
from .bots import BotCancelled, bot_specs, make_runner
from .chat import TableChat, speaker
from .clients import Clients, Connection
from .hints import keep_hint
from .keeper import FileKeeper, Keeper
from .messages import (
    SPECTATOR,
    AnswerEnd,
    Chat,
    Hint,
    ProposeEnd,
    Refused,
    Save,
    Sealed,
    SetPace,
    Skip,
    Thinking,
    Undo,
)
from .pacing import Pacer, TurnClock, bot_action, warm_up
from .telling import Telling
from .undo import undo
from .welcome import game_over, welcome


class Table:
    """One game and its clients (see the module's docstring)."""

    def __init__(self, session, *, bots: str = "process", pause: float = 0.5, autosave: bool = True,
                 save_dir: Path | None = None, resumed: bool = False, runner=None, keeper: Keeper | None = None):
        """`keeper`: how the game is kept (default: its files in `save_dir`, autosaved unless `autosave` is False)."""
        self.session, self.controller, self.resumed = session, session.controller, resumed
        self.runner = runner or make_runner(bots, bot_specs(session), session.bots_secret)
        self.clients, self.pacer, self.clock = Clients(session), Pacer(pause), TurnClock()
        self.keeper = keeper or FileKeeper(save_dir, autosave)
        self.chat = TableChat(session, self.clients.broadcast, self.clients.send, keep=self.keeper.chat)
        self.keeper.opened(session, self.clients.broadcast)
        self.clients.keep_turns(self.keeper)  # whom the table waits for, since when: as kept, and kept as it changes
        self.thinking, self.sealed, self.closed = Thinking(), None, False
        self.end_vote = EndVote(self.controller.rules, session.humans())  # X36: ending the game by agreement
        self._cancel, self._wake = threading.Event(), asyncio.Event()
        self.telling = Telling(self._tell, self.close, lambda: self.closed)  # decisions applied, told once kept

    connections = property(lambda self: self.clients.connections)
    asked = property(lambda self: self.clients.asked)  # human requests delivered and still open
    pause = property(lambda self: self.pacer.pause)
    skipping = property(lambda self: self.pacer.skipping)
    holding = property(lambda self: self.pacer.holding)  # a bot's answer waits for the pause
    last_saved = property(lambda self: self.keeper.last_saved)
    save_dir = property(lambda self: self.keeper.save_dir, lambda self, d: setattr(self.keeper, "save_dir", d))
    seat_list = property(lambda self: self.clients.seat_list)  # who sits where: `table.seat_list()`

    # ------------------------------------------------------------ clients
    def attach(self, seat: int, send: Callable[[object], None], *, host: bool = False,
               stand_in: str = "", login: str = "", watcher: bool = False) -> Connection:
        """A client sits down at `seat` (SPECTATOR: -1), gets a Welcome at once (`login`, `watcher`: Connection's)."""
        if seat != SPECTATOR and not (0 <= seat < len(self.session.seats) and self.session.seats[seat].is_human):
            raise ValueError(f"seat {seat + 1} is not a human seat at this table")
        conn = Connection(seat, send, host, stand_in, login, watcher and seat == SPECTATOR)
        self.connections.append(conn)
        conn.send(welcome(self, seat))
        self.clients.seats_changed()
        return conn

    def detach(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)
            if not self.closed:  # a closing table's seats are not away: nobody waits for them
                self.clients.seats_changed()

    def receive(self, conn: Connection, message) -> None:
        """A message from `conn`'s client; a refusal goes back to that client only."""
        if conn not in self.connections:
            return
        player = conn.seat >= 0 and not conn.stand_in
        if isinstance(message, Decision):
            self._decision(conn, message)
        elif isinstance(message, Skip) and (conn.seat >= 0 or conn.host):  # (a player or the host's own screen)
            self.pacer.skip()
            self.clients.broadcast(self.pacer.message())
        elif isinstance(message, SetPace) and (conn.seat >= 0 or conn.host) and 0 <= message.pause <= 60:
            self.pacer.pause = message.pause
            self.clients.broadcast(self.pacer.message())
        elif isinstance(message, Save) and conn.host:
            conn.send(self.keeper.save(message))
        elif isinstance(message, Chat) and not conn.stand_in:
            self.chat.say(conn, message)
        elif isinstance(message, Hint) and player:
            keep_hint(self.session, conn.seat, message)
        elif isinstance(message, ProposeEnd) and player:
            if why := self.end_vote.propose(self.controller.state, conn.seat):
                conn.send(Refused(reason=why))
            else:
                self._end_answer(self.end_vote.open)
        elif isinstance(message, AnswerEnd) and player:
            self._end_answer(self.end_vote.answer(conn.seat, message.yes, speaker(self.session, conn)))
        elif isinstance(message, Undo):  # taken back (the loop then asks again), or a line says why not
            undo(self, conn, self._wake)
        else:
            conn.send(Refused(reason=f"this table does not take {type(message).__name__} from this seat"))

    def _decision(self, conn: Connection, decision: Decision) -> None:
        request = self.asked.get(decision.id)
        if conn.seat != decision.seat:
            conn.send(Refused(id=decision.id, reason=f"you sit at seat {conn.seat + 1}, not {decision.seat + 1}"))
        elif request is None or request.seat != decision.seat or self.closed:
            conn.send(Refused(id=decision.id, reason="that decision is not asked for now"))
        else:
            try:
                self._submit(request, decision.action)
            except (StaleDecision, DuneError) as e:
                conn.send(Refused(id=decision.id, reason=str(e)))

    def _end_answer(self, proposal) -> None:
        """Tell everyone how an X36 proposal stands; once everybody agreed, answer the proposer's request with the
        engine's AGREE_END."""
        said, seat = self.end_vote.settle(proposal)
        if said is not None:
            self.clients.broadcast(said)
        request = next((r for r in self.asked.values() if r.seat == seat), None) if seat is not None else None
        if request is not None:
            with contextlib.suppress(StaleDecision, DuneError):  # (the roll ended meanwhile: lapsed, said)
                self._submit(request, self.controller.rules.AGREE_END)

    # ------------------------------------------------------------- the loop
    async def run(self) -> None:
        """Play until the game ends or the table closes: bots first, then wait for the humans."""
        if not self.resumed or getattr(self.session, "recovered", 0):
            self.autosave(force=True)  # a new game is kept at once; a recovered one with what the journal gave
        if self.controller.over:  # a finished game opened again: its result, and no bots to start
            self._finish()
            return
        if getattr(self.runner, "kind", "") == "process" and self.runner.specs:
            self._warming = asyncio.ensure_future(asyncio.to_thread(warm_up, self.runner))
        while not self.closed:
            if self.telling.task is not None:
                await self.telling.task
                continue
            if self.controller.over:
                self._finish()
                return
            requests = self.controller.pending()
            self.clients.withdraw(requests)
            bots = [r for r in requests if not self.session.seats[r.seat].is_human]
            if bots:
                await self._bot_turn(bots[0])
                continue
            self._ask(requests)
            self._wake.clear()
            await self._wake.wait()

    def close(self) -> None:
        """Stop: cancel the bots, end `run`.  Saving is the caller's choice (`autosave`)."""
        if self.closed:
            return
        self.closed = True
        self._cancel.set()
        self._wake.set()
        self.pacer.release()
        self.runner.close()
        self.keeper.closed()

    def _ask(self, requests: list[DecisionRequest]) -> None:
        if self.pacer.skipping:
            self.pacer.skipping = False
            self.clients.broadcast(self.pacer.message())
        self.clients.ask(requests)

    async def _bot_turn(self, request: DecisionRequest) -> None:
        self.thinking = Thinking(seat=request.seat, prompt=request.prompt)
        self.clients.broadcast(self.thinking)
        started = time.monotonic()
        try:
            action = await bot_action(self.runner, request, self._cancel, self.clients.broadcast, self.clock)
        except BotCancelled:
            return
        await self.pacer.hold(started)
        if self.closed:
            return
        self.thinking = Thinking()
        self.clients.broadcast(self.thinking)
        with contextlib.suppress(StaleDecision, DuneError):  # a human's answer came first: ask again
            self._submit(request, action)

    def _submit(self, request: DecisionRequest, action) -> None:
        """Apply a checked decision (raises StaleDecision or IllegalAction, state unchanged), keep it, tell it."""
        batches = self.controller.submit(Decision(request.id, request.seat, action))
        self.telling.add((request.id, batches), self.keeper.decided(len(self.controller.log) - 1,
                                                                    self.controller.log[-1]))

    def _tell(self) -> None:
        for rid, batches in self.telling.take():
            self.clients.told(self.controller, rid, batches)
        self._sealed_note()
        self._end_answer(self.end_vote.lapsed(self.controller.state))
        self.autosave()
        self._wake.set()

    def _sealed_note(self) -> None:
        """Forward the game's public note (R10: one side of the battle has sealed its commit), as it changes."""
        said = self.controller.rules.public_note(self.controller.state)
        note = Sealed(seat=said[0], text=said[1]) if said else None
        if note != self.sealed:
            self.sealed = note
            self.clients.broadcast(note or Sealed(seat=SPECTATOR, text=""))

    def _finish(self) -> None:
        self.keeper.finished()  # the last turn's end; a finished game opened again is not written again
        for conn in list(self.connections):
            conn.send(game_over(self, conn.seat))
        self.close()

    # ------------------------------------------------------------- keeping
    def autosave(self, force: bool = False) -> tuple[Path | None, str | None]:
        """Keep the game if a turn has ended (now if `force`): (the file written, or why it failed)."""
        return self.keeper.checkpoint(force)

    def exit_note(self) -> str:
        """The line to print on exit when the game could not be kept ("" when it is)."""
        return self.keeper.exit_note()
