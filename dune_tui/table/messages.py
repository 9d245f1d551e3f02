"""What a table and its clients say to each other: msgspec Structs, nothing else.

To a client (each `send` carries one):
    Welcome        on attach: everything to draw the screen (a rejoin gets the same)
    DecisionRequest  the controller's request to this client's seat (its view, its legal actions)
    Closed         a request of this seat is no longer open (answered, or withdrawn)
    EventBatch     the controller's batch: only the events this seat may see
    Board          the seat's view after a change
    Seats          who sits where: names, human or bot, connected or away; and who watches (by login)
    Thinking       a bot is deciding (seat -1: nobody is)
    Sealed         R10: a side of the battle has sealed its commit (public)
    Pace           the pause between bot steps, and whether the table skips ahead
    Notice         a line for the players (a bot failed and played a random move)
    SaveFailed     an autosave (ref 0) or a requested save failed: why, and the last good save
    Saved          a requested save was written
    Refused        this client's message was refused (the state is unchanged): why
    Chat           a line said at the table (every client gets it; not part of the game's log)
    GameOver       the result, the final view, the history the seat may see and the hints it was shown
    Undone         a decision was taken back (undo against bots): whose, the decisions left, what it was
    EndProposal    a proposal to end the game by agreement is open: who proposed it, who is still to answer
                   (seat -1: none is open any more, and `text` says why)

From a client:
    Decision       the controller's answer to an open request of the client's seat
    Skip, SetPace  the bots' pace
    Save           save now (autosave, or under a name) - the host's clients only
    Chat           a line to say at the table, or to the seat's allies only (`ally`; the table sets who said it
                   and to whom, cleans and caps the text)
    Hint           the advice `h` showed for an open request (kept beside the log for the replay)
    ProposeEnd     this seat proposes to end the game by agreement (when the rule set offers it: `end_offered`)
    AnswerEnd      this seat's yes or no to the open proposal
    Undo           take back this seat's last decision (a game where every other seat is a bot; table/undo.py)

The Structs are tagged so that a tagged union decodes them; the views are engine States (`view: Any`): the wire
form of a view comes with the network step.  Seat -1 is a spectator: public information only.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from ..controller import Decision, DecisionRequest, EventBatch
from ..games.events import Event  # every game's Event is one
from ..session import seat_label

SPECTATOR = -1

__all__ = [
    "SPECTATOR", "AnswerEnd", "Board", "Chat", "Closed", "Decision", "DecisionRequest", "EndProposal", "EventBatch",
    "GameOver", "Hint", "Notice", "Pace", "ProposeEnd", "Refused", "Save", "SaveFailed", "Saved", "Sealed", "SeatInfo",
    "Seats", "SetPace", "Skip", "Thinking", "Undo", "Undone", "Welcome",
]


class _Message(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    pass


class SeatInfo(_Message):
    """One seat as every client may know it (the same shape as a SeatConfig for the widgets)."""

    seat: int
    name: str = ""
    kind: Literal["human", "bot"] = "bot"
    agent: str = ""
    connected: bool = True  # a human seat with no client attached is away; a bot is always there
    stand_in: str = ""  # the bot playing for an away human (the host's --takeover), "" if none
    login: str = ""  # the Unix login this seat is kept for at a table on a shared server ("" if none)
    claimed: bool = False  # that login sat down at it when it was free (no invitation from the host)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self) -> str:
        return seat_label(self.name, self.kind, self.agent)


class Seats(_Message):
    seats: tuple[SeatInfo, ...]
    watchers: tuple[str, ...] = ()  # who watches: a login each ("" for a holder of the spectators' code over TCP)


class Board(_Message):
    seat: int
    view: Any  # engine State, viewer == seat (or -1: the public view)
    decisions: int  # decisions played so far


class Closed(_Message):
    seat: int
    id: int  # the request that is no longer open


class Thinking(_Message):
    seat: int = -1  # the bot deciding; -1: none
    prompt: str = ""


class Sealed(_Message):
    seat: int  # the side that has sealed its commit
    text: str


class Pace(_Message):
    pause: float
    skipping: bool = False


class Notice(_Message):
    text: str
    severity: Literal["information", "warning", "error"] = "warning"


class SaveFailed(_Message):
    reason: str
    last_good: str = ""  # the path of the last good save of this game ("" if none is known)
    ref: int = 0  # 0: an autosave; else the Save that asked


class Saved(_Message):
    path: str
    ref: int = 0


class Refused(_Message):
    reason: str
    id: int = 0  # the request the refused decision answered (0: not a decision)


class GameOver(_Message):
    """The end, for one seat: `state` is its final view (the prediction shown), `history` the events it
    may see (duck-typed like a Session for the game-over screen's statistics)."""

    seat: int
    state: Any
    history: list[Event]
    decisions: int
    seats: tuple[SeatInfo, ...]
    hints: tuple[Hint, ...] = ()  # the advice this seat was shown (h), in order


class Chat(_Message):
    """A line said at the table.  From a client only `text` counts: the table fills in who said it (`name`:
    `Seat 2 · Atreides (Ann)`, "Watcher alice", "Watcher" (over TCP) or "Host"); in a Welcome, `after` is how
    many of its events came before the line."""

    text: str
    seat: int = SPECTATOR
    name: str = ""
    after: int = 0
    ally: bool = False  # from a client: to my allies only (the game says who they are now)
    to: tuple[int, ...] = ()  # from the table: the seats an ally-only line was said to (its speaker's first)


class Hint(_Message):
    """Advice shown to a seat: from a client the open request it was for and a short summary; the table sets
    the seat and the decision's number (how many decisions were made before it)."""

    text: str
    request: int = 0
    seat: int = SPECTATOR
    decision: int = 0


class ProposeEnd(_Message):
    """End the game by agreement, where the rule set offers it (`end_offered`): this round is the last (the game's
    rules say what that means: its board's `words.ending`)."""


class AnswerEnd(_Message):
    yes: bool


class EndProposal(_Message):
    """The open proposal to end the game by agreement: `seat` proposed to end it at the end of `round`;
    `waiting` the human seats still to say yes.  Seat -1: no proposal is open (`text`: why it closed)."""

    seat: int = SPECTATOR
    round: int = 0
    waiting: tuple[int, ...] = ()
    text: str = ""


class Welcome(_Message):
    """Everything a client attached for `seat` needs to draw its screen."""

    seat: int
    game_id: str
    seats: tuple[SeatInfo, ...]
    view: Any
    events: list[Event]  # the recent events the seat may see, oldest first
    requests: tuple[DecisionRequest, ...] = ()  # open for this seat
    decisions: int = 0
    thinking: Thinking = Thinking()
    sealed: Sealed | None = None
    pace: Pace = Pace(pause=0.5)
    resumed: bool = False
    warning: str = ""
    recovery: str = ""  # the decisions a resumed game took from its journal (it had not been closed cleanly)
    over: GameOver | None = None
    chat: tuple[Chat, ...] = ()  # the recent lines said at the table, oldest first
    watchers: tuple[str, ...] = ()  # who watches (as in Seats)
    hints: bool = True  # the game allows advice (h); False for a competitive game
    proposal: EndProposal | None = None  # a proposal to end the game by agreement, open now


class Undo(_Message):
    """Take back this seat's last decision (refused, with a Notice saying why, unless table/undo.py allows it)."""


class Undone(_Message):
    """`seat` took back a decision: `text` says which; `decisions` are left in the game's log."""

    seat: int
    decisions: int
    text: str


class Skip(_Message):
    """Skip ahead: bots play without pausing until the next human decision."""


class SetPace(_Message):
    pause: float


class Save(_Message):
    """Save now: an autosave (no name), or under `name`; in `directory` if given, else the table's."""

    name: str = ""
    directory: str = ""
    ref: int = 0  # echoed in Saved / SaveFailed
