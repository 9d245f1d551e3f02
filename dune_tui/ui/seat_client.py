"""One terminal at a table, without Textual: what it knows from the table's messages, and what its screen should
show or ask now.

The game screen attaches a `SeatClient` to a table (a `Table` in this process or a `RemoteTable`), forwards every
message the table sends to `take`, and draws what comes back:

    client = SeatClient(table, seats=[0])            # the seats this terminal plays (None: every human seat)
    client.attach(deliver)                           # deliver(seat, body) -> the screen -> client.take(seat, body)
    for effect in client.take(seat, body): ...       # Log, Note, Notify, Redraw, Reveal, Finish... (below)
    step = client.next_step()                        # Ask(request), HandOff(request), Thinking, Waiting, or None
    client.send(client.chosen(request, action, key)) # the answer, on the request's seat's connection

It holds the open requests of its seats, which seat the screen shows (the only human's, or a spectator's in a hot
seat game), the hand-offs done, whether a dialog holds the loop (a hand-off, a battle's reveal), the bots' pace,
who is thinking, the sealed note, the proposal to end the game and the seats asked about it, who is away, the
saves asked for, and the game's end.  It never reads the table's game: only what the table said."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..games import game_of
from ..table import messages as m


# ------------------------------------------------------------ what take() asks the screen to do, in order
@dataclass(frozen=True)
class Log:
    """Events for the log."""

    events: tuple


@dataclass(frozen=True)
class Note:
    """A line for the log (a chat line, the game resumed)."""

    text: str


@dataclass(frozen=True)
class Notify:
    text: str
    severity: str = "information"
    title: str = ""
    timeout: float | None = None


@dataclass(frozen=True)
class Redraw:
    """The view to show, or the pace, changed: draw the board again."""


@dataclass(frozen=True)
class Reveal:
    """A battle a human fights: the reveal dialog; the loop waits for `revealed()`."""

    event: Any
    events: tuple


@dataclass(frozen=True)
class BattleNotice:
    """Another battle: a notice that takes no keys."""

    event: Any


@dataclass(frozen=True)
class SealedNote:
    """The other side of the battle sealed its commit: the note for the request on the panel."""

    text: str


@dataclass(frozen=True)
class SeatsChanged:
    seats: tuple


@dataclass(frozen=True)
class Away:
    """Another player's terminal left: the table waits for them."""

    seat: int


@dataclass(frozen=True)
class Back:
    seat: int


@dataclass(frozen=True)
class Withdrawn:
    """The request on the panel was closed by the table (answered for us): put its advice away."""


@dataclass(frozen=True)
class AskEnd:
    """Ask `seat` whether it agrees to end the game as `proposal` says."""

    seat: int
    proposal: m.EndProposal


@dataclass(frozen=True)
class EndChanged:
    """Whether `e` (end by agreement) is offered may have changed."""


@dataclass(frozen=True)
class SaveReply:
    """A save asked with `save()` was written or failed; `purpose` as it was asked."""

    purpose: str
    reply: m.Saved | m.SaveFailed


@dataclass(frozen=True)
class Finish:
    over: m.GameOver


# ------------------------------------------------------------------- what the panel should show now
@dataclass(frozen=True)
class Ask:
    """A request of ours, for the panel (the client now counts it as the one on the panel: `current`)."""

    request: m.DecisionRequest


@dataclass(frozen=True)
class HandOff:
    """A secret choice in a hot-seat game: hand the terminal to the request's seat first; `handed_off` then."""

    request: m.DecisionRequest


@dataclass(frozen=True)
class Waiting:
    """Nothing of ours to decide, no bot thinking: the other human seats the table waits for."""

    seats: tuple[int, ...]


