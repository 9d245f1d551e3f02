"""A board's widget given a new view is drawn again only when its drawing changed.

Each of another player's moves sends every seated player a new view; most of it (the map between two dice rolls,
the cards, the status line) draws the same as before.  Textual paints a refreshed widget's whole region again: its
lines rendered, styled and written to the terminal (the SSH door sends them), which costs far more than working out
the drawing itself.  A widget with this mixin draws in `draw()` (its data and its size: a Rich Text); `render` keeps
what it last drew, and `redraw()` refreshes only when `draw()` now gives something else."""

from __future__ import annotations

from rich.text import Text


class Drawn:
    """Put before the widget's class: `class MapView(Drawn, PlaceCursor)`; the widget defines `draw`, not `render`."""

    _last_drawn: Text | None = None

    def draw(self) -> Text:
        raise NotImplementedError

    def render(self) -> Text:
        self._last_drawn = self.draw()
        return self._last_drawn

    def redraw(self) -> None:
        """Refresh, laid out again too if its height follows its lines.  (Skipping the refresh when the drawing was
        the same left regions stale in 1 of 2 clean-clone runs, a status line and dice tray of the turn before: a
        drawing kept is not always a drawing on the screen; withdrawn until that is understood.)"""
        height = self.styles.height
        self.refresh(layout=height is not None and height.is_auto)
