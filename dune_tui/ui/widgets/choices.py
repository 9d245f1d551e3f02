"""A decision's legal options as a list (grouped and worded by the game's `Words`, widgets/words.py): digits
pick at once, Enter picks the highlighted one,
←/→ (or -/+) change a count where options differ only by a number (move n troops, give k spice), or
where one option may be taken again (land n troops: the panel answers the next n-1 landings the same).
A digit on an option with a count (a move, a gift, a landing...) only highlights it, its count open to ←/→: the
same digit again, or Enter, takes it (a digit never takes a count unasked: one behaviour for every count).
Each option says what it does beyond its name (`describe.action_hint`: spice left, the ally's ability).
Targets are listed in map order, so an option's number does not move within a step.
`/` filters the list by text."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .messages import Picked

DIGITS = "1234567890"


@dataclass
class Choice:
    key: tuple  # the action without its count
    by_count: dict[int, tuple] = field(default_factory=dict)
    count: int = 0
    repeated: bool = False  # by_count maps every count to the same action, taken `count` times

    @property
    def action(self) -> tuple:
        return self.by_count[self.count] if self.by_count else self.key

    @property
    def times(self) -> int:
        return self.count if self.repeated else 1

    def step(self, delta: int) -> bool:
        counts = sorted(self.by_count)
        if len(counts) < 2:
            return False
        i = max(0, min(len(counts) - 1, counts.index(self.count) + delta))
        changed = counts[i] != self.count
        self.count = counts[i]
        return changed


def group(legal, view, words) -> list[Choice]:
    """One Choice per action, or per action family that differs only by a count (`words.counted`); with the
    seat's view, an action the panel may take again counts how many times in a row (`words.repeats`); the
    kinds of `words.map_order` listed in map order (a place keeps its number whatever the rules listed first)."""
    out: list[Choice] = []
    index: dict[tuple, Choice] = {}
    for action in map(tuple, legal):
        most = words.repeats(view, action) if words.repeats is not None and view is not None else None
        if most is not None:
            out.append(Choice(key=action, by_count={n: action for n in range(1, most + 1)}, repeated=True))
            continue
        pos = words.counted.get(action[0])
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
            choice.count = counts[-1] if choice.key[0] in words.most_first else counts[0]
    order = words.map_order
    ordered = [c for c in out if c.key[0] in order]
    if ordered:
        ordered.sort(key=lambda c: c.key[order[c.key[0]]])
        slots = iter(ordered)
        out = [next(slots) if c.key[0] in order else c for c in out]
    return out


class ChoiceList(OptionList):
    """The options of one decision."""

    BINDINGS = [
        Binding("1", "pick(0)", "Pick", key_display="1-9"),
        *(Binding(k, f"pick({i})", show=False) for i, k in enumerate(DIGITS) if i),
        Binding("up", "cursor_up", "Highlight an option", show=False, key_display="↑↓"),  # listed by `?`
        Binding("left,minus", "count(-1)", "Fewer", show=False),
        Binding("right,plus,equals_sign", "count(1)", "More or fewer (a count: ◀ ▶)", show=False, key_display="←→"),
        Binding("enter", "select", "Choose"),
    ]

    def __init__(self, *, words, id: str | None = None) -> None:
        """`words`: the game's grouping and wording of options (widgets/words.py)."""
        super().__init__(id=id)
        self.words = words
        self.view = None
        self.choices: list[Choice] = []
        self.shown: list[Choice] = []
        self.filter_text = ""
        self.times = 1  # how many times the last picked option is to be taken (a repeated landing)
        self.opened: int | None = None  # the counted option a digit highlighted, its count open to ←/→

    def ask(self, view, legal, prefer: tuple | None = None) -> None:
        """Show the options of `legal`; highlight the one whose family is `prefer` if present."""
        self.view = view
        self.times = 1
        self.choices = group(legal, view, self.words)
        self.filter_text = ""
        self._rebuild(prefer)

    def set_filter(self, text: str) -> None:
        self.filter_text = text.strip().lower()
        self._rebuild(None)

    def _label(self, n: int, choice: Choice) -> Text:
        key = DIGITS[n] if n < len(DIGITS) else " "
        text = Text(f"{key} ", style="bold")
        text.append(self._text(choice))
        hint = self.words.hint(self.view, choice)
        if hint:
            text.append(f" · {hint}", style="dim")
        if len(choice.by_count) > 1:
            opened = n == self.opened
            text.append(" ◀ ▶ count, then Enter" if opened else " ◀ ▶", style="bold" if opened else "dim")
        return text

    def _text(self, choice: Choice) -> str:
        return self.words.text(self.view, choice)

    def _rebuild(self, prefer: tuple | None) -> None:
        self.opened = None
        words = self.filter_text
        self.shown = [c for c in self.choices if not words or words in self._text(c).lower()]
        self.set_options([Option(self._label(i, c)) for i, c in enumerate(self.shown)])
        target = 0
        if prefer is not None:
            target = next((i for i, c in enumerate(self.shown) if c.key == prefer), 0)
        self.highlighted = target if self.shown else None

    def action_pick(self, n: int) -> None:
        if n >= len(self.shown):
            return
        choice = self.shown[n]
        if len(choice.by_count) > 1 and self.opened != n:
            self._open(n)  # its count first: the same digit again, or Enter, takes it
            return
        self.highlighted = n
        self.times = choice.times
        self.post_message(Picked(choice.action))

    def _open(self, n: int | None) -> None:
        was, self.opened = self.opened, n
        for i in {was, n} - {None}:
            if i < len(self.shown):
                self.replace_option_prompt_at_index(i, self._label(i, self.shown[i]))
        if n is not None:
            self.highlighted = n

    def action_count(self, delta: int) -> None:
        i = self.highlighted
        if i is None or i >= len(self.shown):
            return
        if self.shown[i].step(delta):
            self.replace_option_prompt_at_index(i, self._label(i, self.shown[i]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.opened is not None and event.option_index != self.opened:
            self._open(None)  # another option highlighted: the opened one's digit takes it at once again

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.shown):
            self.times = self.shown[event.option_index].times
            self.post_message(Picked(self.shown[event.option_index].action))

    @property
    def current_key(self) -> tuple | None:
        i = self.highlighted
        return self.shown[i].key if i is not None and i < len(self.shown) else None
