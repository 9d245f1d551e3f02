"""A decision's legal options as a list: digits pick at once, Enter picks the highlighted one,
←/→ (or -/+) change a count where options differ only by a number (move n troops, give k spice).
`/` filters the list by text."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...engine.describe import action_text
from .messages import Picked

COUNTED = {"move": 3, "gift": 1, "share": 1, "ally_lands": 1}  # kind -> index of the count
MAX_FIRST = frozenset({"move"})  # counters that start at their largest value
DIGITS = "1234567890"


@dataclass
class Choice:
    key: tuple  # the action without its count
    by_count: dict[int, tuple] = field(default_factory=dict)
    count: int = 0

    @property
    def action(self) -> tuple:
        return self.by_count[self.count] if self.by_count else self.key

    def step(self, delta: int) -> bool:
        counts = sorted(self.by_count)
        if len(counts) < 2:
            return False
        i = max(0, min(len(counts) - 1, counts.index(self.count) + delta))
        changed = counts[i] != self.count
        self.count = counts[i]
        return changed


def group(legal) -> list[Choice]:
    """One Choice per action, or per action family that differs only by a count."""
    out: list[Choice] = []
    index: dict[tuple, Choice] = {}
    for action in legal:
        pos = COUNTED.get(action[0])
        if pos is None or len(action) <= pos:
            out.append(Choice(key=action))
            continue
        key = action[:pos] + action[pos + 1:]
        choice = index.get(key)
        if choice is None:
            choice = index[key] = Choice(key=key)
            out.append(choice)
        choice.by_count[action[pos]] = action
    for choice in out:
        if choice.by_count:
            counts = sorted(choice.by_count)
            choice.count = counts[-1] if choice.key[0] in MAX_FIRST else counts[0]
    return out


class ChoiceList(OptionList):
    """The options of one decision."""

    BINDINGS = [
        Binding("1", "pick(0)", "Pick", key_display="1-9"),
        *(Binding(k, f"pick({i})", show=False) for i, k in enumerate(DIGITS) if i),
        Binding("left,minus", "count(-1)", "Fewer", show=False),
        Binding("right,plus,equals_sign", "count(1)", "More", show=False),
        Binding("enter", "select", "Choose"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.choices: list[Choice] = []
        self.shown: list[Choice] = []
        self.filter_text = ""

    def ask(self, view, legal, prefer: tuple | None = None) -> None:
        """Show the options of `legal`; highlight the one whose family is `prefer` if present."""
        self.view = view
        self.choices = group(legal)
        self.filter_text = ""
        self._rebuild(prefer)

    def set_filter(self, text: str) -> None:
        self.filter_text = text.strip().lower()
        self._rebuild(None)

    def _label(self, n: int, choice: Choice) -> Text:
        key = DIGITS[n] if n < len(DIGITS) else " "
        text = Text(f"{key} ", style="bold")
        text.append(action_text(self.view, choice.action))
        if len(choice.by_count) > 1:
            text.append("  ◀ ▶", style="dim")
        return text

    def _rebuild(self, prefer: tuple | None) -> None:
        words = self.filter_text
        self.shown = [c for c in self.choices if not words or words in action_text(self.view, c.action).lower()]
        self.set_options([Option(self._label(i, c)) for i, c in enumerate(self.shown)])
        target = 0
        if prefer is not None:
            target = next((i for i, c in enumerate(self.shown) if c.key == prefer), 0)
        self.highlighted = target if self.shown else None

    def action_pick(self, n: int) -> None:
        if n < len(self.shown):
            self.highlighted = n
            self.post_message(Picked(self.shown[n].action))

    def action_count(self, delta: int) -> None:
        i = self.highlighted
        if i is None or i >= len(self.shown):
            return
        if self.shown[i].step(delta):
            self.replace_option_prompt_at_index(i, self._label(i, self.shown[i]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.shown):
            self.post_message(Picked(self.shown[event.option_index].action))

    @property
    def current_key(self) -> tuple | None:
        i = self.highlighted
        return self.shown[i].key if i is not None and i < len(self.shown) else None
