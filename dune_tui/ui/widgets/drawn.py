"""A board's widget drawn from its data: it draws in `draw()` (its data and its size: a Rich Text), and `redraw()`
refreshes it, laid out again too when its height follows its lines.

(Session 6 tried skipping the refresh when `draw()` gave the same drawing as the last one painted: each of another
player's moves sends every seated player a new view that mostly draws the same. A clean-clone run then showed a
browser tab with a status line and dice of the turn before; the skip was withdrawn until that is understood, and
this is where it would go back: docs/DOORS.md.)"""

from __future__ import annotations

from rich.text import Text


class Drawn:
    """Put before the widget's class: `class MapView(Drawn, PlaceCursor)`; the widget defines `draw`, not `render`."""

    def draw(self) -> Text:
        raise NotImplementedError

    def render(self) -> Text:
        return self.draw()

    def redraw(self) -> None:
        height = self.styles.height
        self.refresh(layout=height is not None and height.is_auto)
