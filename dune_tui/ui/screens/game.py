"""The game screen: a client of a table (dune_tui.table, or a RemoteTable across a socket).

It draws only what the table's messages bring: the views, the events a seat may see, the
requests of its human seats.  Solo, it sits at the human's seat; in a hot-seat game it watches
as a spectator (the public view) and is also attached for every human seat, showing each
request after the privacy hand-off for a secret choice; with no human it watches.

What this terminal knows at the table is the seat client's (ui/seat_client.py, no Textual).  The screen keeps the
widgets and the keys, and hands each job to its own module: the table's messages and what the client answers them
(table_link.py), the loop of requests and answers (turns.py), ending the game by agreement (agreement.py), leaving
and saving (leaving.py); the advice is its panel's (widgets/advice.py), the link between the decision's list and
the board the decision panel's (widgets/decision.py), the keys typed before the first question early_keys.py's."""

from __future__ import annotations

import threading

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from ...games import game_of
from ...table import messages as m
from ..early_keys import EarlyKeys
from ..games import board_for, log_style
from ..kit.screens import DuneScreen
from ..seat_client import SeatClient, to_ally
from ..settings import Settings
from ..widgets.advice import AdvicePanel
from ..widgets.choices import ChoiceList
from ..widgets.decision import DecisionPanel
from ..widgets.footer import Footer
from ..widgets.log import GameLog
from ..widgets.messages import DieClicked, Pointed, RegionClicked
from .agreement import Agreement
from .leaving import Leaving
from .manage import OwnerControls
from .modals import LogScreen, Say
from .table_link import TableLink, TableSays
from .turns import Turns

__all__ = ["GameScreen", "TableSays", "narrow"]


def narrow(width: int) -> bool:
    """Under 80 columns the footer closes up its keys, so that `? Help` stays in sight."""
    return width < 80


