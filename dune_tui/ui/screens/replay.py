"""Replay: every event of a finished game as its seat saw it, turn by turn, from the game-over screen
(`dune-tui replay NAME` prints the same from the command line)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..games import log_style
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer
from ..widgets.log import GameLog


class ReplayScreen(DuneScreen):
    DEFAULT_CSS = "#replay { padding: 0 1; } #replay-log { height: 1fr; }"
    BINDINGS = [
        Binding("escape,b,q", "back", "Back to the result"),
        Binding("home", "edge(False)", "First turn"),
        Binding("end", "edge(True)", "Last turn"),
    ]

    def __init__(self, over) -> None:
        """`over`: the table's GameOver for the seat (its history: the events that seat may see)."""
        super().__init__()
        self.over = over

    def compose(self) -> ComposeResult:
        with Vertical(id="replay"):
            yield Static(f"Replay: the game's {self.over.decisions} decisions, event by event "
                         f"(↑ ↓ PgUp PgDn scroll)", classes="screen-title")
            yield GameLog(id="replay-log", style=log_style(self.over.state.options))
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        log.auto_scroll = False
        log.add(self.over.history)
        for hint in self.over.hints:  # the advice this seat was shown (h), kept beside the log
            log.note(f"Hint at decision {hint.decision + 1}: {hint.text}")
        log.focus()
        self.call_after_refresh(log.scroll_home, animate=False)

    def action_edge(self, end: bool) -> None:
        log = self.query_one(GameLog)
        (log.scroll_end if end else log.scroll_home)(animate=False)

    def action_focus_log(self) -> None:
        """The log's own Esc ("back to the decision" in a game): here, back to the result."""
        self.action_back()

    def action_back(self) -> None:
        self.dismiss(None)
