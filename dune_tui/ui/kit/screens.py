"""What every screen of the game shares: layout classes by terminal size (Textual's breakpoints: `-narrow`,
`-short` too small; `-wide` and `-tall` together the roomy layout), and a clear message instead of a broken
screen when the terminal is too small (the focus comes back where it was once the terminal is big enough again)."""

from __future__ import annotations

from contextlib import suppress

from textual import events
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.types import NoActiveAppError
from textual.widget import Widget
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 78, 22  # 80x24 is the compact layout; tmux's status line may take one row
ROOMY_WIDTH, ROOMY_HEIGHT = 110, 34


def shown(widget: Widget) -> bool:
    """Displayed, and so are all its containers (a hidden widget keeps a focus it cannot use)."""
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


class TooSmall(Static):
    """Shown alone when the terminal is smaller than the game can draw."""

    def on_mount(self) -> None:
        self.update(f"The terminal is too small for Dune.\n\nPlease make it at least {MIN_WIDTH}×{MIN_HEIGHT}"
                    "\n(ctrl+q quits).")


# Textual's breakpoints (min size, class): the screen has one class of each list for its size.
HORIZONTAL = [(0, "-narrow"), (MIN_WIDTH, "-fits-width"), (ROOMY_WIDTH, "-wide")]
VERTICAL = [(0, "-short"), (MIN_HEIGHT, "-fits-height"), (ROOMY_HEIGHT, "-tall")]
TOO_SMALL = ("-narrow", "-short")


def size_classes(size: Size) -> dict[str, bool]:
    """The breakpoints' classes for that size, each on or off (as Textual sets them on a resize)."""
    wanted = {name: False for _, name in HORIZONTAL + VERTICAL}
    for extent, points in ((size.width, HORIZONTAL), (size.height, VERTICAL)):
        wanted[max(p for p in points if extent >= p[0])[1]] = True
    return wanted


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class SizeAware:
    """Mixin for screens: the size classes (Textual's breakpoints, set on the screen's resize), set already
    when the screen is made (its first styling) and when it comes back; the focus kept across too small.
    (Textual calls each class's own `on_*` handler along the MRO.)"""

    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._focus_before_too_small: Widget | None = None
        with suppress(NoActiveAppError):  # a screen made while the app runs (all but some tests')
            self.update_classes(size_classes(self.app.size), update=False)  # type: ignore[attr-defined]

    @property
    def is_too_small(self) -> bool:
        return any(self.has_class(name) for name in TOO_SMALL)  # type: ignore[attr-defined]

    def _apply_size(self, size: Size) -> None:
        small, was_small = too_small(size), self.is_too_small
        if small and not was_small:
            # Hiding the screen blurs its focused widget: remember it, to give the focus back.
            self._focus_before_too_small = self.focused  # type: ignore[attr-defined]
        self.update_classes(size_classes(size))  # type: ignore[attr-defined]
        if was_small and not small:
            self.call_after_refresh(self._restore_focus)  # type: ignore[attr-defined]

    def _restore_focus(self) -> None:
        """Back from too small: refocus the widget that had the focus, unless the screen has since
        focused another shown widget itself (a new decision) or that widget is gone or hidden."""
        widget, self._focus_before_too_small = self._focus_before_too_small, None
        if widget is None or (self.focused is not None and shown(self.focused)):  # type: ignore[attr-defined]
            return
        if widget.is_attached and shown(widget):
            widget.focus()

    def on_mount(self) -> None:
        self.mount(TooSmall(id="too-small"))  # type: ignore[attr-defined]
        self._apply_size(self.app.size)  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        self._apply_size(self.app.size)  # type: ignore[attr-defined]

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size(event.size)


class DuneScreen(SizeAware, Screen):
    BACK_NAME = ""  # what a game screen over this one goes back to on leaving ("": nothing, dune-tui ends)


class DuneModal(SizeAware, ModalScreen):
    pass
