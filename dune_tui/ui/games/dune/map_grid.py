"""Where each region of Arrakis sits on screen (R1), and a canvas of box lines.

The nine ring regions go clockwise around the Polar Sink: Tuek's Sietch, Cielago Plain and Habbanya
Sietch along the top; Great Flat and Sietch Tabr down the right; Broken Land and Carthag along the bottom;
Arrakeen and Minor Erg up the left. Each borders the next on screen and every one borders the centre;
the two regions of zones 2, 4 and 6 sit side by side."""

from __future__ import annotations

from typing import NamedTuple

from rich.style import Style
from rich.text import Text

from ....games.dune.data import (
    ARRAKEEN,
    BROKEN_LAND,
    CARTHAG,
    CIELAGO_PLAIN,
    GREAT_FLAT,
    HABBANYA_SIETCH,
    MINOR_ERG,
    POLAR_SINK,
    SIETCH_TABR,
    TUEKS_SIETCH,
)

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
GLYPHS = {0: " ", UP: "│", DOWN: "│", UP | DOWN: "│", LEFT: "─", RIGHT: "─", LEFT | RIGHT: "─",
          RIGHT | DOWN: "╭", LEFT | DOWN: "╮", UP | RIGHT: "╰", UP | LEFT: "╯",
          UP | RIGHT | DOWN: "├", UP | LEFT | DOWN: "┤", LEFT | RIGHT | DOWN: "┬", LEFT | RIGHT | UP: "┴",
          UP | RIGHT | DOWN | LEFT: "┼"}
HEAVY = str.maketrans("│─╭╮╰╯├┤┬┴┼", "┃━┏┓┗┛┣┫┳┻╋")  # the frame of the map's cursor


class Box(NamedTuple):
    """A region's rectangle, borders included (neighbours share theirs)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def inner(self) -> tuple[int, int, int, int]:
        """x, y, width, height inside the borders."""
        return self.x + 1, self.y + 1, self.w - 2, self.h - 2

    def border(self) -> list[tuple[int, int]]:
        """The cells of its outline."""
        right, bottom = self.x + self.w - 1, self.y + self.h - 1
        return [(x, y) for y in range(self.y, bottom + 1) for x in range(self.x, right + 1)
                if x in (self.x, right) or y in (self.y, bottom)]

    def holds(self, x: int, y: int, inner: bool = False) -> bool:
        """x, y is in the box (`inner`: inside its borders)."""
        edge = 1 if inner else 0
        return self.x + edge <= x < self.x + self.w - edge and self.y + edge <= y < self.y + self.h - edge


def boxes(width: int, height: int) -> dict[int, Box]:
    """The box of every location for a map of `width` x `height` cells (at least 40 x 11)."""
    side = (width - 6) // 5
    x1, x4, x5 = side + 1, width - side - 2, width - 1
    x2 = x1 + (x4 - x1) // 3
    x3 = x1 + 2 * (x4 - x1) // 3
    xm = (x1 + x4) // 2
    centre = 1 if height < 15 else 3
    y1 = (height - 2 - centre) // 2
    y2, y3 = y1 + centre + 1, height - 1
    ym = (y1 + y2) // 2

    def box(xa, ya, xb, yb) -> Box:
        return Box(xa, ya, xb - xa + 1, yb - ya + 1)

    return {
        TUEKS_SIETCH: box(x1, 0, x2, y1), CIELAGO_PLAIN: box(x2, 0, x3, y1), HABBANYA_SIETCH: box(x3, 0, x4, y1),
        GREAT_FLAT: box(x4, 0, x5, ym), SIETCH_TABR: box(x4, ym, x5, y3),
        BROKEN_LAND: box(xm, y2, x4, y3), CARTHAG: box(x1, y2, xm, y3),
        ARRAKEEN: box(0, ym, x1, y3), MINOR_ERG: box(0, 0, x1, ym),
        POLAR_SINK: box(x1, y1, x4, y2),
    }


class Canvas:
    """Cells of text and style; box outlines merge where they meet (├ ┬ ┼ ...)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[Style()] * width for _ in range(height)]
        self.edges = [[0] * width for _ in range(height)]

    def outline(self, b: Box) -> None:
        right, bottom = b.x + b.w - 1, b.y + b.h - 1
        for x in range(b.x, right + 1):
            for y in (b.y, bottom):
                self.edges[y][x] |= (RIGHT if x < right else 0) | (LEFT if x > b.x else 0)
        for y in range(b.y, bottom + 1):
            for x in (b.x, right):
                self.edges[y][x] |= (DOWN if y < bottom else 0) | (UP if y > b.y else 0)

    def lines(self, heavy: Box | None = None) -> None:
        """Turn the outlines into box characters (`heavy`: that box's outline in heavy ones)."""
        for y, row in enumerate(self.edges):
            for x, mask in enumerate(row):
                if mask:
                    self.chars[y][x] = GLYPHS[mask]
        if heavy is not None:
            for x, y in heavy.border():
                self.chars[y][x] = self.chars[y][x].translate(HEAVY)

    def fill(self, x: int, y: int, w: int, h: int, char: str, style: Style) -> None:
        for row in range(y, y + h):
            for col in range(x, x + w):
                self.chars[row][col] = char
                self.styles[row][col] = style

    def write(self, x: int, y: int, text: Text, width: int) -> None:
        """Put `text` (one line, cut to `width` cells) at x, y; its unstyled parts keep the cells' style."""
        col = x
        for char, style in _cells(text):
            if col >= x + width or col >= self.width:
                return
            self.chars[y][col] = char
            self.styles[y][col] = self.styles[y][col] + style
            col += 1

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            if y:
                out.append("\n")
            run, style = "", None
            for char, cell in zip(self.chars[y], self.styles[y]):
                if cell is not style and run:
                    out.append(run, style)
                    run = ""
                run, style = run + char, cell
            out.append(run, style)
        return out


def _cells(text: Text):
    """(character, style) for each character of a one-line Text (the styles of its spans added up)."""
    plain = text.plain
    base = Style.parse(text.style) if isinstance(text.style, str) else text.style
    styles = [base] * len(plain)
    for span in text.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        for i in range(span.start, min(span.end, len(plain))):
            styles[i] = styles[i] + style
    return zip(plain, styles)
