"""What the table says, on the game screen: every message on each of its connections is posted to the screen as
`TableSays` (the Welcomes, sent while it attaches, are kept until it is mounted), handed to the seat client, and
what the client answers is done in order (a line for the log, a notice, a dialog, the board drawn again); then the
loop shows what comes next (turns.py)."""

from __future__ import annotations

from textual.message import Message

from ...table import messages as m
from .. import seat_client as sc
from ..widgets.decision import DecisionPanel
from ..widgets.log import GameLog


class TableSays(Message):
    """A message of the table, as it came in on the connection for `seat`."""

    def __init__(self, seat: int, body) -> None:
        super().__init__()
        self.seat, self.body = seat, body


class TableLink:
    def __init__(self, screen) -> None:
        """`screen`: the game screen (its seat client, its widgets and dialogs)."""
        self.screen = screen
        self.early: list[TableSays] = []  # come before the screen was mounted
        self.live = False  # the screen is mounted: messages are taken as they come
        # called once they are (a game of this process starts its table then: no bot plays before the board is up,
        # so a lesson tells each step as it happens)
        self.then = None

    def deliver(self, seat: int, body) -> None:
        """The table's send: welcomes arrive during attach (before mount), the rest as messages."""
        message = TableSays(seat, body)
        if self.live:
            self.screen.post_message(message)
        else:
            self.early.append(message)

    def welcome(self) -> m.Welcome:
        """The first Welcome (sent during attach)."""
        return next(e.body for e in self.early if isinstance(e.body, m.Welcome))

    def came_early(self) -> list:
        """What the table said before the screen was mounted, in order (the Welcome first): taken at `start`."""
        return [e.body for e in self.early]

    def start(self) -> None:
        """The screen is mounted: what came before, then each message as it comes."""
        self.live = True
        for message in self.early:
            self.take(message)
        self.early.clear()
        if self.then is not None:
            self.then()

    def take(self, message: TableSays) -> None:
        """The seat client takes the message; the screen does what it says, then shows what comes next."""
        for effect in self.screen.client.take(message.seat, message.body):
            self.do(effect)
        self.screen.turns.advance()

    def do(self, effect) -> None:
        screen = self.screen
        match effect:
            case sc.Log(events):
                screen.query_one(GameLog).add(list(events))
            case sc.Note(text):
                screen.query_one(GameLog).note(text)
            case sc.Notify(text, severity, title, timeout):
                screen.notify(text, severity=severity, title=title, timeout=timeout, markup=False)
            case sc.Redraw():
                screen.turns.show_board()
            case sc.Reveal(event, batch):
                screen.app.push_screen(screen.rules_board.reveal_screen(event, batch), self._revealed)
            case sc.BattleNotice(event):
                screen.notify(screen.rules_board.reveal_summary(event), title="Battle", timeout=8, markup=False)
            case sc.SealedNote(text):
                screen.query_one(DecisionPanel).sealed_note = text
            case sc.SeatsChanged(seats):
                screen.rules_board.set_seats(seats)
            case sc.Away(seat):
                who = screen.turns.seat_title(seat).plain
                screen.notify(f"{who} is away: the table waits for them.", timeout=8, markup=False)
            case sc.Back(seat):
                screen.notify(f"{screen.turns.seat_title(seat).plain} is back at the table.", timeout=5, markup=False)
            case sc.Withdrawn():
                screen.drop_advice()
                screen.query_one(DecisionPanel).withdraw()
            case sc.AskEnd(seat, proposal):
                screen.agreement.ask(seat, proposal)
            case sc.EndChanged():
                screen.agreement.hint()
            case sc.SaveReply(purpose, reply):
                screen.leaving.saved(purpose, reply)
            case sc.Finish(over):
                screen.turns.finish(over)

    def _revealed(self, _result=None) -> None:
        self.screen.client.revealed()
        self.screen.turns.advance()
