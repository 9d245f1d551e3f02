"""The controller: owns the authoritative game, asks the seat that must decide,
and tells each seat only what it may see.

It speaks in messages and knows nothing of how they travel:

- `pending()` gives the `DecisionRequest`s to deliver now: the seat's view,
  its legal actions and a prompt.  During a sealed battle commit both
  seats' requests are issued together, from views taken before either
  answers, so neither can see the other's commit.
- `submit(Decision)` applies an answer and returns `EventBatch`es, one per
  seat, each holding only the events that seat may see.
- `run(agents)` is the simple synchronous loop the simulator uses; the
  Textual game drives `pending`/`submit` itself from its event loop.

Every applied decision is appended to `log`: with the options it replays the
game exactly (see `replay`).  Beside it, `revealed` says of each whether playing it showed what nobody could have
known before (dice rolled or drawn, a sealed choice opened): `undoable` and `take_back` let a seat take back its own
decisions since then (a game against bots), replaying the log without them, so that what was seen stays known.
The verbs come from the options' rule set (`dune_tui.games`): the same controller plays either game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from .games import game_of
from .games.events import Event  # every game's Event is one
from .games.state import GameState as State  # every game's State is one

Options = msgspec.Struct  # a game's Options (its engine's; `game_of` knows the game by their class)


class DecisionRequest(msgspec.Struct, frozen=True, kw_only=True):
    """Asks `seat` to choose one of `legal` (a seat sees `view`, never the state)."""

    id: int
    seat: int
    phase: str
    prompt: str
    view: Any  # State with viewer == seat
    legal: tuple
    sealed: bool = False  # part of a secret simultaneous choice (the engine's `is_simultaneous`: a battle commit)
    # to a bot at a table: the seconds the table's bots have thought so far in this turn of the game (None: not told,
    # the bot counts its own), so a turn's wall-clock cap bounds all of its bots together (table/pacing.TurnClock)
    bots_seconds: float | None = None


class Decision(msgspec.Struct, frozen=True):
    """A seat's answer to request `id`."""

    id: int
    seat: int
    action: tuple


class EventBatch(msgspec.Struct, frozen=True):
    """The events one seat may see after a decision."""

    seat: int
    events: list[Event]


class LogEntry(msgspec.Struct, frozen=True, array_like=True):
    seat: int
    action: tuple


class StaleDecision(ValueError):
    """An answer to a request that is no longer open (answered, or superseded)."""


