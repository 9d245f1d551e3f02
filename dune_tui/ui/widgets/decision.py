"""The decision panel: what must be decided now, by whom, and the legal options with keys.

It shows one human request at a time (its view, never the state), or says who else is
deciding (a thinking bot, with a spinner).  When the person picks, it posts `Chosen`.

Under the question, a line or two says what the decision will do (`describe.consequences`: the
storm, the spice, what the Kanly weapon cannot reach).  The options keep their rows: the lines get only the rows the
list leaves (a line that does not fit whole is cut to one row, …), so no option scrolls out of a small panel for them
(unless the options alone are more than it holds: they scroll, under the whole lines).
A key never answers the next question: when a new kind of question appears, its form takes the keyboard only
after `GUARD` seconds, so keys typed for the last one are not applied to it (the first has no guard: none came before).
A landing counted with ◀ ▶ is answered again, the same way, by the panel, while it is legal.

It links its list to the game's board (`board`: ui.kit.board.Board): the places the listed options are about light up
on the map, the map points at the highlighted option's place, a click on a place or the map's cursor picks or
highlights its option, a click on a die marks it; the dice marked in the roll form show on the board's tray."""

from __future__ import annotations

from typing import ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static

from .choices import ChoiceList
from .messages import DieClicked, MarksChanged, Picked, Pointed, RegionClicked
from .words import Words


class Form(Protocol):
    """What the panel asks of a game's form (`Words.forms`: a phase's form class): its widget id, and `ask` with the
    request's view, its legal actions and a note to say (for a sealed choice: the other side has sealed its own),
    which it keeps in `note` (the panel updates it while the question is open)."""

    FORM_ID: ClassVar[str]
    note: str

    def ask(self, view, legal, note: str = "") -> None: ...


SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class DecisionPanel(Vertical):
    BINDINGS = [Binding("slash", "filter", "Filter", show=False, key_display="/")]
    GUARD = 0.2  # seconds a new kind of question ignores the keyboard
    DEFAULT_CSS = "DecisionPanel #consequences { height: auto; padding: 0 1; color: $text-muted; }"

    sealed_note = var("")  # for a sealed choice: the other side has sealed its own (the game screen sets it)

    class Chosen(Message):
        """`key`: the option family chosen in the list (None for a form), highlighted first when the same
        decision comes again."""

        def __init__(self, request, action: tuple, key: tuple | None = None) -> None:
            super().__init__()
            self.request = request
            self.action = action
            self.key = key

    def __init__(self, *, words: Words, board=None, id: str | None = None) -> None:
        """`words`: the game's words and forms; `board`: the game's board the list is linked to (None: none)."""
        super().__init__(id=id)
        self.words = words
        self.board = board
        self.request = None
        self._spin: Timer | None = None
        self._spin_n = 0
        self._wait_text = ""
        self._asked_phase = ""  # the kind of the last question asked
        self._guard: Timer | None = None
        self._repeat: tuple | None = None  # (seat, action, times left, key) of a counted landing
        self._lines: list[str] = []  # the lines under the open question

    def compose(self) -> ComposeResult:
        yield Static(id="spinner")
        yield Static(id="ask")
        yield Static(id="consequences")
        yield Input(placeholder="filter the options (Esc: clear)", id="filter")
        yield ChoiceList(id="choices", words=self.words)
        for form in dict.fromkeys(self.words.forms.values()):
            yield form(id=form.FORM_ID)

    def on_mount(self) -> None:
        self.query_one("#filter", Input).cursor_blink = False
        self._show(None)

    # --------------------------------------------------------------- asking
    def ask(self, request, title: Text, prefer: tuple | None = None, note: str = "") -> None:
        """Show a human seat's request (its view and legal actions)."""
        self._stop_spinner()
        self.request = request
        self.border_title = title
        self.set_reactive(DecisionPanel.sealed_note, note)  # the form is asked with it below
        if self._repeated(request):
            return
        self.query_one("#ask", Static).update(Text(request.prompt, style="bold"))
        quiet = request.phase in self.words.quiet
        lines = [] if quiet else self.words.consequences(request.view, request.seat)
        self._lines = lines
        form_class = self.words.forms.get(request.phase)
        if form_class is not None:
            form = self.query_one(form_class)
            form.ask(request.view, request.legal, note)
        else:
            form = self.query_one(ChoiceList)
            form.ask(request.view, request.legal, prefer)
        self._show(form)
        self._fit_lines()
        new_question = bool(self._asked_phase) and request.phase != self._asked_phase  # the first: no keys to drop
        self._asked_phase = request.phase
        self._end_guard(focus=False)
        if new_question and self.GUARD > 0:
            if self.screen.focused is not None and self.screen.focused in self.query("*"):
                self.screen.set_focus(None)
            self._guard = self.set_timer(self.GUARD, self._end_guard)
        else:
            form.focus()

    def on_resize(self) -> None:
        self._fit_lines()

    def _fit_lines(self) -> None:
        """Show the lines under the question in the rows the options leave them (all rows for a form's question)."""
        box = self.query_one("#consequences", Static)
        full = Text("\n".join(self._lines), style="italic")
        box.display = bool(self._lines) and self.request is not None
        choices = self.query_one(ChoiceList)
        width, height = self.content_region.width, self.content_region.height
        box.styles.text_wrap, box.styles.text_overflow = "wrap", "fold"
        if not box.display or not choices.display or width <= 2:
            box.update(full)
            return
        console = self.app.console
        ask = len(Text(self.request.prompt).wrap(console, width - 2))  # #ask's padding: 0 1
        options = choices.get_content_height(self.content_region.size, self.content_region.size, width - 1)  # pad 1
        free = height - ask - options
        # a list that fits shows no scrollbar: one kept from the last question would narrow it and wrap a row away
        choices.styles.overflow_y = "auto" if free < 0 else "hidden"
        if len(full.wrap(console, width - 2)) <= free or free < 0:  # (a list longer than the panel scrolls anyway)
            box.update(full)
        elif free > 0:  # each line cut to one row
            box.styles.text_wrap, box.styles.text_overflow = "nowrap", "ellipsis"
            box.update(Text("\n".join(self._lines[:free]), style="italic"))
        else:  # the options need every row to be seen
            box.display = False

    def watch_sealed_note(self, text: str) -> None:
        """The open form says it (the other side has sealed its own choice meanwhile)."""
        form_class = self.words.forms.get(self.request.phase) if self.request is not None else None
        form = self.query_one(form_class) if form_class is not None else None
        if form is not None and form.display:
            form.note = text
            form.refresh(layout=True)

    @property
    def guarded(self) -> bool:
        """The new question does not take keys yet."""
        return self._guard is not None

    def _end_guard(self, focus: bool = True) -> None:
        if self._guard is not None:
            self._guard.stop()
            self._guard = None
            if focus:
                self.focus_form()

    def _repeated(self, request) -> bool:
        """Answer a counted landing again, if it is still legal for the same seat; else forget it."""
        repeat, self._repeat = self._repeat, None
        if repeat is None:
            return False
        seat, action, left, key = repeat
        if request.seat != seat or action not in request.legal:
            return False
        if left > 1:
            self._repeat = (seat, action, left - 1, key)
        self.request = None
        self.post_message(self.Chosen(request, action, key))
        return True

    def wait(self, text: Text | str, spinner: bool = False, title: Text | str = "Waiting") -> None:
        """Nothing for the keyboard to decide: say what is happening."""
        self.request = None
        self.border_title = title
        self._end_guard(focus=False)
        self.query_one("#consequences", Static).display = False
        if self.screen.focused is not None and self.screen.focused in self.query("*"):
            self.screen.set_focus(None)
        self._show(None)
        self._wait_text = text
        self._stop_spinner()
        if spinner:
            self._spin = self.set_interval(0.12, self._tick)
        self._render_wait()

    def _tick(self) -> None:
        """Only the one-line spinner redraws: little to send over a slow link, and nothing to lay out again (its
        line keeps its length: a layout of the whole screen eight times a second while a bot thinks)."""
        self._spin_n += 1
        self.query_one("#spinner", Static).update(Text(SPINNER[self._spin_n % len(SPINNER)] + " thinking",
                                                       style="bold"), layout=False)

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
        for widget in self._forms():
            widget.display = widget is form
        box = self.query_one("#filter", Input)
        box.display = False
        with box.prevent(Input.Changed):  # the list's own `ask` clears its filter
            box.value = ""

    def focus_form(self) -> None:
        if self.guarded:
            return
        for widget in self._forms():
            if widget.display:
                widget.focus()

    def _forms(self) -> list:
        """The list and the forms, one of which answers a decision."""
        return [self.query_one(ChoiceList), *(self.query_one(f) for f in dict.fromkeys(self.words.forms.values()))]

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
        if self.request is not None and event.action in self.request.legal and not self.guarded:
            request, self.request = self.request, None
            choices = self.query_one(ChoiceList)
            times = choices.times if choices.display else 1
            key = choices.current_key if choices.display else None
            if times > 1:
                self._repeat = (request.seat, event.action, times - 1, key)
            self.post_message(self.Chosen(request, event.action, key))

    def withdraw(self) -> None:
        """The table closed the question on the panel (answered it for us): it takes no answer, lights no place."""
        self.request = None

    # ------------------------------------------------------- the board's link
    def light_map(self) -> None:
        """The places the open decision's listed options are about light up on the map."""
        if self.board is None:
            return
        choices = self.query_one(ChoiceList)
        shown = self.request is not None and choices.display
        self.board.light(self.request.view if shown else None, [c.key for c in choices.shown] if shown else None)
        self._point(choices.highlighted)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._point(event.option_index)

    def _point(self, index: int | None) -> None:
        """The map points at the place of the option highlighted in the list."""
        choices = self.query_one(ChoiceList)
        key = None
        if self.request is not None and index is not None and index < len(choices.shown):
            key = choices.shown[index].key
        if self.board is not None:
            self.board.point(self.request.view if key is not None else None, key)

    def _options_at(self, loc: int) -> list[int]:
        """The listed options about place `loc` (none while no list is open)."""
        choices = self.query_one(ChoiceList)
        if self.request is None or not choices.display or self.board is None:
            return []
        return self.board.options_at(self.request.view, [c.key for c in choices.shown]).get(loc, [])

    def on_board(self, event: Pointed | RegionClicked | DieClicked) -> None:
        """What the board posted (its widgets are not inside the panel: the screen hands it over)."""
        choices = self.query_one(ChoiceList)
        if isinstance(event, Pointed):
            # the map's cursor moved: the list's highlight goes to the first option about that place, unless it is
            # on one already (its highlight moving then points the map at the same place: no loop)
            options = self._options_at(event.loc)
            if options and choices.highlighted not in options:
                choices.highlighted = options[0]
        elif isinstance(event, RegionClicked):  # picks its option as its key would; with several, shows the first
            options = self._options_at(event.loc)
            if len(options) == 1:
                choices.action_pick(options[0])
            elif options:
                choices.highlighted = options[0]
                self.focus_form()
        else:  # a die: marked, as its key would, while the human rolls
            form = self.query_one("#dice-form")
            if self.request is not None and form.display and not self.guarded:
                form.action_toggle(event.die)

    @on(MarksChanged)
    def _marks(self, event: MarksChanged) -> None:
        if self.board is not None:
            self.board.set_marks(event.marks)
