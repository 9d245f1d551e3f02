"""Small screens over the game: leave (confirm; not saved), end by agreement, hot-seat hand-off, battle reveal,
full log, help."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Input, RichLog, Static

from ...games.dune import payloads
from ...games.dune.data import (
    ATREIDES,
    ATREIDES_BOTH_LEADERS,
    FACTION_NAMES,
    LEADER_NAMES,
    LEADER_STRENGTH,
    REGION_NAMES,
    SARDAUKAR,
    UNIT_NAMES,
    UNIT_OWNER,
    UNIT_STRENGTH,
    leader_names,
)
from ..games.dune.labels import faction_label
from .base import DuneModal, DuneScreen


class ConfirmLeave(DuneModal):
    """Leaving a game: it is saved first and can be resumed (Continue); if that fails, NotSaved says so."""

    BINDINGS = [
        Binding("y,q", "choose('quit')", "Save and quit"),
        Binding("m", "choose('menu')", "Save, back to menu"),
        Binding("n,escape", "choose(None)", "Keep playing"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Leave this game?", classes="dialog-title")
            yield Static(self.text(), id="leave-text")
        yield Footer()

    def text(self) -> Text:
        return Text("It is saved first: Continue on the main menu resumes it.\n\n"
                    "y  save and quit\nm  save and go back to the main menu\nn  keep playing")

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
    same code, pasted at `dune-tui join`'s prompt, sits the player down again (there is no local save, and no menu
    to go back to).  The code is shown as the code, never as a command line (`ps` shows those to everyone)."""

    BINDINGS = [
        Binding("y,q", "choose('quit')", "Leave the table"),
        Binding("n,escape", "choose(None)", "Keep playing"),
    ]

    def __init__(self, rejoin: str) -> None:
        super().__init__()
        self.rejoin = rejoin

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return parameters != ("menu",)  # the parent's `m`: no menu here

    def text(self) -> Text:
        if self.rejoin.startswith("dune-tui "):  # a lobby's table: it knows you by your login, no code
            how = "To sit down again, pick the table in the menu's Tables on this server, or run:\n\n"
        else:
            how = "To sit down again, run `dune-tui join` and paste your code at its prompt:\n\n"
        text = Text("The host keeps the game and your seat, and the table waits for you.\n" + how)
        text.append(self.rejoin, style="bold")
        text.append("\n\ny  leave the table\nn  keep playing")
        return text


class NotSaved(DuneModal):
    """Saving before leaving failed: say so plainly; the game stays open.  Dismisses with another
    directory to save in (Enter), DISCARD (leave without saving, ctrl+x), or None (keep playing, Esc)."""

    DISCARD = "discard"
    BINDINGS = [
        Binding("escape", "choose(None)", "Keep playing"),
        Binding("ctrl+x", "choose('discard')", "Leave without saving", priority=True),  # before the box's cut
    ]

    def __init__(self, error: str, last_good: str = "") -> None:
        super().__init__()
        self.error, self.last_good = error, last_good

    def compose(self) -> ComposeResult:
        last = f"The last good save: {self.last_good}" if self.last_good else "No save of this game exists."
        with Vertical(classes="dialog"):
            yield Static("The game could NOT be saved", classes="dialog-title")
            yield Static(Text(f"{self.error}\n\n{last}\nThe game stays open.\n\n"
                              "Type another directory to save in, then Enter.\nEsc: keep playing.\n"
                              "ctrl+x: leave without saving (play since the last save is lost)."),
                         id="not-saved")
            yield Input(placeholder="another directory, e.g. ~/dune-saves", id="save-dir")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.cursor_blink = False
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)


