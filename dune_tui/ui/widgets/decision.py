"""The decision panel: what must be decided now, by whom, and the legal options with keys.

It shows one human request at a time (its view, never the state), or says who else is
deciding (a thinking bot, with a spinner).  When the person picks, it posts `Chosen`."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Static

from .choices import ChoiceList
from .forms import CommitForm, DiceForm
from .messages import Picked

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class DecisionPanel(Vertical):
    BINDINGS = [Binding("slash", "filter", "Filter", show=False)]

    class Chosen(Message):
        def __init__(self, request, action: tuple) -> None:
            super().__init__()
            self.request = request
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.request = None
        self._spin: Timer | None = None
        self._spin_n = 0
        self._wait_text = ""

    def compose(self) -> ComposeResult:
        yield Static(id="spinner")
        yield Static(id="ask")
        yield Input(placeholder="filter the options (Esc: clear)", id="filter")
        yield ChoiceList(id="choices")
        yield DiceForm(id="dice-form")
        yield CommitForm(id="commit-form")

    def on_mount(self) -> None:
        self.query_one("#filter", Input).cursor_blink = False
        self._show(None)

    # --------------------------------------------------------------- asking
    def ask(self, request, title: Text, prefer: tuple | None = None, note: str = "") -> None:
        """Show a human seat's request (its view and legal actions)."""
        self._stop_spinner()
        self.request = request
        self.border_title = title
        self.query_one("#ask", Static).update(Text(request.prompt, style="bold"))
        if request.phase == "roll":
            form = self.query_one(DiceForm)
            form.ask(request.view, request.legal)
        elif request.phase == "commit":
            form = self.query_one(CommitForm)
            form.ask(request.view, request.legal, note)
        else:
            form = self.query_one(ChoiceList)
            form.ask(request.view, request.legal, prefer)
        self._show(form)
        form.focus()

    def wait(self, text: Text | str, spinner: bool = False, title: Text | str = "Waiting") -> None:
        """Nothing for the keyboard to decide: say what is happening."""
        self.request = None
        self.border_title = title
        if self.screen.focused is not None and self.screen.focused in self.query("*"):
            self.screen.set_focus(None)
        self._show(None)
        self._wait_text = text
        self._stop_spinner()
        if spinner:
            self._spin = self.set_interval(0.12, self._tick)
        self._render_wait()

    def _tick(self) -> None:
        """Only the one-line spinner redraws: little to send over a slow link."""
        self._spin_n += 1
        self.query_one("#spinner", Static).update(Text(SPINNER[self._spin_n % len(SPINNER)] + " thinking",
                                                       style="bold"))

    def _render_wait(self) -> None:
        spinner = self.query_one("#spinner", Static)
        spinner.display = self._spin is not None
        if self._spin is not None:
            self._tick()
        self.query_one("#ask", Static).update(self._wait_text)

    def _stop_spinner(self) -> None:
        if self._spin is not None:
            self._spin.stop()
            self._spin = None
        self.query_one("#spinner", Static).display = False

    def _show(self, form) -> None:
        for widget in (self.query_one(ChoiceList), self.query_one(DiceForm), self.query_one(CommitForm)):
            widget.display = widget is form
        self.query_one("#filter", Input).display = False

    def focus_form(self) -> None:
        for widget in (self.query_one(ChoiceList), self.query_one(DiceForm), self.query_one(CommitForm)):
            if widget.display:
                widget.focus()

    @property
    def choice_key(self) -> tuple | None:
        """The option family highlighted in the list (kept across similar decisions)."""
        return self.query_one(ChoiceList).current_key if self.request is not None else None

    # --------------------------------------------------------------- filter
    def action_filter(self) -> None:
        if self.request is None or not self.query_one(ChoiceList).display:
            return
        box = self.query_one("#filter", Input)
        box.display = True
        box.focus()

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.query_one(ChoiceList).set_filter(event.value)

    @on(Input.Submitted, "#filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        self.query_one(ChoiceList).focus()

    def key_escape(self) -> bool | None:
        box = self.query_one("#filter", Input)
        if box.display:
            box.value = ""
            box.display = False
            self.query_one(ChoiceList).focus()
            return True
        return None

    # -------------------------------------------------------------- answers
    @on(Picked)
    def _picked(self, event: Picked) -> None:
        event.stop()
        if self.request is not None and event.action in self.request.legal:
            request, self.request = self.request, None
            self.post_message(self.Chosen(request, event.action))
