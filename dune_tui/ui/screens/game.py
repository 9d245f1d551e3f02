"""The game screen: a client of a table (dune_tui.table, or a RemoteTable across a socket).

It draws only what the table's messages bring: the views, the events a seat may see, the
requests of its human seats.  Solo, it sits at the human's seat; in a hot-seat game it watches
as a spectator (the public view) and is also attached for every human seat, showing each
request after the privacy hand-off for a secret choice; with no human it watches.

What this terminal knows at the table is the seat client's (ui/seat_client.py, no Textual): the screen forwards
each message to it, does what it answers (a line for the log, a notice, a dialog, the board drawn again) and
shows what it says comes next; the screen keeps the widgets, the dialogs and the keys."""

from __future__ import annotations

import threading
from functools import partial

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer, OptionList

from ...games import game_of
from ...table import messages as m
from .. import saving
from .. import seat_client as sc
from ..boards import board_for, log_style
from ..early_keys import EarlyKeys, replay
from ..seat_client import SeatClient
from ..settings import Settings
from ..widgets.advice import AdvicePanel, advice_summary
from ..widgets.choices import DIGITS, ChoiceList
from ..widgets.decision import DecisionPanel
from ..widgets.log import GameLog
from ..widgets.messages import DieClicked, MarksChanged, Pointed, RegionClicked
from .base import DuneScreen
from .modals import (
    AgreeEnd,
    ConfirmLeave,
    Handoff,
    LeaveTable,
    LogScreen,
    NotSaved,
    SaveAs,
    Say,
)


class TableSays(Message):
    """A message of the table, as it came in on the connection for `seat`."""

    def __init__(self, seat: int, body) -> None:
        super().__init__()
        self.seat, self.body = seat, body


def narrow(width: int) -> bool:
    """Under 80 columns the footer closes up its keys, so that `? Help` stays in sight."""
    return width < 80