class Controller:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.game = game_of(options)
        self.rules = self.game.engine  # the rule set's verbs: new_game, apply, view, legal_actions...
        self.state: State = self.rules.new_game(options)
        self.log: list[LogEntry] = []
        self.revealed: list[bool] = []  # per log entry: it showed something unknown (`reveals`), never taken back
        self.opening: list[Event] = self.rules.opening_events(self.state)
        self._open: dict[int, DecisionRequest] = {}
        self._next_id = 1

    # ------------------------------------------------------------- asking
    @property
    def over(self) -> bool:
        return self.state.over

    def pending(self) -> list[DecisionRequest]:
        """The requests open now (one per seat that must decide)."""
        awaiting = self.state.awaiting
        if any(s not in awaiting for s in (r.seat for r in self._open.values())):
            self._open = {}
        have = {r.seat for r in self._open.values()}
        sealed = self.rules.is_simultaneous(self.state)
        rules, prompt = self.rules, self.game.describe.prompt
        for seat in awaiting:
            if seat in have:
                continue
            req = DecisionRequest(
                id=self._next_id, seat=seat, phase=self.state.phase, prompt=prompt(self.state, seat),
                view=rules.view(self.state, seat), legal=tuple(rules.legal_actions(self.state, seat)), sealed=sealed)
            self._next_id += 1
            self._open[req.id] = req
        return list(self._open.values())  # in id order: ids only grow, and a dict keeps the order they came in

    def events_for(self, seat: int, events: list[Event]) -> list[Event]:
        return [e for e in events if e.to is None or e.visible_to(seat)]  # (most are public: no call for them)

    # ------------------------------------------------------------ answering
    def submit(self, decision: Decision) -> list[EventBatch]:
        """Apply an answer; raise StaleDecision or the engine's IllegalAction (state unchanged)."""
        req = self._open.get(decision.id)
        if req is None or req.seat != decision.seat:
            raise StaleDecision(f"request {decision.id} for seat {decision.seat + 1} is not open")
        events = self.play(decision.seat, decision.action)
        del self._open[decision.id]
        return [EventBatch(s, self.events_for(s, events)) for s in range(self.state.n)]

    def play(self, seat: int, action) -> list[Event]:
        """Apply `action` for `seat` (raises the engine's IllegalAction, state unchanged) and log it, with whether
        it revealed anything; its events."""
        action = self.rules.as_action(action)
        sealed, rng = self.rules.is_simultaneous(self.state), self.state.rng
        events = self.rules.apply(self.state, seat, action)
        self.log.append(LogEntry(seat, action))
        self.revealed.append(reveals(sealed, rng, self.state.rng))
        return events

    # ----------------------------------------------------------- taking back
    def undoable(self, seat: int) -> str:
        """Why `seat` may not take back the last decision ("" when it may): it must be its own, and have shown
        nothing unknown (no roll, draw or sealed choice opened): what a seat has seen stays known."""
        if self.over:
            return "Nothing to take back: the game is over."
        if not self.log:
            return "Nothing to take back: no decision has been played yet."
        if self.log[-1].seat != seat:
            return (f"Nothing to take back: the last decision was seat {self.log[-1].seat + 1}'s, "
                    "and what it showed stays known.")
        if len(self.revealed) != len(self.log) or self.revealed[-1]:  # (a log not played here: as revealed)
            return ("Nothing to take back: your last decision rolled or drew dice, or opened a sealed choice, "
                    "and what it showed stays known.")
        return ""

    def take_back(self) -> tuple[LogEntry, list[Event]]:
        """Take back the last decision (`undoable` said it may be): the game replayed from its options without it,
        so the dice come back the same.  The entry taken back and every event of the game as now played.  Open
        requests are dropped; new ones get new ids."""
        entry = self.log[-1]
        again, events = replay(self.options, self.log[:-1])
        self.state, self.log, self.revealed = again.state, again.log, again.revealed
        self._open = {}
        return entry, events

    def run(self, agents: Sequence[Any], max_decisions: int = 100_000) -> State:
        """Play to the end, asking `agents[seat].decide(request)` (each an `ai.agent.Agent`, the one protocol of a
        bot: the controller does not import the bots, nor they it).  Requests issued together are all answered
        before any answer is applied (sealed commits)."""
        for _ in range(max_decisions):
            if self.state.over:
                return self.state
            requests = self.pending()
            answers = [Decision(r.id, r.seat, agents[r.seat].decide(r)) for r in requests]
            for answer in answers:
                self.submit(answer)
        raise RuntimeError(f"game did not end within {max_decisions} decisions")


def reveals(sealed: bool, rng: int | None, rng_after: int | None) -> bool:
    """Whether a decision showed something nobody could have known: played at a sealed choice (`sealed`: its answer
    opens the others'), or the dice generator moved from `rng` to `rng_after` (a roll or a draw).  The one rule of
    what undo may not take back."""
    return sealed or rng != rng_after


def replay(options: Options, log: list, each: Callable[[Controller, list[Event]], None] | None = None,
           ) -> tuple[Controller, list[Event]]:
    """Re-run a decision log; returns the controller and every event, in order.  `each(controller, events)`, if
    given, sees every position: the opening, then after each decision (the review keeps them).
    Raises IllegalAction at the first entry that is not legal."""
    c = Controller(options)
    events = list(c.opening)
    if each is not None:
        each(c, events)
    play_on(c, log, events, each)
    return c, events


def play_on(c: Controller, log: list, events: list[Event],
            each: Callable[[Controller, list[Event]], None] | None = None) -> None:
    """Apply more logged decisions (`(seat, action)` or LogEntry) to `c`, their events appended to `events`
    (`each(c, events)` after each one, if given).
    Raises IllegalAction at the first entry that is not legal (the decisions before it applied, not it)."""
    for i, entry in enumerate(log):
        seat, action = (entry.seat, entry.action) if isinstance(entry, LogEntry) else entry
        try:
            events += c.play(seat, action)
        except Exception as e:
            e.add_note(f"at decision {len(c.log) + 1} of {len(c.log) - i + len(log)}")
            raise
        if each is not None:
            each(c, events)
