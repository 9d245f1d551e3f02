"""The review's chart: a line per seat of its chance of winning over the whole game (one column per slice of
positions, `▁`…`█`), the position shown reversed, the marked decisions red; and the position's words."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

BARS = " ▁▂▃▄▅▆▇█"


def column_of(k: int, last: int, width: int) -> int:
    """The column position `k` (0..last) falls in, on a line `width` wide."""
    return min(width - 1, k * width // (last + 1)) if last >= 0 else 0


def bar(chance: float | None) -> str:
    if chance is None:
        return "·"
    return BARS[max(1, min(8, round(chance * 8)))] if chance > 0 else BARS[0] if chance == 0 else BARS[1]


class ChanceChart(Static):
    """`show(labels, chances, marked, k)`: `labels` a Text per seat (its letter and name in its colour, in a
    column as wide as the longest), `chances[k][s]`,
    `marked` the positions right after a marked decision."""

    DEFAULT_CSS = "ChanceChart { height: auto; }"

    def __init__(self, **kw) -> None:
        super().__init__("", **kw)
        self.labels: list[Text] = []
        self.chances: list[list[float | None]] = []
        self.marked: set[int] = set()
        self.position = 0

    def show(self, labels, chances, marked, position: int) -> None:
        self.labels, self.chances, self.marked, self.position = list(labels), chances, set(marked), position
        self.refresh(layout=True)

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        if not self.chances:
            return out
        room = max(label.cell_len for label in self.labels)  # "[H] Harkonnen": whole, never cut
        width = max(8, self.size.width - room - 7)  # the label, a space, the chance ( 100%)
        last = len(self.chances) - 1
        here = column_of(self.position, last, width)
        marks = {column_of(k, last, width) for k in self.marked}
        for s, label in enumerate(self.labels):
            if s:
                out.append("\n")
            out.append_text(label)
            out.append(" " * (room - label.cell_len + 1))
            for col in range(width):
                k = min(last, col * (last + 1) // width)
                style = "reverse" if col == here else ("bold red" if col in marks else "")
                out.append(bar(self.chances[k][s]), style=style)
            now = self.chances[self.position][s]
            out.append(f" {'  ?' if now is None else f'{round(100 * now):>3}'}%")
        return out
