"""The log: the engine's events as the viewing seat may see them, scrollable."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import RichLog

from ...engine.data import FACTION_NAMES
from ..labels import FACTION_COLOURS

HEADLINES = frozenset({"turn_start", "round", "game_over", "reveal", "battle"})


def event_text(event) -> Text:
    text = Text(event.text)
    for f, name in enumerate(FACTION_NAMES):
        text.highlight_words([name], style=FACTION_COLOURS[f])
    if event.kind in HEADLINES:
        text.stylize("bold")
    if event.to is not None:
        text.stylize("italic")
        text = Text("(secret) ", style="italic") + text
    return text


class GameLog(RichLog):
    """Focus it (`l`) to scroll with the arrows, PageUp/PageDown, Home/End; `l` or Esc go back.
    A digit typed meanwhile (meant for the decision) gets a note saying where the keys went."""

    DEFAULT_CSS = "GameLog { scrollbar-size-vertical: 1; overflow-x: hidden; }"
    BINDINGS = [Binding("escape", "screen.focus_log", "Back to the decision", show=False, key_display="esc")]
    KEYS_NOTE = "The log has the keys (arrows scroll it): press l or Esc to go back to the decision."

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, min_width=16, max_lines=3000, auto_scroll=True, markup=False)
        self.lines_written: list[str] = []  # plain text, for tests and the full-screen log
        self._noted = False  # the keys note was shown since the log took the focus

    def on_focus(self) -> None:
        self._noted = False

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit() and not self._noted:
            self._noted = True
            self.notify(self.KEYS_NOTE, timeout=5)

    def add(self, events) -> None:
        for event in events:
            if event.kind == "turn_start":
                self.write(Text(""))
            self.write(event_text(event))
            self.lines_written.append(event.text)

    def note(self, text: str) -> None:
        self.write(Text(text, style="dim italic"))
        self.lines_written.append(text)
