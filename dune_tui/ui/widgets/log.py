"""The log: the engine's events as the viewing seat may see them, scrollable.

RichLog wraps a line once, to the width it has when the line is written, and keeps the widest line's width for
good; the log's box changes width (the advice widens it, a terminal is resized), so the log keeps what it wrote
and wraps again the lines wrapped wider than the box now is: no line is cut at the box's edge (issue 33).
This reads RichLog's `lines`, `_start_line`, `_line_cache`, `_widest_line_width` (Textual 8)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.widgets import RichLog


@dataclass(frozen=True)
class LogStyle:
    """How the log writes a game's events (the game's board says: ui.games.log_style): each side's name and colour,
    the event kinds written in bold, the kinds a blank line goes before.  The log itself names no event kind."""

    sides: tuple[tuple[str, str], ...] = ()
    headlines: frozenset[str] = frozenset()
    breaks: frozenset[str] = frozenset()


def event_text(event, sides: tuple[tuple[str, str], ...] = (), headlines: frozenset[str] = frozenset()) -> Text:
    """An event's line, each side's name in its colour (`sides`: (name, colour) by side, ui.games.side_styles),
    in bold if its kind is one of the game's `headlines`."""
    text = Text(event.text)
    for name, colour in sides:
        text.highlight_words([name], style=colour)
    if event.kind in headlines:
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

    MAX_LINES = 3000

    def __init__(self, *, style: LogStyle = LogStyle(), id: str | None = None) -> None:
        """`style`: how the game's events are written (the game's: ui.games.log_style(options))."""
        self.style = style
        super().__init__(id=id, wrap=True, min_width=16, max_lines=self.MAX_LINES, auto_scroll=True, markup=False)
        self.lines_written: list[str] = []  # plain text, for tests and the full-screen log
        self._noted = False  # the keys note was shown since the log took the focus
        self._written: deque[tuple[object, int, int]] = deque(maxlen=self.MAX_LINES)  # (line, width, strips)

    def write(self, content, width=None, expand=False, shrink=True, scroll_end=None, animate=False):
        """RichLog.write, remembering the line, the width it was wrapped to and how many screen lines it took."""
        if not self._size_known:  # RichLog defers it, and writes it through here once the size is known
            return super().write(content, width, expand, shrink, scroll_end, animate)
        before = self._start_line + len(self.lines)  # every screen line written so far (trimmed ones too)
        super().write(content, width, expand, shrink, scroll_end, animate)
        self._written.append((content, self.scrollable_content_region.width,
                              self._start_line + len(self.lines) - before))
        return self

    def clear(self):
        self._written.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Narrower than some lines were wrapped to: wrap those again (with every line after them, to keep the
        order).  Usually the few written while the advice widened the box; after a terminal resize, all.
        (RichLog's own handler writes the lines deferred until the size was first known.)"""
        width = self.scrollable_content_region.width
        if not self._size_known or not width:
            return
        first = next((i for i, (_, w, _) in enumerate(self._written) if w > width), None)
        if first is None:
            return
        at_end = self.is_vertical_scroll_end
        again = [self._written[i][0] for i in range(first, len(self._written))]
        cut = min(len(self.lines), sum(self._written[i][2] for i in range(first, len(self._written))))
        for _ in again:
            self._written.pop()
        del self.lines[len(self.lines) - cut:]
        self._line_cache.clear()
        self._widest_line_width = max((strip.cell_length for strip in self.lines), default=0)
        for line in again:
            self.write(line, scroll_end=False)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if at_end:
            self.scroll_end(animate=False, immediate=False)
        self.refresh()

    def on_focus(self) -> None:
        self._noted = False

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit() and not self._noted:
            self._noted = True
            self.notify(self.KEYS_NOTE, timeout=5)

    def add(self, events) -> None:
        for event in events:
            if event.kind in self.style.breaks:
                self.write(Text(""))
            self.write(event_text(event, self.style.sides, self.style.headlines))
            self.lines_written.append(event.text)

    def note(self, text: str) -> None:
        self.write(Text(text, style="dim italic"))
        self.lines_written.append(text)
