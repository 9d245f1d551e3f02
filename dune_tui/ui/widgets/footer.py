"""Textual's Footer, each of its keys made in its footer's look (compact or not) before it is mounted.

Textual's own makes each key compact, then data-binds it to the footer's `compact` once mounted: a footer that is
not compact restyled every key twice (the class added, then taken away), and it makes its keys again whenever the
screen's bindings change. At a door, with the server's other sessions on the same cores, that was a third of a
table's first board (issue 44: a browser tab opened at a table). The keys are the same; only the two restyles go."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)  # the bound value: no watcher, no restyle
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