class SaveAs(DuneModal):
    """Save the game under a name of the player's choice (it then shows on the Load screen)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    TITLE = "Save the game as"
    PLACEHOLDER = "a name: letters, digits, spaces"

    def __init__(self, error: str = "") -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.TITLE, classes="dialog-title")
            yield Input(placeholder=self.PLACEHOLDER, id="save-name")
            yield Static(self.error, id="save-error")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.cursor_blink = False
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Say(SaveAs):
    """A line to say at the table: every seat and spectator reads it in the log."""

    TITLE = "Say to the table"
    PLACEHOLDER = "a line for everyone at the table (Enter sends, Esc cancels)"


class Handoff(DuneScreen):
    """Hot seat: hide everything until the right person has the keyboard."""

    BINDINGS = [Binding("enter", "ready", "I am ready")]

    def __init__(self, who: Text) -> None:
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        text = Text("Pass the keyboard to ", style="bold")
        text.append_text(self.who)
        text.append("\n\nThis is a secret choice: nobody else should look.\n\nPress Enter when ready.")
        with Vertical(classes="dialog"):
            yield Static(text, id="handoff-text")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)


class Reveal(DuneModal):
    """Both sealed commits, shown together once both are in (R10): side by side, what each side sent with
    its strength, the totals, who won and what each side lost; a panel over the bottom of the screen that
    leaves the board in sight, until Enter, Space or Esc."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, event, batch=()) -> None:
        """`batch`: the events the reveal came with; the battle's losses are the ones that follow it."""
        super().__init__()
        self.event = event
        self.losses = battle_losses(event, batch)

    def compose(self) -> ComposeResult:
        d = self.event.data  # payloads.Reveal
        title = Text(f"Battle in {REGION_NAMES[d.loc]}: the commits are revealed", style="bold")
        with Vertical(id="reveal", classes="dialog"):
            yield Static(title)
            yield Static(self._sides(d))
            yield Static(self._result(d))
        yield Footer()

    def _sides(self, d) -> Table:
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        for f, role in ((d.attacker_id, "attacking"), (d.defender_id, "defending")):
            table.add_column(faction_label(f) + f" ({role})", no_wrap=False)
        sides = (d.attacker_commit, d.defender_commit)
        rows = (("Troops", lambda c: troops_cell(c, sardaukar=False)),
                ("Sardaukar", lambda c: troops_cell(c, sardaukar=True)),
                ("Leaders", leaders_cell))
        for name, cell in rows:
            cells = [cell(c) for c in sides]
            if name != "Sardaukar" or any(cells):
                table.add_row(name, *(c or "none" for c in cells))
        totals = (Text(str(n), style="bold") for n in (d.attack, d.defence))
        table.add_row(Text("Strength", style="bold"), *totals)
        return table

    def _result(self, d) -> Text:
        text = Text(f"The {FACTION_NAMES[d.winner_id]} win, strength {max(d.attack, d.defence)} against "
                    f"{min(d.attack, d.defence)}", style="bold")
        text.append(": a tie goes to the defender." if d.attack == d.defence else ".", style="bold")
        for f in dict.fromkeys((d.attacker_id, d.defender_id, *self.losses)):  # a partner's losses too
            text.append(f"\n{FACTION_NAMES[f]} lose: {self.losses.get(f) or 'nothing'}")
        return text

    def action_close(self) -> None:
        self.dismiss(None)


def reveal_summary(d) -> str:
    """A battle between others in a line (the screen's notice of a bots' battle): where, both sides' strengths
    and who won."""
    attacker, defender = FACTION_NAMES[d.attacker_id], FACTION_NAMES[d.defender_id]
    tie = ", a tie goes to the defender" if d.attack == d.defence else ""
    return (f"{REGION_NAMES[d.loc]}: the {attacker} attack with {d.attack}, the {defender} defend with "
            f"{d.defence}{tie}. The {FACTION_NAMES[d.winner_id]} win.")


def troops_cell(commit, sardaukar: bool) -> str:
    """The commit's troops (or its Sardaukar) as "3 × 1" per kind, the strength of one after the ×."""
    return ", ".join(f"{k} {UNIT_NAMES[u]} × {UNIT_STRENGTH[u]}" if not sardaukar else f"{k} × {UNIT_STRENGTH[u]}"
                     for u, k in commit[1] if (u == SARDAUKAR) == sardaukar)


def leaders_cell(commit) -> str:
    names = []
    for f, k in commit[2]:
        both = f == ATREIDES and k == 2
        names.append("Leto and Duncan Idaho " + str(ATREIDES_BOTH_LEADERS) if both
                     else f"{LEADER_NAMES[f]} {LEADER_STRENGTH[f]}")
    return ", ".join(names)


def battle_losses(event, batch) -> dict[int, str]:
    """Per faction, what the battle of `event` cost it: the BattleLoss events right after the reveal."""
    events = list(batch)
    after = events[events.index(event) + 1:] if event in events else []
    lost: dict[int, dict[str, list[str]]] = {}  # faction → why and where → what
    for e in after:
        d = e.data
        if isinstance(d, payloads.Duel):
            continue
        if isinstance(d, payloads.LeaderLoss):
            lost.setdefault(d.faction_id, {}).setdefault("committed, to the reserve", []).append(
                leader_names(d.faction_id, d.count))
            continue
        if not isinstance(d, payloads.BattleLoss):
            break
        where = "card" if d.to_card else "reserve"
        lost.setdefault(UNIT_OWNER[d.unit_id], {}).setdefault(f"{d.why}, to the {where}", []).append(
            f"{d.count} {UNIT_NAMES[d.unit_id]}")
    return {f: "; ".join(f"{' and '.join(what)} ({note})" for note, what in notes.items())
            for f, notes in lost.items()}


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
