"""Textual's Footer, each of its keys made in its footer's look (compact or not) before it is mounted.

Textual's own makes each key compact, then data-binds it to the footer's `compact` once mounted: a footer that is
not compact restyled every key twice (the class added, then taken away), and it makes its keys again whenever the
screen's bindings change. At a door, with the server's other sessions on the same cores, that was a third of a
table's first board (issue 44: a browser tab opened at a table). The keys are the same; only the two restyles go.

And it makes them again only when what it shows changed: a screen asks its bindings to be refreshed after most
updates (the decision panel, the turn), and Textual's footer then made every key again and laid the whole screen
out again (a game's turns by keys: 458 footers made, most the same as the one before)."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    _shown: tuple | None = None  # the keys it shows: (key, action, description, shown, enabled, tooltip, ...)

    def bindings_changed(self, screen) -> None:
        shown = tuple((key, b.action, b.description, b.show, b.key_display, b.group, enabled, tooltip)
                      for key, (_, b, enabled, tooltip) in screen.active_bindings.items())
        if shown == self._shown and self._bindings_ready:
            return
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown  # (what Textual's then makes)
        super().bindings_changed(screen)

    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)  # the bound value: no watcher, no restyle
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
