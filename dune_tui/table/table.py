"""The table: one game, its bots, its pace and its saves; clients only ever get messages.

    table = Table(session, bots="thread", pause=0.5)
    me = table.attach(0, send)          # send(message) gets a Welcome, then the game as it goes
    table.receive(me, Decision(...))    # checked: this seat, an open request, legal; else Refused to `me`
    await table.run()                   # on the running loop, until the game ends or table.close()

The table alone reads the authoritative state.  What leaves it are the controller's per-seat requests and
batches, and the rule set's `view` of the state for a seat (a spectator, seat -1, gets the public view and the
events sent to everyone).  Bots decide first, in the runner (a child process or a thread), so a bot's sealed
commit is in before a human is asked; human requests are delivered only when no bot must decide.

Nothing shown is lost: each decision is appended to the game's journal (dune_tui.saves.journal), on disk, before any
client hears of it; each autosave folds the journal in.  Remote seats' decisions (net/) come through here too.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import msgspec

from .. import saves
from ..controller import Decision, DecisionRequest, EventBatch, StaleDecision
from ..games.errors import DuneError
from ..text import NAME_LIMIT, printable
from .agreement import EndVote
from .bots import BotCancelled, BotFailed, bot_specs, make_runner
from .messages import (
    SPECTATOR,
    AnswerEnd,
    Board,
    Chat,
    Closed,
    EndProposal,
    GameOver,
    Hint,
    Notice,
    Pace,
    ProposeEnd,
    Refused,
    Save,
    Saved,
    SaveFailed,
    Sealed,
    SeatInfo,
    Seats,
    SetPace,
    Skip,
    Thinking,
    Welcome,
)

RECENT_EVENTS = 200  # events a client gets on attach
CHAT_KEPT = 100  # chat lines a client gets on attach
CHAT_LIMIT = 300  # characters in a chat line
HINT_LIMIT = 300  # characters in a hint's summary
CHAT_BURST, CHAT_EVERY = 5, 2.0  # a client may say 5 lines at once, then one every 2 seconds


class Connection:
    """One client attached for one seat.  `host`: the table's own terminal (it may save).  `stand_in`: a bot
    playing for the seat's away human (the seat still shows as away)."""

    _ids = itertools.count(1)

    def __init__(self, seat: int, send: Callable[[object], None], host: bool, stand_in: str = "") -> None:
        self.id = next(self._ids)
        self.seat, self.send, self.host, self.stand_in = seat, send, host, stand_in
        self.chat_allowance, self.chat_at = float(CHAT_BURST), time.monotonic()

    def __repr__(self) -> str:
        return f"Connection({self.id}, seat={self.seat})"


