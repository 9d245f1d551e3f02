"""A one-line field that cycles through a few values with ←/→ (or space)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class Cycler(Widget, can_focus=True):
    DEFAULT_CSS = "Cycler { height: 1; }"
    BINDINGS = [
        Binding("right,space", "step(1)", "Change", key_display="←/→"),
        Binding("left", "step(-1)", "Change", show=False),
    ]

    class Changed(Message):
        def __init__(self, cycler: Cycler, value) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(self, label: str, values: list, value=None, *, shown=None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.shown = shown or str

    @property
    def value(self):
        return self.values[self.index]

    def set_values(self, values: list, value=None) -> None:
        current = self.value if value is None else value
        self.values = list(values)
        self.index = self.values.index(current) if current in self.values else 0
        self.refresh()

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def render(self) -> Text:
        text = Text(f"{self.label:<22}")
        style = "bold reverse" if self.has_focus else "bold"
        text.append(f"◀ {self.shown(self.value)} ▶", style=style)
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