class GameScreen(DuneScreen):
    AUTO_FOCUS = ""  # none: the decision panel focuses its form when a human must decide (None would inherit
    # the app's "*", and back from a dialog the first focusable widget, the hidden filter, took the keys)
    BINDINGS = [
        Binding("q", "leave", "Quit"),
        Binding("s", "skip", "Skip"),
        Binding("ctrl+t", "say", "Say", show=False, key_display="ctrl+t"),  # talk: a line to the table
        Binding("p", "pause", "Pause"),
        Binding("l", "focus_log", "Log"),
        Binding("h", "hint", "Hint"),  # the search's advice on the decision on screen (Esc puts it away)
        Binding("v", "full_log", "Full log", show=False, key_display="v"),  # key_display: listed by `?`
        Binding("c", "houses", "House cards", show=False, key_display="c"),
        Binding("m", "focus_map", "Map", show=False, key_display="m"),  # the map's cursor, while places are lit
        Binding("ctrl+s", "save_as", "Save as", show=False, key_display="ctrl+s"),
        Binding("f1", "rules", "Rules", show=False, key_display="f1"),  # this game's rules page
        # end the game by agreement, where the rule set has it: offered, listed by `?` and said in the panel's
        # title (the footer has no room at 80 columns beside a roll's keys); refused, a notice says why
        Binding("e", "agree_end", "End the game by agreement", show=False, key_display="e"),
    ]

    def __init__(self, table, settings: Settings, seats: list[int] | None = None, rejoin: str = "") -> None:
        """`seats`: the seats this terminal plays (default: every human seat — solo, or hot seat);
        `rejoin`: for a seat joined to a table hosted elsewhere, what sits it down again: the code (HOST:PORT/CODE),
        or a lobby's table's command (`lobby.join_command`)."""
        super().__init__()
        self.rejoin = rejoin
        self.table = table  # to attach and send (through the seat client); the screen never reads the table's game
        self.settings = settings
        self.panel_titles: list[Text] = [Text()]  # the title of the request on the panel, longest form first
        self.leaving: str | None = None  # "quit" / "menu" while the save before leaving is under way
        self._mounted = False
        self._early: list[TableSays] = []
        self.early_keys = EarlyKeys()  # keys typed before the first question (ui/early_keys.py)
        self.client = SeatClient(table, seats, joined=bool(rejoin), pause=settings.pause)
        self.client.attach(self._deliver)
        welcome = next(e.body for e in self._early if isinstance(e.body, m.Welcome))  # sent during attach
        self.rules_board = board_for(welcome.view.options)(self)  # what is drawn for the game's rule set
        self.client.rules_board = self.rules_board  # which choices are secret, which events reveal a battle
        self._log_style = log_style(welcome.view.options)  # how the log writes the game's events

    @property
    def current(self):
        """The request on the panel (None: none)."""
        return self.client.current

    @property
    def board(self):
        """The latest view of the seat watched."""
        return self.client.board

    @property
    def over(self) -> m.GameOver | None:
        return self.client.over

    @property
    def watching(self) -> int:
        return self.client.watching

    @property
    def watching_only(self) -> bool:
        """A spectator of a table hosted elsewhere: it sees the game and chats, and changes nothing."""
        return self.client.watching_only

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "agree_end":  # the key of a rule set that has it, saying why not when it is refused
            return self.client.end_offered() or bool(self.client.end_refused())
        return not (self.watching_only and action in ("skip", "pause", "hint"))

    @property
    def help_tips(self) -> str:
        """The rule set's own tips for `?` ("": the app's)."""
        return getattr(self.rules_board, "tips", "")

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield from self.rules_board.compose(self.client.seats)
        with Horizontal(id="bottom"):
            yield DecisionPanel(id="decision", words=self.rules_board.words)
            with Vertical(id="log-box"):
                yield AdvicePanel(id="advice")
                yield GameLog(id="log", style=self._log_style)
        yield Footer(compact=narrow(self.app.size.width))

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(Footer).compact = narrow(event.size.width)
        self.call_after_refresh(self.end_hint)  # the panel's title in the form that fits its new width

    def on_mount(self) -> None:
        self.query_one("#log-box").border_title = "Log"
        self._mounted = True
        for message in self._early:
            self._take(message)
        self._early.clear()
        self.call_after_refresh(self.advance)
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

    # ------------------------------------------------------ from the table
    def _deliver(self, seat: int, body) -> None:
        """The table's send: welcomes arrive during attach (before mount), the rest as messages."""
        message = TableSays(seat, body)
        if self._mounted:
            self.post_message(message)
        else:
            self._early.append(message)

    @on(TableSays)
    def _table_says(self, message: TableSays) -> None:
        self._take(message)

    def _take(self, message: TableSays) -> None:
        """The seat client takes the message; the screen does what it says, then shows what comes next."""
        for effect in self.client.take(message.seat, message.body):
            self._do(effect)
        self.advance()

    def _do(self, effect) -> None:
        match effect:
            case sc.Log(events):
                self.query_one(GameLog).add(list(events))
            case sc.Note(text):
                self.query_one(GameLog).note(text)
            case sc.Notify(text, severity, title, timeout):
                self.notify(text, severity=severity, title=title, timeout=timeout, markup=False)
            case sc.Redraw():
                self.show_board()
            case sc.Reveal(event, batch):
                self.app.push_screen(self.rules_board.reveal_screen(event, batch), self._revealed)
            case sc.BattleNotice(event):
                self.notify(self.rules_board.reveal_summary(event), title="Battle", timeout=8, markup=False)
            case sc.SealedNote(text):
                self.query_one(DecisionPanel).sealed_note = text
            case sc.SeatsChanged(seats):
                self.rules_board.set_seats(seats)
            case sc.Away(seat):
                who = self.seat_title(seat).plain
                self.notify(f"{who} is away: the table waits for them.", timeout=8, markup=False)
            case sc.Back(seat):
                self.notify(f"{self.seat_title(seat).plain} is back at the table.", timeout=5, markup=False)
            case sc.Withdrawn():
                self.drop_advice()
            case sc.AskEnd(seat, proposal):
                self._ask_end(seat, proposal)
            case sc.EndChanged():
                self.end_hint()
            case sc.SaveReply(purpose, reply):
                self._saved(purpose, reply)
            case sc.Finish(over):
                self.finish(over)

    def _ask_end(self, seat: int, proposal: m.EndProposal) -> None:
        """One of our seats is asked to agree to end the game (in a hot-seat game, each in turn)."""
        text = self.seat_title(proposal.seat)
        text.append(f" proposes to end the game at the end of round {proposal.round}: "
                    f"{self.rules_board.words.ending_asked}\n\n")
        text.append_text(self.seat_title(seat))
        text.append(", do you agree?\n\ny  yes\nn  no, play on")
        self.app.push_screen(AgreeEnd("End the game?", text), partial(self._end_answered, seat))

    def end_hint(self) -> None:
        """`e` (end by agreement) comes and goes with the request on the panel, and its title says so."""
        self.refresh_bindings()
        if self.current is not None:
            panel = self.query_one(DecisionPanel)
            room = panel.size.width - 2 if panel.size.width else 1000  # the title between the two corners
            hints = (" · e: end game?", " · e: end?") if self.client.end_offered() else ("",)
            forms = [(title, hint) for title in self.panel_titles for hint in hints]
            title, hint = next(((t, h) for t, h in forms if t.cell_len + len(h) <= room), forms[-1])
            panel.border_title = title.copy().append(hint, style="dim")

    def _end_answered(self, seat: int, yes: bool | None) -> None:
        self.client.send(m.AnswerEnd(yes=bool(yes)), seat)

    def action_agree_end(self) -> None:
        if not self.client.end_offered():
            refused = self.client.end_refused()
            if refused:
                self.notify(refused, title="End by agreement", markup=False)
            return
        request = self.current
        text = Text(f"End the game at the end of round {request.view.round}? {self.rules_board.words.ending}")
        if self.client.others_human(request.seat):
            text.append(" Every other player must agree.")
            text.append("\n\ny  propose it\nn  play on")
        else:  # a newcomer's y ended the game for good, not knowing the bots say yes at once
            text.append(" The bots agree at once: this cannot be taken back.")
            text.append("\n\ny  end it with this round\nn  play on")
        self.app.push_screen(AgreeEnd("End the game by agreement?", text), partial(self._end_proposed, request))

    def _end_proposed(self, request, yes: bool | None) -> None:
        if yes:
            self.client.send(m.ProposeEnd(), request.seat)

    def _revealed(self, _result=None) -> None:
        self.client.revealed()
        self.advance()

    # ----------------------------------------------------------- what to show
    def show_board(self) -> None:
        v = self.client.display_view()
        if v is None or not self._mounted:
            return
        self.rules_board.show(v, self.client.display_seat(), self.client.pace)
        self.light_map()

    def light_map(self) -> None:
        """The regions the open decision's listed options are about light up on the map."""
        choices = self.query_one(ChoiceList)
        shown = self.current is not None and choices.display
        self.rules_board.light(self.current.view if shown else None,
                               [c.key for c in choices.shown] if shown else None)
        self._point(choices.highlighted)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._point(event.option_index)

    def _point(self, index: int | None) -> None:
        """The map points at the region of the option highlighted in the list."""
        choices = self.query_one(ChoiceList)
        key = None
        if self.current is not None and index is not None and index < len(choices.shown):
            key = choices.shown[index].key
        self.rules_board.point(self.current.view if key is not None else None, key)

    @on(Pointed)
    def _map_pointed(self, event: Pointed) -> None:
        """The map's cursor moved: the list's highlight goes to the first option about that place, unless it is
        on one already (its highlight moving then points the map at the same place: no loop)."""
        choices = self.query_one(ChoiceList)
        if self.current is None or not choices.display:
            return
        options = self.rules_board.options_at(self.current.view, [c.key for c in choices.shown]).get(event.loc, [])
        if options and choices.highlighted not in options:
            choices.highlighted = options[0]

    @on(DieClicked)
    def _die_clicked(self, event: DieClicked) -> None:
        """A click on a die marks it, as its key would, while the human rolls."""
        form = self.query_one("#dice-form")
        if self.current is not None and form.display and not self.query_one(DecisionPanel).guarded:
            form.action_toggle(event.die)

    @on(RegionClicked)
    def _region_clicked(self, event: RegionClicked) -> None:
        """A click on a region picks its option as its key would; with several there, the list shows the first."""
        choices = self.query_one(ChoiceList)
        if self.current is None or not choices.display:
            return
        options = self.rules_board.options_at(self.current.view, [c.key for c in choices.shown]).get(event.loc, [])
        if len(options) == 1:
            choices.action_pick(options[0])
        elif options:
            choices.highlighted = options[0]
            self.query_one(DecisionPanel).focus_form()

    def seat_title(self, seat: int, who: bool = True) -> Text:
        """`seat 2 [H] Harkonnen, Ann`: the seat, its side and (`who`) who plays it."""
        f = game_of(self.board.options).seat_sides(self.board)[seat]
        title = Text(f"seat {seat + 1} ")
        if f >= 0:
            title.append_text(self.rules_board.side_label(f))
        if who:
            title.append(", " + ("you" if seat == self.watching else self.client.seats[seat].label()))
        return title

    # ------------------------------------------------------------- the loop
    def advance(self) -> None:
        """Show what the seat client says comes next: a request of ours (after its hand-off), or who is thinking,
        or whom the table waits for."""
        if not self.is_attached:
            return
        match self.client.next_step():
            case sc.HandOff(request):
                self.show_board()
                self.query_one(DecisionPanel).wait("Waiting for the hand-off…")
                self.app.push_screen(Handoff(self.seat_title(request.seat)), partial(self._handed_off, request))
            case sc.Ask(request):
                self.show_request(request)
            case m.Thinking() as thinking:
                self.show_thinking(thinking)
            case sc.Waiting(others):
                self.show_waiting(others)

    def _handed_off(self, request, _result=None) -> None:
        self.client.handed_off(request)
        self.advance()

    def show_request(self, request) -> None:
        """The client has put `request` on the panel: draw it."""
        self.drop_advice()
        self.show_board()
        self.panel_titles = self.request_titles(request)
        self.query_one(DecisionPanel).ask(request, self.panel_titles[0], prefer=self.client.prefer(request),
                                          note=self.client.sealed_note(request))
        self.end_hint()
        self.light_map()
        if self.early_keys.open:  # the first question: the keys typed for it before it came, to its form
            self.call_after_refresh(replay, self.app, self.early_keys.close())

    def request_titles(self, request) -> list[Text]:
        """The panel's title for `request`, longest first: its words go before the side's name is cut
        ("Decide now: seat 1 [H] Harkonnen, Ann", then "seat 1 [H] Harkonnen, Ann", "seat 1 [H] Harkonnen")."""
        if self.watching >= 0:
            f = game_of(request.view.options).seat_sides(request.view)[request.seat]
            if f < 0:
                return [Text("Your decision", style="bold")]
            side = self.rules_board.side_label(f)
            return [Text.assemble(("Your decision", "bold"), " as ", side),
                    Text.assemble(("You", "bold"), " as ", side), side]
        return [Text.assemble(("Decide now: ", "bold"), self.seat_title(request.seat)), self.seat_title(request.seat),
                self.seat_title(request.seat, who=False)]

    def show_waiting(self, others: tuple[int, ...]) -> None:
        """Nothing of ours to decide and no bot thinking: say which other players the table waits for."""
        text = Text("Waiting for ")
        for i, seat in enumerate(others):
            text.append_text(Text(" and ") if i else Text())
            text.append_text(self.seat_title(seat))
            if not self.client.seats[seat].connected:
                text.append(" (away)", style="bold")
        text.append("…")
        self.query_one(DecisionPanel).wait(text)  # no spinner: a person may take minutes, and idle means idle

    def show_thinking(self, thinking: m.Thinking) -> None:
        self.show_board()
        text = self.seat_title(thinking.seat)
        text.append(" is thinking…")
        text.append(f"\n{thinking.prompt}", style="dim")
        if not self.watching_only:
            text.append("\ns: skip ahead to your next decision   p: bot pause", style="dim")
        self.query_one(DecisionPanel).wait(text, spinner=True, title=self.seat_title(thinking.seat))

    @on(DecisionPanel.Chosen)
    def _chosen(self, event: DecisionPanel.Chosen) -> None:
        request = event.request
        decision = self.client.chosen(request, event.action, event.key)
        if decision is None:
            return
        self.drop_advice()
        self.refresh_bindings()
        self.rules_board.light(None, None)
        self.query_one(DecisionPanel).wait("…")
        self.client.send(decision, request.seat)

    @on(MarksChanged)
    def _marks(self, event: MarksChanged) -> None:
        self.rules_board.set_marks(event.marks)

    def finish(self, over: m.GameOver) -> None:
        screen = self.rules_board.game_over_screen(over, self.settings, bool(self.rejoin))
        if not self.rejoin and self.client.game_id:  # the game's autosave is here (a joined seat's is the host's)
            screen.save_path = saving.autosave_path(self.client.game_id, self.settings.save_dir)
        self.app.switch_screen(screen)

    # ----------------------------------------------------------------- keys
    def action_say(self) -> None:
        self.app.push_screen(Say(), self._said)

    def _said(self, text: str | None) -> None:
        if text and text.strip():
            self.client.send(m.Chat(text=text))

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

    # ------------------------------------------------------------- advice
    def action_hint(self) -> None:
        """`h`: the search works out its top options for the decision on screen, from the seat's view only,
        in a thread (the advice panel's); the screen keeps answering keys meanwhile."""
        request = self.current
        if not self.client.hints:
            self.notify("Hints are off for this game.", timeout=4)
            return
        if request is None:
            self.notify("No decision of yours to advise on.", timeout=4)
            return
        self.query_one(AdvicePanel).ask(request, self.settings.advisor)

    @property
    def advising(self) -> threading.Event | None:
        """Set to cancel the advice being worked out (None: none is)."""
        return next((panel.advising for panel in self.query(AdvicePanel)), None)

    @on(AdvicePanel.Advised)
    def _advised(self, event: AdvicePanel.Advised) -> None:
        """The advice arrives: shown if it is still for the decision on screen (else dropped)."""
        request, advice = event.request, event.advice
        if request is not self.current:
            return
        choices = self.query_one(ChoiceList)
        where = [self._listed(choices, a.action) if choices.display else None for a in advice]
        keys = [DIGITS[i] if i is not None and i < len(DIGITS) else "·" for i in where]
        self.query_one(AdvicePanel).show(request.view, advice, self.settings.advisor or "mcts", keys)
        if where and where[0] is not None:  # the list's highlight follows the top option
            choices.highlighted = where[0]
        if advice:  # kept beside the log, for the replay
            self.client.send(m.Hint(text=advice_summary(request.view, advice), request=request.id), request.seat)

    @staticmethod
    def _listed(choices: ChoiceList, action) -> int | None:
        """Where the list shows `action` (a counted option counts as its family)."""
        return next((i for i, c in enumerate(choices.shown) if action == c.key or action in c.by_count.values()),
                    None)

    def drop_advice(self) -> None:
        """Cancel the advice being worked out and put the panel away."""
        for panel in self.query(AdvicePanel):  # none left while the screen is unmounted (the panel cancels then)
            panel.drop()

    def key_escape(self) -> None:
        self.drop_advice()

    # --------------------------------------------------------------- saving
    def _saved(self, purpose: str, reply) -> None:
        failed = isinstance(reply, m.SaveFailed)
        if purpose == "name":
            dialog = self.app.screen if isinstance(self.app.screen, SaveAs) and self.app.screen.submit else None
            if failed and dialog is not None:
                dialog.refused(reply.reason)  # open still, the name as typed: mend it or Esc
            elif failed:
                self.notify(f"Not saved: {reply.reason}", severity="error", timeout=8, markup=False)
            else:
                if dialog is not None:
                    dialog.dismiss(None)
                self.notify(f"Saved as {reply.path.rsplit('/', 1)[-1]}", timeout=4, markup=False)
        elif purpose == "leave" and self.leaving is not None:
            if failed:
                self.app.push_screen(NotSaved(reply.reason, reply.last_good), self._retry)
            else:
                self._leave(saved=True)

    def action_save_as(self) -> None:
        self.app.push_screen(SaveAs(submit=self._save_as))

    def _save_as(self, name: str) -> None:
        self.client.save("name", name=name)

    def action_leave(self) -> None:
        if self.client.table_closed:  # the table is gone: nothing waits, nothing to keep
            self.leaving = "menu"  # back to where the player sat down from (the lobby's list)
            self._leave(saved=True)
            return
        if self.rejoin:
            below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
            dialog = LeaveTable(self.rejoin, watching=self.watching_only, back_to=getattr(below, "BACK_NAME", ""))
        else:
            dialog = ConfirmLeave(self.resume_command())
        self.app.push_screen(dialog, self._left)

    def resume_command(self) -> str:
        """How this game is resumed when Continue cannot: a hosted game with seats kept for other logins is hosted
        again (the command with its autosave; "" when Continue resumes it)."""
        from ...net.identity import my_login
        from ...session import host_load

        me = my_login()
        if not self.client.game_id or not any(s.is_human and s.login and s.login != me for s in self.client.seats):
            return ""
        return host_load(str(saving.autosave_path(self.client.game_id, self.settings.save_dir)))

    def _left(self, choice: str | None) -> None:
        if choice is None:
            return
        self.leaving = choice
        self.client.save("leave")

    def _retry(self, answer: str | None) -> None:
        """After a failed save: another directory to try, "discard" to leave unsaved, or None to play on."""
        if answer is None:
            self.leaving = None
            self.notify("The game is not saved: it stays open.", severity="warning", timeout=8)
        elif answer == NotSaved.DISCARD:
            self._leave(saved=False)
        else:
            self.client.save("leave", directory=answer)

    def _leave(self, saved: bool) -> None:
        choice, self.leaving = self.leaving, None
        self.stop()
        if choice == "quit":
            self.app.exit(0 if saved else 1)
        else:
            self.app.pop_screen()