class Table:
    def __init__(self, session, *, bots: str = "process", pause: float = 0.5, autosave: bool = True,
                 save_dir: Path | None = None, resumed: bool = False, runner=None) -> None:
        self.session = session
        self.controller = session.controller
        self.pause, self.skipping = pause, False
        self.autosave_on, self.save_dir, self.resumed = autosave, save_dir, resumed
        self.runner = runner or make_runner(bots, bot_specs(session), session.bots_secret)
        self.connections: list[Connection] = []
        self.asked: dict[int, DecisionRequest] = {}  # human requests delivered and still open
        self.thinking = Thinking()
        self.holding = False  # a bot's answer waits for the pause
        self.sealed: Sealed | None = None
        self.last_saved: Path | None = None
        self.save_error: str | None = None  # why the last autosave failed (None: it did not)
        self.journal: saves.Journal | None = None  # the decisions since the last autosave, on disk
        self.journal_error: str | None = None  # why the journal cannot be written (told once)
        self.closed = False
        self.chat: deque[tuple[int, Chat]] = deque(maxlen=CHAT_KEPT)  # (events before it, the line)
        self.end_vote = EndVote(self.controller.rules, session.humans())  # X36: ending the game by agreement
        self.seats_sent: tuple[SeatInfo, ...] = self.seat_list()  # the Seats every client has
        self._cancel = threading.Event()
        self._wake = asyncio.Event()
        self._skip = asyncio.Event()

    # ------------------------------------------------------------ clients
    def attach(self, seat: int, send: Callable[[object], None], *, host: bool = False,
               stand_in: str = "") -> Connection:
        """A client sits down at `seat` (SPECTATOR: -1) and gets a Welcome at once."""
        if seat != SPECTATOR and not (0 <= seat < len(self.session.seats) and self.session.seats[seat].is_human):
            raise ValueError(f"seat {seat + 1} is not a human seat at this table")
        conn = Connection(seat, send, host, stand_in)
        self.connections.append(conn)
        conn.send(self.welcome(seat))
        self._seats_changed()
        return conn

    def detach(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)
            if not self.closed:  # a closing table's seats are not away: nobody waits for them
                self._seats_changed()

    def _seats_changed(self) -> None:
        """Tell every client who sits where, if that changed (a spectator coming or going changes nothing)."""
        seats = self.seat_list()
        if seats != self.seats_sent:
            self.seats_sent = seats
            self._broadcast(Seats(seats))

    def seat_list(self) -> tuple[SeatInfo, ...]:
        here = {c.seat for c in self.connections if not c.stand_in}
        bots = {c.seat: c.stand_in for c in self.connections if c.stand_in}
        return tuple(SeatInfo(seat=s, name=cfg.name, kind=cfg.kind, agent=cfg.agent,
                              connected=not cfg.is_human or s in here, stand_in=bots.get(s, ""), login=cfg.login,
                              claimed=cfg.claimed)
                     for s, cfg in enumerate(self.session.seats))

    def welcome(self, seat: int) -> Welcome:
        history = self.controller.events_for(seat, self.session.history)
        return Welcome(
            seat=seat, game_id=self.session.game_id, seats=self.seat_list(),
            view=self.controller.rules.view(self.controller.state, seat),
            events=history[-RECENT_EVENTS:], requests=tuple(r for r in self.asked.values() if r.seat == seat),
            decisions=len(self.controller.log), thinking=self.thinking, sealed=self.sealed,
            pace=Pace(pause=self.pause, skipping=self.skipping), resumed=self.resumed,
            warning=getattr(self.session, "warning", ""), recovery=getattr(self.session, "recovery", ""),
            over=self.game_over(seat) if self.controller.over else None, chat=self._chat_for(seat, history),
            hints=self.session.hints_allowed, proposal=self.end_vote.open)

    def receive(self, conn: Connection, message) -> None:
        """A message from `conn`'s client; a refusal goes back to that client only."""
        if conn not in self.connections:
            return
        if isinstance(message, Decision):
            self._decision(conn, message)
        elif isinstance(message, Skip) and self._paces(conn):
            self.skipping = True
            self._skip.set()
            self._broadcast(Pace(pause=self.pause, skipping=True))
        elif isinstance(message, SetPace) and self._paces(conn) and 0 <= message.pause <= 60:
            self.pause = message.pause
            self._broadcast(Pace(pause=self.pause, skipping=self.skipping))
        elif isinstance(message, Save) and conn.host:
            self._save(conn, message)
        elif isinstance(message, Chat) and not conn.stand_in:
            self._chat(conn, message)
        elif isinstance(message, Hint) and conn.seat >= 0 and not conn.stand_in:
            self._hint(conn, message)
        elif isinstance(message, ProposeEnd) and conn.seat >= 0 and not conn.stand_in:
            self._propose_end(conn)
        elif isinstance(message, AnswerEnd) and conn.seat >= 0 and not conn.stand_in:
            self._end_answer(self.end_vote.answer(conn.seat, message.yes, self._speaker(conn)))
        else:
            conn.send(Refused(reason=f"this table does not take {type(message).__name__} from this seat"))

    @staticmethod
    def _paces(conn: Connection) -> bool:
        """Whether `conn` may set the bots' pace: a player's, or the host's own screen (not a joined spectator)."""
        return conn.seat >= 0 or conn.host

    def _hint(self, conn: Connection, message: Hint) -> None:
        """Keep the advice a seat was shown beside the log (saved with the game, shown by its replay); only for
        a request of that seat still open, and one per seat and decision (the latest)."""
        if not any(r.id == message.request and r.seat == conn.seat for r in self.controller.pending()):
            return
        text = printable(message.text, limit=HINT_LIMIT).strip()
        if text and self.session.hints_allowed:
            hint, hints = (len(self.controller.log), conn.seat, text), self.session.hints
            if hints and hints[-1][:2] == hint[:2]:
                hints[-1] = hint
            else:
                hints.append(hint)

    def _chat(self, conn: Connection, message: Chat) -> None:
        """Say a line to every client: printable, capped, at most CHAT_BURST at once then one per CHAT_EVERY."""
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
        line = Chat(text=text, seat=conn.seat, name=self._speaker(conn))
        self.chat.append((len(self.session.history), line))
        self._broadcast(line)

    def _speaker(self, conn: Connection) -> str:
        """Who says a chat line: `Seat 2 · Atreides (Ann)` (the side once dealt, the player's name if given);
        "Host" for the host's own screen watching a hot-seat or bots' game, else "Spectator"."""
        if conn.seat == SPECTATOR:
            return "Host" if conn.host else "Spectator"
        rules = self.controller.game
        side = rules.side_name(rules.seat_sides(self.controller.state)[conn.seat])
        name = printable(self.session.seats[conn.seat].name, limit=NAME_LIMIT)
        return f"Seat {conn.seat + 1}" + (f" · {side}" if side else "") + (f" ({name})" if name else "")

    def _chat_for(self, seat: int, history: list) -> tuple[Chat, ...]:
        """The recent chat lines for a Welcome, each with `after`: how many of the Welcome's events (the last
        RECENT_EVENTS that `seat` may see) were before it, so that a rejoined screen shows it where it was said."""
        first = max(len(history) - RECENT_EVENTS, 0)
        seen, counted, lines = 0, 0, []
        events = self.session.history
        for at, line in self.chat:
            for e in events[counted:at]:
                seen += e.visible_to(seat)
            counted = max(counted, at)
            lines.append(msgspec.structs.replace(line, after=max(seen - first, 0)))
        return tuple(lines)

    def _decision(self, conn: Connection, decision: Decision) -> None:
        request = self.asked.get(decision.id)
        if conn.seat != decision.seat:
            conn.send(Refused(id=decision.id, reason=f"you sit at seat {conn.seat + 1}, not {decision.seat + 1}"))
        elif request is None or request.seat != decision.seat:
            conn.send(Refused(id=decision.id, reason="that decision is not asked for now"))
        else:
            try:
                self._submit(request, decision.action)
            except (StaleDecision, DuneError) as e:
                conn.send(Refused(id=decision.id, reason=str(e)))

    def _propose_end(self, conn: Connection) -> None:
        why = self.end_vote.propose(self.controller.state, conn.seat)
        if why:
            conn.send(Refused(reason=why))
        else:
            self._end_answer(self.end_vote.open)

    def _end_answer(self, proposal: EndProposal | None) -> None:
        """Tell everyone how the proposal stands; once nobody is left to say yes, the proposer's request is
        answered with the engine's AGREE_END (X36)."""
        if proposal is None:
            return
        if proposal.seat == SPECTATOR or proposal.waiting:
            self._broadcast(proposal)
            return
        request = next((r for r in self.asked.values() if r.seat == proposal.seat), None)
        self._broadcast(self.end_vote.close("Everybody agreed to end the game at the end of round "
                                            f"{proposal.round}."))
        if request is not None:
            with contextlib.suppress(StaleDecision, DuneError):  # (the roll ended meanwhile: lapsed, said)
                self._submit(request, self.controller.rules.AGREE_END)

    # ------------------------------------------------------------- the loop
    async def run(self) -> None:
        """Play until the game ends or the table closes: bots first, then wait for the humans."""
        if not self.resumed or getattr(self.session, "recovered", 0):
            self.autosave(force=True)  # a new game is saved at once; a recovered one with what the journal gave
        if self.controller.over:  # a finished game opened again: its result, and no bots to start
            self._finish()
            return
        if getattr(self.runner, "kind", "") == "process" and self.runner.specs:
            self._warming = asyncio.ensure_future(asyncio.to_thread(self._warm_up))
        while not self.closed:
            if self.controller.over:
                self._finish()
                return
            requests = self.controller.pending()
            self._withdraw(requests)
            bots = [r for r in requests if not self.session.seats[r.seat].is_human]
            if bots:
                await self._bot_turn(bots[0])
                continue
            self._ask(requests)
            self._wake.clear()
            await self._wake.wait()

    def _warm_up(self) -> None:
        with contextlib.suppress(Exception):  # a failure shows up (and is handled) at the first decision
            self.runner.start()

    def close(self) -> None:
        """Stop: cancel the bots, end `run`.  Saving is the caller's choice (`autosave`)."""
        if self.closed:
            return
        self.closed = True
        self._cancel.set()
        self._wake.set()
        self._skip.set()
        self.runner.close()
        if self.journal is not None:
            self.journal.close()

    def _ask(self, requests: list[DecisionRequest]) -> None:
        if self.skipping:
            self.skipping = False
            self._broadcast(Pace(pause=self.pause, skipping=False))
        for r in requests:
            if r.id not in self.asked:
                self.asked[r.id] = r
                self._send(r.seat, r)

    def _withdraw(self, requests: list[DecisionRequest]) -> None:
        open_ids = {r.id for r in requests}
        for rid in [rid for rid in self.asked if rid not in open_ids]:
            gone = self.asked.pop(rid)
            self._send(gone.seat, Closed(seat=gone.seat, id=rid))

    async def _bot_turn(self, request: DecisionRequest) -> None:
        self.thinking = Thinking(seat=request.seat, prompt=request.prompt)
        self._broadcast(self.thinking)
        started = time.monotonic()
        error = None
        try:
            action = await asyncio.to_thread(self.runner.decide, request, self._cancel)
        except BotCancelled:
            return
        except BotFailed as e:
            action, error = None, str(e)
        except Exception as e:  # the runner itself broke: report, the game goes on
            action, error = None, f"{type(e).__name__}: {e}"
        if self.closed:
            return
        if error is not None or action not in request.legal:
            why = error or f"an illegal move {action!r}"
            self._broadcast(Notice(text=f"Bot of seat {request.seat + 1} failed ({why}); it plays a random legal "
                                        "move."))
            action = random.Random(request.id).choice(request.legal)
        wait = 0.0 if self.skipping else self.pause - (time.monotonic() - started)
        if wait > 0.01:
            self.holding = True
            self._skip.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._skip.wait(), wait)
            self.holding = False
        if self.closed:
            return
        self.thinking = Thinking()
        self._broadcast(self.thinking)
        with contextlib.suppress(StaleDecision, DuneError):  # a human's answer came first: ask again
            self._submit(request, action)

    def _submit(self, request: DecisionRequest, action) -> None:
        """Apply a checked decision (raises StaleDecision or IllegalAction, state unchanged) and tell everyone."""
        batches = self.controller.submit(Decision(request.id, request.seat, action))
        self._journal(self.controller.log[-1])
        if self.asked.pop(request.id, None) is not None:
            self._send(request.seat, Closed(seat=request.seat, id=request.id))
        events = list({id(e): e for b in batches for e in b.events}.values())
        self.session.history.extend(events)
        state, decisions = self.controller.state, len(self.controller.log)
        for conn in list(self.connections):
            seen = batches[conn.seat].events if conn.seat >= 0 else self.controller.events_for(SPECTATOR, events)
            conn.send(EventBatch(conn.seat, seen))
            conn.send(Board(seat=conn.seat, view=self.controller.rules.view(state, conn.seat), decisions=decisions))
        self._sealed_note()
        self._end_answer(self.end_vote.lapsed(state))
        self.autosave()
        self._wake.set()

    def _sealed_note(self) -> None:
        """Forward the game's public note (R10: one side of the battle has sealed its commit), as it changes."""
        said = self.controller.rules.public_note(self.controller.state)
        note = Sealed(seat=said[0], text=said[1]) if said else None
        if note != self.sealed:
            self.sealed = note
            self._broadcast(note or Sealed(seat=SPECTATOR, text=""))

    def _finish(self) -> None:
        self.autosave()  # the last turn's end; a finished game opened again is not written again
        for conn in list(self.connections):
            conn.send(self.game_over(conn.seat))
        self.close()

    def game_over(self, seat: int) -> GameOver:
        final = self.controller.rules.final_view(self.controller.state, seat)  # the prediction is shown at the end
        hints = tuple(Hint(text=t, seat=s, decision=d) for d, s, t in self.session.hints if s == seat)
        return GameOver(seat=seat, state=final, history=self.controller.events_for(seat, self.session.history),
                        decisions=len(self.controller.log), seats=self.seat_list(), hints=hints)

    # ------------------------------------------------------------- sending
    def _send(self, seat: int, message) -> None:
        for conn in [c for c in self.connections if c.seat == seat]:
            conn.send(message)

    def _broadcast(self, message) -> None:
        for conn in list(self.connections):
            conn.send(message)

    # -------------------------------------------------------------- saving
    def _journal(self, entry) -> None:
        """Make the decision just applied durable before anyone is told of it (a journal that cannot be written
        is said once; the autosaves still save the game at each turn's end)."""
        if not self.autosave_on:
            return
        try:
            if self.journal is None:
                self._start_journal(saves.autosave_path(self.session.game_id, self.save_dir))
            self.journal.append(len(self.controller.log) - 1, entry.seat, entry.action)
        except (OSError, saves.SaveError) as e:
            if self.journal_error is None:
                self._broadcast(Notice(text=f"Cannot write the game's journal ({getattr(e, 'strerror', None) or e}):"
                                            " a crash would lose the decisions since the last autosave."))
            self.journal_error = str(e)

    def _start_journal(self, save: Path) -> None:
        if self.journal is not None:
            self.journal.close()
        self.journal = None
        journal = saves.Journal(save, self.session.game_id)
        journal.start(self.controller.log)
        self.journal = journal

    def _fold_journal(self, save: Path) -> None:
        """The autosave at `save` holds every decision: the journal keeps only the turn its backup lacks."""
        try:
            if self.journal is None or self.journal.path != saves.journal_path(save):
                self._start_journal(save)
            self.journal.fold()
            self.journal_error = None
        except (OSError, saves.SaveError) as e:
            self.journal_error = str(e)

    def autosave(self, force: bool = False, directory: Path | None = None) -> tuple[Path | None, str | None]:
        """Write the game's autosave (when a turn has ended, or now if `force`); a new failure is told to every
        client (SaveFailed), and remembered for the exit message (`exit_note`)."""
        if not self.autosave_on or not (force or saves.autosave_due(self.session)):
            return None, None
        path, error = saves.try_autosave(self.session, directory or self.save_dir)
        if error is None:
            self.last_saved, self.save_error = path, None
            self._fold_journal(path)
        else:
            if self.save_error is None:
                self._broadcast(SaveFailed(reason=error, last_good=self.last_good()))
            self.save_error = error
        return path, error

    def _save(self, conn: Connection, message: Save) -> None:
        directory = Path(message.directory).expanduser() if message.directory else self.save_dir
        if message.name:
            try:
                path, error = saves.save_named(self.session, message.name, directory), None
            except Exception as e:  # SaveError has the sentence
                path, error = None, str(e) or type(e).__name__
        else:
            path, error = saves.try_autosave(self.session, directory)
            if error is None:
                self.last_saved, self.save_error = path, None
                self._fold_journal(path)
                self.save_dir = directory  # the player chose this place: later autosaves go there too
            else:
                self.save_error = error
        if error is None:
            conn.send(Saved(path=str(path), ref=message.ref))
        else:
            conn.send(SaveFailed(reason=error, last_good=self.last_good(), ref=message.ref))

    def last_good(self) -> str:
        """Where the last good save of this game is ("" if none is known)."""
        if self.last_saved is not None:
            return str(self.last_saved)
        with contextlib.suppress(Exception):
            for info in saves.list_saves(self.save_dir):
                if info.kind == "auto" and info.name.endswith(self.session.game_id) and not info.error:
                    return str(info.path)
        return ""

    def exit_note(self) -> str:
        """The line to print on exit when the last autosave failed ("" when the game is saved)."""
        if self.save_error is None:
            return ""
        where = self.last_good()
        return (f"dune-tui: the game could not be saved ({self.save_error}); "
                + (f"the last good save is {where}" if where else "no save of this game was written"))
