"""Rules reference: the turn's steps and each faction's abilities, in our own words: each game's page (its
`rules.md` beside its board, ui/games/'s table); `x` switches to the next game's."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from ...games import DEFAULT
from ..games import rules_names, rules_text
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer


class RulesScreen(DuneScreen):
    BINDINGS = [
        Binding("escape,b,q", "back", "Back"),
        Binding("down,j", "scroll(1)", "Scroll", show=False, key_display="↑↓ j k"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False, key_display="PgUp"),
        Binding("x", "switch", "Other game's rules"),
    ]

    def __init__(self, rules: str = DEFAULT) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(rules_text(self.rules))
        yield Footer()

    def action_switch(self) -> None:
        """`x`: the other rule set's page."""
        names = list(rules_names())
        self.rules = names[(names.index(self.rules) + 1) % len(names)]
        self.query_one(Markdown).update(rules_text(self.rules))
        self.query_one("#rules", VerticalScroll).scroll_home(animate=False)

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
