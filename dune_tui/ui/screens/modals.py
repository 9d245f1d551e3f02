"""Small screens over the game: leave (confirm; not saved), end by agreement, hot-seat hand-off, full log,
help (the first game's battle reveal: ui/games/dune/reveal.py)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, RichLog, Static

from ..kit.screens import DuneModal, DuneScreen
from ..saving import door_return
from ..widgets.footer import Footer


class ConfirmLeave(DuneModal):
    """Leaving a game: it is saved first and can be resumed (Continue); if that fails, NotSaved says so."""

    BINDINGS = [
        Binding("y,q", "choose('quit')", "Save and quit"),
        Binding("m", "choose('menu')", "Save, back to menu"),
        Binding("n,escape", "choose(None)", "Keep playing"),
    ]

    def __init__(self, resume: str = "") -> None:
        """`resume`: how the game is resumed when Continue cannot (a hosted game whose seats are other players'):
        the command, with the game's file."""
        super().__init__()
        self.resume = resume

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Leave this game?", classes="dialog-title")
            yield Static(self.text(), id="leave-text")
        yield Footer()

    KEYS = "y  save and quit\nm  save and go back to the main menu\nn  keep playing"

    def text(self) -> Text:
        if self.resume:  # the words Continue says of this game, and the file
            text = Text("It is saved first. Its seats are other players', so it is resumed at a table again, "
                        "each seat still its player's:\n\n")
            text.append(self.resume, style="bold")
            text.append(f"\n\n{self.KEYS}")
            return text
        return Text(f"It is saved first: Continue on the main menu resumes it.\n\n{self.KEYS}")

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)


class AgreeEnd(DuneModal):
    """X36: propose to end the game by agreement, or say yes or no to another player's proposal."""

    BINDINGS = [
        Binding("y", "choose(True)", "Yes"),
        Binding("n,escape", "choose(False)", "No"),
    ]

    def __init__(self, title: str, text: Text) -> None:
        super().__init__()
        self.title_text, self.body = title, text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.body, id="agree-end-text")
        yield Footer()

    def action_choose(self, yes: bool) -> None:
        self.dismiss(yes)


class LeaveTable(ConfirmLeave):
    """Leaving a seat joined to a table hosted elsewhere: the host keeps the game and the seat, and the
    same code, pasted at `dune-tui join`'s prompt, sits the player down again (there is no local save).  The
    code is shown as the code, never as a command line (`ps` shows those to everyone).  Leaving goes back to the
    screen the player sat down from (the lobby's list), or ends `dune-tui join`; a spectator has no seat to keep."""

    BINDINGS = [
        Binding("y,q", "choose('back')", "Leave the table"),
        Binding("n,escape", "choose(None)", "Keep playing"),
    ]

    def __init__(self, rejoin: str, *, watching: bool = False, back_to: str = "") -> None:
        """`watching`: a spectator's terminal; `back_to`: the screen leaving goes back to ("": none, dune-tui
        ends)."""
        super().__init__()
        self.rejoin, self.watching, self.back_to = rejoin, watching, back_to

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return parameters != ("menu",)  # the parent's `m`: the table is left with y, back where one came from

    def text(self) -> Text:
        again = "watch again" if self.watching else "sit down again"
        if back := door_return():  # at a front door: no command is theirs to run
            how = f"To {again}, pick the table in the menu's Tables on this server (once you have left, {back} first)."
        elif self.rejoin.startswith("dune-tui "):  # a lobby's table: it knows you by your login, no code
            how = f"To {again}, pick the table in the menu's Tables on this server, or run:\n\n"
        else:
            how = f"To {again}, run `dune-tui join` and paste your code at its prompt:\n\n"
        kept = "The host keeps the game; you were watching it.\n" if self.watching else \
            "The host keeps the game and your seat, and the table waits for you.\n"
        text = Text(kept + how)
        if not door_return():
            text.append(self.rejoin, style="bold")
        leave = f"leave the table, back to {self.back_to}" if self.back_to else "leave the table"
        text.append(f"\n\ny  {leave}\nn  keep playing")
        return text