class SeatClient:
    def __init__(self, table, seats: list[int] | None = None, *, joined: bool = False, rules_board=None,
                 pause: float = 0.5) -> None:
        """`seats`: the seats this terminal plays (default: every human seat — solo, or hot seat); `joined`: a table
        hosted elsewhere; `rules_board`: the game's board (ui.kit.board.Board), which says the secret choices a hot
        seat hands the terminal over for (`secret_phases`) and which events reveal a battle (`battle_seats`); the
        screen hands it over once the Welcome has said the game (None: no secret choice, no battle)."""
        self.table = table  # to attach and send; never to read its game
        self.joined = joined
        self.rules_board = rules_board
        self.seats: tuple[m.SeatInfo, ...] = table.seat_list()
        self.humans = [i.seat for i in self.seats if i.is_human] if seats is None else list(seats)
        self.watching = self.humans[0] if len(self.humans) == 1 else m.SPECTATOR  # whose connection we watch
        self.connections: dict[int, object] = {}
        self.requests: dict[int, m.DecisionRequest] = {}  # open for our seats
        self.sent: set[int] = set()  # answered, not yet closed by the table
        self.current: m.DecisionRequest | None = None  # the request on the panel
        self.handed: set[int] = set()  # requests handed off to their seat (hot seat)
        self.blocked = False  # a hand-off or a reveal is open: the loop waits for it
        self.last_choice: tuple[str, tuple | None] = ("", None)  # the last answer's phase and the option's key
        self.thinking = m.Thinking()
        self.sealed: m.Sealed | None = None
        self.pace = m.Pace(pause=pause)
        self.board = None  # the latest view of the seat we watch
        self.over: m.GameOver | None = None
        self.game_id = ""  # from the table's Welcome: names the game's autosave
        self.hints = True  # the game allows advice (the table's welcome says)
        self.proposal: m.EndProposal | None = None  # the open proposal to end the game by agreement
        self.end_asked: set[int] = set()  # our seats asked to agree to it
        self.gone: set[int] = set()  # other players said to be away, not yet back
        self.watchers: tuple[str, ...] = ()  # who watches the table (a login each, "" by the spectators' code)
        self._refs = itertools.count(1)
        self._saves: dict[int, str] = {}  # ref -> what the save was for

    # ------------------------------------------------------------- the connection
    def attach(self, deliver: Callable[[int, Any], None]) -> None:
        """Attach for the watched seat and each of ours; the table says `deliver(seat, body)` (Welcomes at once)."""
        for seat in dict.fromkeys([self.watching, *self.humans]):
            self.connections[seat] = self.table.attach(seat, partial(deliver, seat), host=True)

    def detach(self) -> None:
        for conn in self.connections.values():
            self.table.detach(conn)

    def send(self, body, seat: int | None = None) -> None:
        """To the table, on `seat`'s connection (default: the watched seat's)."""
        self.table.receive(self.connections[self.watching if seat is None else seat], body)

    @property
    def table_closed(self) -> bool:
        """A joined table that is gone: nothing waits, nothing to keep."""
        return self.joined and bool(getattr(self.table, "closed", False))

    @property
    def watching_only(self) -> bool:
        """A spectator of a table hosted elsewhere: it sees the game and chats, and changes nothing."""
        return self.joined and not self.humans

    # ---------------------------------------------------------- from the table
    def take(self, seat: int, body) -> list:
        """A message the table sent on `seat`'s connection: what the screen should do about it, in order."""
        main = seat == self.watching
        out: list = []
        if isinstance(body, m.DecisionRequest):
            self.requests[body.id] = body
        elif isinstance(body, m.Closed):
            self.requests.pop(body.id, None)
            self.sent.discard(body.id)
            if self.current is not None and self.current.id == body.id:  # answered for us (an agreed end's AGREE_END)
                self.current = None
                out.append(Withdrawn())
        elif isinstance(body, m.Refused):
            out.append(Notify(f"That was refused: {body.reason}", severity="error"))
            self.sent.discard(body.id)
        elif isinstance(body, m.Welcome):
            self.requests.update((r.id, r) for r in body.requests)
            if main:
                out += self._welcome(body)
            if body.proposal is not None:
                out += self._end_proposal(seat, body.proposal, main)
        elif isinstance(body, m.EndProposal):
            out += self._end_proposal(seat, body, main)
        elif isinstance(body, (m.Saved, m.SaveFailed)) and body.ref:
            out.append(SaveReply(self._saves.pop(body.ref, ""), body))
        elif main:
            out += self._watch(body)
        return out

    def _welcome(self, w: m.Welcome) -> list:
        self.seats, self.board, self.thinking, self.sealed, self.pace = w.seats, w.view, w.thinking, w.sealed, w.pace
        self.hints = w.hints
        self.game_id = w.game_id
        out: list = []
        shown = 0
        for line in w.chat:  # each line where it was said among the events
            out.append(Log(tuple(w.events[shown:line.after])))
            shown = max(shown, line.after)
            out.append(Note(chat_line(line)))
        out.append(Log(tuple(w.events[shown:])))
        out += self._watchers(w.watchers)
        if w.resumed:
            plural = "" if w.decisions == 1 else "s"
            out.append(Note(f"Game resumed: round {w.view.round}, {w.decisions} decision{plural} so far."))
        if w.recovery:
            out.append(Note(w.recovery))
        if w.warning:  # in the log too: a toast is gone in ten seconds
            out.append(Note(w.warning))
            out.append(Notify(w.warning, severity="warning", timeout=10))
        out.append(Redraw())
        if w.over is not None:
            self.over = w.over
            out.append(Finish(w.over))
        return out

    def _watch(self, body) -> list:
        """What the watched seat's connection says about the game."""
        out: list = []
        if isinstance(body, m.EventBatch):
            out.append(Log(tuple(body.events)))
            for e in body.events:
                fighters = self.rules_board.battle_seats(e) if self.rules_board is not None else None
                if fighters is not None and self._human_among(fighters):
                    self.blocked = True
                    out.append(Reveal(e, tuple(body.events)))
                elif fighters is not None and not self.pace.skipping:  # others' battle: a notice, no keys taken
                    out.append(BattleNotice(e))
        elif isinstance(body, m.Board):
            self.board = body.view
            out.append(Redraw())
        elif isinstance(body, m.Thinking):
            self.thinking = body
        elif isinstance(body, m.Sealed):
            self.sealed = body
            if self.current is not None and self.sealed_note(self.current):  # the other human sealed first
                out.append(SealedNote(self.sealed_note(self.current)))
        elif isinstance(body, m.Pace):
            self.pace = body
            out.append(Redraw())
        elif isinstance(body, m.Seats):
            out += self._comings_and_goings(body.seats)
            out += self._watchers(body.watchers)
            self.seats = body.seats
            out.append(SeatsChanged(body.seats))
        elif isinstance(body, m.Undone):  # the board comes next (a Board)
            out.append(Note(body.text))
        elif isinstance(body, m.Chat):
            out.append(Note(chat_line(body)))
        elif isinstance(body, m.Notice):
            out.append(Notify(body.text, severity=body.severity))
        elif isinstance(body, m.SaveFailed):
            where = f" (the last good save: {body.last_good})" if body.last_good else ""
            out.append(Notify(f"Autosave failed: {body.reason}{where}", severity="warning", timeout=10))
        elif isinstance(body, m.GameOver):
            self.over = body
            out.append(Finish(body))
        return out

    def _watchers(self, watchers: tuple[str, ...]) -> list:
        """A line for the log when who watches changed (S4: nobody watches unseen)."""
        if watchers == self.watchers:
            return []
        self.watchers = watchers
        return [Note(watching_line(watchers))]

    def _end_proposal(self, seat: int, proposal: m.EndProposal, main: bool) -> list:
        """A proposal to end the game opened, moved on or closed; each of our seats still to answer is asked
        (in a hot-seat game, each in turn)."""
        out: list = []
        if proposal.seat == m.SPECTATOR:
            self.proposal = None
            self.end_asked.clear()
            if main:
                out.append(Notify(proposal.text, title="End of the game", timeout=8))
        else:
            self.proposal = proposal
            if seat in proposal.waiting and seat not in self.end_asked:
                self.end_asked.add(seat)
                out.append(AskEnd(seat, proposal))
        out.append(EndChanged())
        return out

    def _comings_and_goings(self, seats: tuple[m.SeatInfo, ...]) -> list:
        """A joined table: say when another player's terminal leaves (the table waits) and when it comes back
        (not a first arrival: the waiting line says who is away until then)."""
        out: list = []
        for old, new in zip(self.seats, seats, strict=False):
            if not new.is_human or old.connected == new.connected or new.seat in self.humans:
                continue
            if not new.connected:
                self.gone.add(new.seat)
                out.append(Away(new.seat))
            elif new.seat in self.gone:
                self.gone.discard(new.seat)
                out.append(Back(new.seat))
        return out

    def _human_among(self, seats: tuple[int, ...]) -> bool:
        return any(0 <= s < len(self.seats) and self.seats[s].is_human for s in seats)

    # ------------------------------------------------------------- the loop
    def next_step(self) -> Ask | HandOff | m.Thinking | Waiting | None:
        """What the panel should show now: a request of ours (Ask: it is `current` from now), the hand-off before
        a secret one (the loop waits for `handed_off`), the bot thinking, the other humans the table waits for;
        None: leave the panel as it is (a dialog holds the loop, a request is on it, the game is over)."""
        if self.blocked or self.current is not None or self.over is not None:
            return None
        waiting = [r for r in self.requests.values() if r.id not in self.sent]
        if not waiting:
            if self.thinking.seat >= 0:
                return self.thinking
            board = self.board
            if board is None or board.over:
                return None
            others = tuple(s for s in board.awaiting if s not in self.humans and self.seats[s].is_human)
            return Waiting(others) if others else None
        request = min(waiting, key=lambda r: r.id)
        if self.watching < 0 and self.secret(request) and request.id not in self.handed:
            self.blocked = True
            return HandOff(request)
        self.current = request
        return Ask(request)

    def secret(self, request: m.DecisionRequest) -> bool:
        """A secret choice: a hot seat hands the terminal over for it (the board's rule set says which)."""
        return self.rules_board is not None and request.phase in self.rules_board.secret_phases

    def handed_off(self, request: m.DecisionRequest) -> None:
        self.blocked = False
        self.handed.add(request.id)

    def revealed(self) -> None:
        self.blocked = False

    def chosen(self, request: m.DecisionRequest, action: tuple, key: tuple | None = None) -> m.Decision | None:
        """The panel's answer to `request` (`key`: the option chosen, preferred when this phase comes again): the
        Decision to send on the request's seat's connection, or None if the request is no longer on the panel."""
        if request is not self.current:
            return None
        self.last_choice = (request.phase, key)
        self.current = None
        self.sent.add(request.id)
        return m.Decision(request.id, request.seat, action)

    def prefer(self, request: m.DecisionRequest) -> tuple | None:
        """The option to highlight first: the one chosen last time, when the same decision comes again."""
        phase, key = self.last_choice
        return key if phase == request.phase else None

    def sealed_note(self, request: m.DecisionRequest) -> str:
        """For a sealed choice: that the other side has sealed its own, once it has (R10)."""
        sealed = self.sealed
        return sealed.text if sealed and request.sealed and sealed.seat not in (-1, request.seat) else ""

    def end_offered(self) -> bool:
        """The request on the panel may propose to end the game by agreement (its rule set says)."""
        r = self.current
        return (r is not None and self.proposal is None
                and game_of(r.view.options).engine.end_offered(r.view, r.seat))

    def end_refused(self) -> str:
        """Why the request on the panel may not propose to end the game now ("" when it may, or when its
        rule set has no such proposal)."""
        r = self.current
        if r is None or self.end_offered():
            return ""
        if self.proposal is not None:
            return "A proposal to end the game is already open."
        return game_of(r.view.options).engine.end_refused(r.view, r.seat)

    def others_human(self, seat: int) -> bool:
        """Another seat than `seat` is played by a human."""
        return any(i.is_human and i.seat != seat for i in self.seats)

    # ------------------------------------------------------------- what to show
    def display_seat(self) -> int:
        """Whose eyes the screen uses: the request's seat once it is on the panel (after its hand-off), else the
        watched seat (-1 in a hot-seat game: nobody in particular)."""
        if self.current is not None and (self.watching >= 0 or self.current.id in self.handed):
            return self.current.seat
        return self.watching

    def display_view(self):
        if self.current is not None and self.display_seat() == self.current.seat:
            return self.current.view
        return self.board

    # ----------------------------------------------------------------- saves
    def save(self, purpose: str, *, name: str = "", directory: str = "") -> None:
        """Ask the table to save now; its reply comes back as a SaveReply with `purpose`."""
        ref = next(self._refs)
        self._saves[ref] = purpose
        self.send(m.Save(name=name, directory=directory, ref=ref))


def watching_line(watchers: tuple[str, ...]) -> str:
    """Who watches, as the log says it: `Watching (3): alice, carol and 1 with the spectators' code.`"""
    if not watchers:
        return "Nobody is watching now."
    logins = sorted({w for w in watchers if w})
    by_code = sum(not w for w in watchers)
    parts = [", ".join(logins)] if logins else []
    if by_code:
        parts.append(f"{by_code} with the spectators' code")
    return f"Watching ({len(watchers)}): {' and '.join(parts)}."


ALLY = "/ally"  # a line typed with this first goes to the speaker's allies only


def to_ally(typed: str) -> tuple[str, bool]:
    """A typed chat line: (its text, whether it is for the allies only)."""
    text = typed.strip()
    if text.lower() == ALLY or text.lower().startswith(ALLY + " "):
        return text[len(ALLY):].strip(), True
    return text, False


def chat_line(line: m.Chat) -> str:
    """A line said at the table, as the log shows it: `Seat 2 · Atreides (Ann): ally?`, or `… to ally: …`."""
    return f"{line.name or 'Someone'}{' to ally' if line.ally else ''}: {line.text}"
