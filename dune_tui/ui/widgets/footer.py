"""The footer of keys, drawn again only when its keys change.

Textual's `Footer` recomposes (a new widget for every key, each styled anew) whenever the screen says its bindings
may have changed — at every focus change and every `refresh_bindings()` — even when it would show the very same
keys.  On the game screen that came to a few times a move and most of a move's CPU in the UI process (at a door,
each player's process for every move at the table).  This one recomposes only when what it shows changes: the keys
listed, their labels, groups and tooltips, which are enabled, the command palette's key; and each new key is styled
once (Textual's start compact, then take the footer's `compact`: styled twice at 80 columns and more)."""

from __future__ import annotations

from textual.reactive import Reactive
from textual.widgets import Footer as TextualFooter

__all__ = ["Footer"]


class Footer(TextualFooter):
    """Textual's footer (the same name, so the same styles), recomposed only when its keys change."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None  # what the last compose drew (None: nothing yet)

    def _keys(self) -> tuple:
        """Everything the footer's compose draws from: each shown binding as the screen has it now."""
        app = self.app
        keys = tuple((key, binding.key, app.get_key_display(binding), binding.description, binding.action,
                      binding.show, binding.group, enabled, tooltip, binding.tooltip)
                     for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items())
        return keys, self.show_command_palette, app.ENABLE_COMMAND_PALETTE

    def compose(self):
        """Textual's keys, each made with the footer's `compact` already (a key starts compact and is bound to the
        footer's: at 80 columns and more each new key was styled twice, compact and then not)."""
        self._shown = self._keys() if self._bindings_ready else None
        for widget in super().compose():
            compact = getattr(type(widget), "compact", None)  # a key's (Textual does not export FooterKey)
            if isinstance(compact, Reactive):
                widget.set_reactive(compact, self.compact)
            yield widget

    def bindings_changed(self, screen) -> None:
        """Textual recomposes here, after the next refresh; this footer then looks whether its keys changed."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self._shown is None or self._keys() != self._shown:
            await self.recompose()
