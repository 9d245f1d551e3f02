"""What every screen of the game shares: layout classes by terminal size, and a clear
message instead of a broken screen when the terminal is too small (the focus comes back
where it was once the terminal is big enough again)."""

from __future__ import annotations

from textual import events
from textual._context import active_app
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
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


def size_classes(size: Size) -> dict[str, bool]:
    small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
    roomy = size.width >= ROOMY_WIDTH and size.height >= ROOMY_HEIGHT
    return {"-too-small": small, "-roomy": roomy and not small, "-compact": not roomy and not small}


def initial_classes() -> str:
    """The size classes for a screen made while the app runs (set before its first styling)."""
    try:
        size = active_app.get().size
    except LookupError:
        return ""
    return " ".join(name for name, on in size_classes(size).items() if on)


class SizeAware:
    """Mixin for screens: keep the size classes current, live on resize.
    (Textual calls each class's own `on_*` handler along the MRO.)"""

    def __init__(self, *args, **kwargs) -> None:
        kwargs["classes"] = " ".join(filter(None, (kwargs.get("classes"), initial_classes())))
        super().__init__(*args, **kwargs)
        self._focus_before_too_small: Widget | None = None

    def _apply_size(self, size: Size) -> None:
        wanted = size_classes(size)
        was_small = self.has_class("-too-small")  # type: ignore[attr-defined]
        if any(self.has_class(name) != on for name, on in wanted.items()):  # type: ignore[attr-defined]
            if wanted["-too-small"] and not was_small:
                # Hiding the screen blurs its focused widget: remember it, to give the focus back.
                self._focus_before_too_small = self.focused  # type: ignore[attr-defined]
            self.update_classes(wanted)  # type: ignore[attr-defined]
            if was_small and not wanted["-too-small"]:
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
    pass


class DuneModal(SizeAware, ModalScreen):
    pass
