"""The log: the engine's events as the viewing seat may see them, scrollable."""

from __future__ import annotations

from rich.text import Text
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
    """Focus it (`l`) to scroll with the arrows, PageUp/PageDown, Home/End."""

    DEFAULT_CSS = "GameLog { scrollbar-size-vertical: 1; overflow-x: hidden; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, min_width=16, max_lines=3000, auto_scroll=True, markup=False)
        self.lines_written: list[str] = []  # plain text, for tests and the full-screen log

    def add(self, events) -> None:
        for event in events:
            if event.kind == "turn_start":
                self.write(Text(""))
            self.write(event_text(event))
            self.lines_written.append(event.text)

    def note(self, text: str) -> None:
        self.write(Text(text, style="dim italic"))
        self.lines_written.append(text)