class GameScreen(OwnerControls, DuneScreen):
    AUTO_FOCUS = ""  # none: the decision panel focuses its form when a human must decide (None would inherit
    # the app's "*", and back from a dialog the first focusable widget, the hidden filter, took the keys)
    BINDINGS = [
        Binding("q", "leave", "Quit"),
        Binding("s", "skip", "Skip"),
        Binding("ctrl+t", "say", "Say", show=False, key_display="ctrl+t"),  # talk: a line to the table
        Binding("p", "pause", "Pause"),
        Binding("l", "focus_log", "Log"),
        Binding("h", "hint", "Hint"),  # the search's advice on the decision on screen (Esc puts it away)
        Binding("u", "undo", "Undo", show=False, key_display="u"),  # take back a decision, against bots only
        Binding("v", "full_log", "Full log", show=False, key_display="v"),  # key_display: listed by `?`
        Binding("c", "houses", "House cards", show=False, key_display="c"),
        Binding("m", "focus_map", "Map", show=False, key_display="m"),  # the map's cursor, while places are lit
        Binding("ctrl+s", "save_as", "Save as", show=False, key_display="ctrl+s"),
        Binding("f1", "rules", "Rules", show=False, key_display="f1"),  # this game's rules page
        # end the game by agreement, where the rule set has it: offered, listed by `?` and said in the panel's
        # title (the footer has no room at 80 columns beside a roll's keys); refused, a notice says why
        Binding("e", "agree_end", "End the game by agreement", show=False, key_display="e"),
        Binding("o", "manage", "Manage table", show=False, key_display="o"),  # the owner's controls (manage.py)
    ]

    def __init__(self, table, settings: Settings, seats: list[int] | None = None, rejoin: str = "", lesson=None):
        """`seats`: the seats this terminal plays (default: every human seat); `rejoin`: what sits a seat joined to a
        table elsewhere down again (HOST:PORT/CODE, `lobby.join_command`); `lesson`: a guided game's (lesson.py)."""
        super().__init__()
        self.lesson, self.rejoin = lesson and lesson.bind(self), rejoin  # (screens/lesson.py)
        self.table, self.settings = table, settings  # the table: to attach and send; the screen never reads its game
        self.link, self.turns = TableLink(self), Turns(self)
        self.agreement, self.leaving = Agreement(self), Leaving(self)
        self.early_keys = EarlyKeys()  # keys typed before the first question (ui/early_keys.py)
        self.client = SeatClient(table, seats, joined=bool(rejoin), pause=settings.pause)
        self.client.attach(self._deliver)
        options = self.link.welcome().view.options  # the Welcome is sent during attach
        self.rules_board = board_for(options)(self)  # what is drawn for the game's rule set
        self.log_style = log_style(options)  # how the log writes the game's events
        self.client.rules_board = self.rules_board  # which choices are secret, which events reveal a battle

    @property
    def current(self):
        """The request on the panel (None: none)."""
        return self.client.current

    @property
    def board(self):
        """The latest view of the seat watched."""
        return self.client.board

    @property
    def watching(self) -> int:
        return self.client.watching

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("agree_end", "manage"):  # a rule set's key, saying why not when refused; an owner's key
            return self.agreement.key_shown() if action == "agree_end" else self.owner_key()
        return not (self.client.watching_only and action in ("skip", "pause", "hint", "undo"))  # a watcher: none

    @property
    def help_tips(self) -> str:
        """The rule set's own tips for `?` ("": the app's)."""
        return getattr(self.rules_board, "tips", "")

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield from self.rules_board.compose(self.client.seats)
        with Horizontal(id="bottom"):
            yield DecisionPanel(id="decision", words=self.rules_board.words, board=self.rules_board)
            with Vertical(id="log-box"):
                yield AdvicePanel(id="advice")
                yield GameLog(id="log", style=self.log_style)
        yield Footer(compact=narrow(self.app.size.width))

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(Footer).compact = narrow(event.size.width)
        self.call_after_refresh(self.agreement.hint)  # the panel's title in the form that fits its new width

    def on_mount(self) -> None:
        self.query_one("#log-box").border_title = "Log"
        (self.lesson or self.link).start()
        self.call_after_refresh(self.turns.advance)
        self.call_after_refresh(self.early_keys.start)

    def on_key(self, event: events.Key) -> None:
        """A form's key (or `h`) typed before our first question is on the panel: kept for it (ui/early_keys.py)."""
        if self.early_keys.keep(event, asked=self.current is not None):
            event.stop()
            event.prevent_default()

    def on_unmount(self) -> None:
        self.stop()

    def stop(self) -> None:
        self.drop_advice()
        self.app.end_game(self.table)  # closed first: a closed table tells nobody the leaving seats are away
        self.client.detach()

    # ------------------------------------------------------- what comes in
    def _deliver(self, seat: int, body) -> None:
        """The table's send, on the connection of `seat` (table_link.py)."""
        self.link.deliver(seat, body)

    @on(TableSays)
    def _take(self, message: TableSays) -> None:
        (self.lesson or self.link).take(message)

    @on(DecisionPanel.Chosen)
    def _chosen(self, event: DecisionPanel.Chosen) -> None:
        self.turns.chosen(event)

    @on(Pointed)
    @on(RegionClicked)
    @on(DieClicked)
    def _on_board(self, event: Pointed | RegionClicked | DieClicked) -> None:
        """The board's places and dice are linked to the decision's list by the decision panel."""
        self.query_one(DecisionPanel).on_board(event)

    @on(AdvicePanel.Advised)
    def _advised(self, event: AdvicePanel.Advised) -> None:
        """The advice arrives: shown if still for the decision on screen (else dropped), kept for the replay."""
        request = event.request
        if request is self.current:
            said = self.query_one(AdvicePanel).show_beside(self.query_one(ChoiceList), request, event.advice,
                                                           self.settings.advisor)
            if said:
                self.client.send(m.Hint(text=said, request=request.id), request.seat)

    # ----------------------------------------------------------------- keys
    def action_leave(self) -> None:
        self.leaving.ask()

    def action_save_as(self) -> None:
        self.leaving.save_as()

    def action_agree_end(self) -> None:
        self.agreement.propose()

    def action_hint(self) -> None:
        """`h`: the search's top options for the decision on screen, from the seat's view only, in a thread."""
        self.query_one(AdvicePanel).hint(self.current, self.client.hints, self.settings.advisor)

    @property
    def advising(self) -> threading.Event | None:
        """Set to cancel the advice being worked out (None: none is)."""
        return next((panel.advising for panel in self.query(AdvicePanel)), None)

    def drop_advice(self) -> None:
        """Cancel the advice being worked out and put the panel away."""
        for panel in self.query(AdvicePanel):  # none left while the screen is unmounted (the panel cancels then)
            panel.drop()

    def key_escape(self) -> None:
        self.drop_advice()

    def action_undo(self) -> None:  # (the table says why not in a line: table/undo.py)
        self.client.send(m.Undo())  # (on the watched seat's connection: a hot seat's is a spectator's)

    def action_say(self) -> None:
        self.app.push_screen(Say(), self._said)

    def _said(self, text: str | None) -> None:
        text, ally = to_ally(text or "")
        if text:
            self.client.send(m.Chat(text=text, ally=ally))

    def action_skip(self) -> None:
        self.client.send(m.Skip())

    def action_pause(self) -> None:
        self.client.send(m.SetPace(pause=self.settings.next_pause()))

    def action_focus_log(self) -> None:
        log = self.query_one(GameLog)
        if log.has_focus:
            self.query_one(DecisionPanel).focus_form()
        else:
            log.focus()

    def action_full_log(self) -> None:
        self.app.push_screen(LogScreen(self.query_one(GameLog).lines_written))

    def action_rules(self) -> None:
        from .rules import RulesScreen

        if self.board is not None:
            self.app.push_screen(RulesScreen(game_of(self.board.options).name))

    def action_focus_map(self) -> None:
        """`m`: the map takes the keys while the decision is about its places (arrows, Enter; Esc back)."""
        drawn = next(iter(self.query("#map")), None)
        if drawn is not None and drawn.allow_focus():
            drawn.focus()
        else:
            self.notify("No place to pick on the map now.", timeout=3)

    def action_houses(self) -> None:
        """`c`: every house card in full, from the seat's view."""
        view = self.client.display_view()
        if view is not None:
            self.app.push_screen(self.rules_board.houses_screen(view, self.client.seats, self.client.display_seat()))