class NotSaved(DuneModal):
    """Saving before leaving failed: say so plainly; the game stays open.  Dismisses with another
    directory to save in (Enter), DISCARD (leave without saving, ctrl+x), or None (keep playing, Esc).  At a front
    door (the server's own files under a player's hands) no directory is asked: the player's own saves only."""

    DISCARD = "discard"
    BINDINGS = [
        Binding("escape", "choose(None)", "Keep playing"),
        Binding("ctrl+x", "choose('discard')", "Leave without saving", priority=True),  # before the box's cut
    ]

    def __init__(self, error: str, last_good: str = "") -> None:
        super().__init__()
        self.error, self.last_good = error, last_good

    def compose(self) -> ComposeResult:
        from ..door import shown

        last = f"The last good save: {shown(self.last_good)}" if self.last_good else "No save of this game exists."
        door = bool(door_return())
        where = ("Your games are kept in your own save directory on this server: no other place can be chosen "
                 "here.\n" if door else "Type another directory to save in, then Enter.\n")
        with Vertical(classes="dialog"):
            yield Static("The game could NOT be saved", classes="dialog-title")
            yield Static(Text(f"{shown(self.error)}\n\n{last}\nThe game stays open.\n\n{where}Esc: keep playing.\n"
                              "ctrl+x: leave without saving (play since the last save is lost)."),
                         id="not-saved")
            if not door:
                yield Input(placeholder="another directory, e.g. ~/dune-saves", id="save-dir")
        yield Footer()

    def on_mount(self) -> None:
        for box in self.query(Input):
            box.cursor_blink = False
            box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)


class SaveAs(DuneModal):
    """Save the game under a name of the player's choice (it then shows on the Load screen).

    With `submit`, the dialog stays open while the name is saved: `submit(name)` asks for it, then `refused(reason)`
    shows why it was not saved beside the name as typed, to mend, or the caller dismisses it once saved."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    TITLE = "Save the game as"
    PLACEHOLDER = "a name: letters, digits, spaces"

    def __init__(self, submit: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.submit = submit

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.TITLE, classes="dialog-title")
            yield Input(placeholder=self.PLACEHOLDER, id="save-name")
            yield Static(id="save-error")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.cursor_blink = False
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.submit is None or not event.value.strip():
            self.dismiss(event.value)
            return
        self.query_one("#save-error", Static).update(Text("Saving…"))
        self.submit(event.value)

    def refused(self, reason: str) -> None:
        """The name was not saved: say why under it, the name kept as typed."""
        self.query_one("#save-error", Static).update(Text(f"Not saved: {reason}", style="bold"))
        self.query_one(Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


class Say(SaveAs):
    """A line to say at the table: every seat and spectator reads it in the log (one that starts with /ally: the
    speaker's allies only)."""

    TITLE = "Say to the table"
    PLACEHOLDER = "a line for everyone at the table, or /ally … for your ally (Enter sends, Esc cancels)"


class Handoff(DuneScreen):
    """Hot seat: hide everything until the right person has the keyboard.  Enter counts only `GUARD` seconds after
    the screen came: a key the last player pressed twice (or held) must not open the next one's secret choice."""

    BINDINGS = [Binding("enter", "ready", "I am ready")]
    GUARD = 0.4

    def __init__(self, who: Text) -> None:
        super().__init__()
        self.who = who
        self.ready = False  # the guard is over: Enter hands over

    def on_mount(self) -> None:
        self.set_timer(self.GUARD, self._guard_over)

    def _guard_over(self) -> None:
        self.ready = True

    def compose(self) -> ComposeResult:
        text = Text("Pass the keyboard to ", style="bold")
        text.append_text(self.who)
        text.append("\n\nThis is a secret choice: nobody else should look.\n\nPress Enter when ready.")
        with Vertical(classes="dialog"):
            yield Static(text, id="handoff-text")
        yield Footer()

    def action_ready(self) -> None:
        if self.ready:
            self.dismiss(None)


class LogScreen(DuneScreen):
    """The whole log, full screen, its lines wrapped to the width of the terminal.

    (RichLog wraps a line when it is written, to at least `min_width` columns: keep that small, and
    keep the vertical scrollbar always there so the width does not change once lines are written.)"""

    BINDINGS = [Binding("escape,v,q", "close", "Back")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        log = RichLog(wrap=True, markup=False, min_width=20, id="full-log")
        log.border_title = "Log"
        yield log
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)


class Help(DuneModal):
    """`?`: the keys of the screen underneath, and a few words on the game."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]

    def __init__(self, keys: list[tuple[str, str]], tips: str) -> None:
        super().__init__()
        self.keys = keys
        self.tips = tips

    def compose(self) -> ComposeResult:
        text = Text("Keys\n", style="bold")
        for key, what in self.keys:
            text.append(f"  {key:<12}", style="bold")
            text.append(f"{what}\n")
        if self.tips:
            text.append("\n" + self.tips)
        with VerticalScroll(classes="dialog"):
            yield Static(text)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
