"""What both games' boards do alike with the places a decision is about: light them, point at the one of the list's
highlighted option, and, while some are lit, take the keys from the list (shift+Tab or `m`) so the arrows move a
cursor between them, Enter or Space picks the one under it as a click would (RegionClicked), and Esc gives the
keys back. The cursor moved by the board's own keys posts Pointed, so the list's highlight follows it.

A board says where "next that way" is (`step_from`) and draws itself; `options` maps each lit place to its
options' places in the panel's list, `pointed` is the place under the cursor (-1 for none)."""

from __future__ import annotations

from textual.widget import Widget

from .messages import Pointed, RegionClicked

STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class PlaceCursor(Widget):
    can_focus = True  # but see allow_focus: only while places are lit
    FOCUS_ON_CLICK = False  # a click picks (or misses) a place; the keys stay with the list

    def __init__(self, view=None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self.options: dict[int, list[int]] = {}  # place -> its options, by their place in the panel's list
        self.pointed = -1  # the place of the option highlighted in the list (↑/↓ there move it over the board)
        self.came_from = None  # the widget that had the focus before the board (Esc gives it back)

    @property
    def lit(self) -> set[int]:
        return set(self.options)

    def step_from(self, at: int, step: tuple[int, int]) -> int:
        """The lit place next to `at` on screen in the direction `step` (dx, dy); `at` when there is none."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._focus_moved, init=False)

    def _focus_moved(self, old, new) -> None:
        if new is self and old is not None and old is not self:
            self.came_from = old

    def show(self, view) -> None:
        if view is not self.view:  # the same view again (a new bot pause...): nothing to redraw
            self.view = view
            self.redraw()

    def redraw(self) -> None:
        """Draw the view again (a game's map may lay itself out again too: widgets/drawn.py)."""
        self.refresh()

    def light(self, options: dict[int, list[int]]) -> None:
        """The places the open decision is about, with their options' places in the list ({} when none)."""
        if options != self.options:
            self.options = dict(options)
            self.refresh()
        if not options and self.has_focus:
            self.action_back()
        elif self.has_focus and self.pointed not in options:
            self.point(self._first())  # then the screen points it at the list's highlight

    def _first(self) -> int:
        return min(self.options, key=lambda loc: self.options[loc])

    def point(self, loc: int) -> None:
        if loc != self.pointed:
            self.pointed = loc
            self.refresh()

    def _cursor(self, loc: int) -> None:
        """The cursor moved by the board's own keys: the list's highlight follows (the screen moves it)."""
        self.point(loc)
        self.post_message(Pointed(loc))

    def allow_focus(self) -> bool:
        """While places are lit, and only from another widget: a new question takes no keys for a moment
        (the decision panel's guard leaves nothing focused), and so the board takes none then either."""
        return bool(self.options) and self.screen.focused is not None

    def on_focus(self) -> None:
        """The cursor starts on the place the list points at, else on the first lit one."""
        if self.options and self.pointed not in self.options:
            self._cursor(self._first())
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_step(self, key: str) -> None:
        self._cursor(self.step_from(self.pointed, STEPS[key]))

    def action_pick(self) -> None:
        if self.pointed in self.options:
            self.post_message(RegionClicked(self.pointed))

    def action_back(self) -> None:
        """The focus goes back where it came from (the list), else to the next widget that takes it."""
        back, self.came_from = self.came_from, None
        if back is not None and back in self.screen.focus_chain:
            back.focus()
        elif self.has_focus and self.options:
            self.screen.focus_next()
        elif self.has_focus:
            self.blur()
