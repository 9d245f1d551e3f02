"""The board of Dune Express: the five territories and the Polar Sink as boxes, numbered as the territory die's
faces, each with who holds it and every house's units (letter, colour and count).  The places the open
decision is about are drawn in heavy lines, the one of the highlighted option is marked ▶; a click on a
place posts RegionClicked, and so does Enter on the place under the cursor (the board takes the keys from the
list with shift+Tab while places are lit; the arrows move the cursor).  The line under the boxes says what is
beside the board: the token supply.  With the fortress modification a box shows its fortress (▲ and the owner's
letter) and the storm (≈), as the rules page (f1) says."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding

from ....games.express.data import LOCATION_NAMES, POLAR_SINK
from ...widgets.fit import pack
from ...widgets.messages import RegionClicked
from ...widgets.place_cursor import PlaceCursor
from .labels import (
    HOUSE_COLOURS,
    SHORT_PLACES,
    holder,
    house_letter,
    needed,
    tokens_text,
    troop_lines,
    troops,
    works,
)

LIGHT, HEAVY = "╭─╮│╰╯", "┏━┓┃┗┛"
ORDER = (0, 1, 2, 3, 4, POLAR_SINK)  # three boxes a row: the territory die's faces 1-6


def next_place(lit, at: int, step: tuple[int, int]) -> int:
    """The lit place nearest to `at` that way on the 3×2 grid of boxes (`at` when there is none)."""
    if at not in ORDER:
        return min(lit, default=at)
    (r, c), (dx, dy) = divmod(ORDER.index(at), 3), step
    ahead = [(abs(cc - c) + abs(rr - r) * 2, loc) for loc in lit if loc in ORDER
             for rr, cc in [divmod(ORDER.index(loc), 3)] if (cc - c) * dx > 0 or (rr - r) * dy > 0]
    return min(ahead)[1] if ahead else at


class ExpressMap(PlaceCursor):
    """Draws one view; while places are lit it takes the focus from the list (shift+Tab): the arrows move
    the cursor (▶) between lit places, Enter or Space picks as a click does, Esc gives the keys back."""

    DEFAULT_CSS = "ExpressMap { height: 100%; }"
    BINDINGS = [
        *(Binding(key, f"step('{key}')", "Move", key_display=arrow, show=key == "left")
          for key, arrow in (("left", "←↑↓→"), ("up", "↑"), ("down", "↓"), ("right", "→"))),
        Binding("enter,space", "pick", "Pick", key_display="⏎"),
        Binding("escape", "back", "List"),
    ]

    def __init__(self, view=None, *, id: str | None = None) -> None:
        super().__init__(view, id=id)
        self.drawn: list[tuple[int, int, int, int, int]] = []  # (x0, x1, y0, y1, loc) as drawn last

    def step_from(self, at: int, step: tuple[int, int]) -> int:
        return next_place(self.options, at, step)

    def on_click(self, event: events.Click) -> None:
        loc = next((c for x0, x1, y0, y1, c in self.drawn if x0 <= event.x < x1 and y0 <= event.y < y1), -1)
        if loc >= 0:
            event.stop()
            self.post_message(RegionClicked(loc))

    def render(self) -> Text:
        v = self.view
        if v is None:
            return Text()
        width, height = self.size.width, self.size.height
        box_w, box_h = max(12, width // 3), max(4, (height - 1) // 2)
        rows: list[Text] = []
        self.drawn = []
        for r in range(2):
            boxes = [self._box(v, loc, box_w, box_h) for loc in ORDER[r * 3: r * 3 + 3]]
            for c, loc in enumerate(ORDER[r * 3: r * 3 + 3]):
                self.drawn.append((c * box_w, (c + 1) * box_w, r * box_h, (r + 1) * box_h, loc))
            for i in range(box_h):
                rows.append(Text("").join(b[i] for b in boxes))
        rows.append(self._beside(v))
        return Text("\n").join(rows[:height])

    def _box(self, v, loc: int, w: int, h: int) -> list[Text]:
        lit = loc in self.lit
        tl, hz, tr, vt, bl, br = HEAVY if lit else LIGHT
        owner = holder(v, loc)
        frame = f"bold {HOUSE_COLOURS[owner]}" if owner >= 0 else ("bold" if lit else "dim")
        inner = w - 2
        top = Text(tl, style=frame)
        title = Text(("▶" if loc == self.pointed else "") + f"{loc + 1} ", style="bold")
        name = next((n for n in (LOCATION_NAMES[loc], SHORT_PLACES[loc]) if len(n) + title.cell_len <= inner),
                    SHORT_PLACES[loc][:max(0, inner - title.cell_len)])
        title.append(name, style="bold")
        if loc == self.pointed:
            title.stylize("reverse")
        top.append_text(title)
        top.append(hz * (inner - title.cell_len) + tr, style=frame)
        lines: list[Text] = []
        if loc == POLAR_SINK:
            lines.append(Text("no battles", style="dim italic"))
        elif owner >= 0:
            lines.append(Text("held by ", style="italic") + house_letter(owner))
        elif len(v.occupants(loc)) > 1:
            lines.append(Text("contested!", style="bold"))
        else:
            lines.append(Text("empty", style="dim italic"))
        marks = works(v, loc)
        if marks:  # X29-X35: the fortress and the storm on the status line, the status cut to fit
            status = lines[0]
            status.truncate(max(0, inner - marks.cell_len - 1))
            lines[0] = Text.assemble(status, " " if status.cell_len else "", marks)
        rows = troop_lines(v, loc)
        lines += rows if inner >= 16 and len(rows) <= h - 3 else pack(troops(v, loc), inner, h - 3)
        out = [top]
        for i in range(h - 2):
            line = lines[i] if i < len(lines) else Text()
            line.truncate(inner)
            out.append(Text(vt, style=frame) + line + Text(" " * (inner - line.cell_len)) + Text(vt, style=frame))
        out.append(Text(bl + hz * inner + br, style=frame))
        return out

    def _beside(self, v) -> Text:
        supply = tokens_text(v.supply)
        text = Text(f" Win: {needed(v)} territories · ", style="dim")
        text.append(f"supply: {supply}" if supply else "supply empty", style="dim")
        return text
