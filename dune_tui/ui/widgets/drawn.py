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

    # its height follows its width alone (its `get_content_height`), never its data: a redraw is not laid out again
    # (the map: a layout of the whole screen at each view, some 140 in a few turns by keys)
    SIZED_BY_WIDTH = False

    def draw(self) -> Text:
        raise NotImplementedError

    def render(self) -> Text:
        return self.draw()

    def redraw(self) -> None:
        height = self.styles.height
        self.refresh(layout=not self.SIZED_BY_WIDTH and height is not None and height.is_auto)
