"""Rules reference: the turn's steps and each faction's abilities, in our own words (rules.md)."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from .base import DuneScreen


def rules_text() -> str:
    return files("dune_tui.ui").joinpath("rules.md").read_text(encoding="utf-8")


class RulesScreen(DuneScreen):
    BINDINGS = [
        Binding("escape,b,q", "back", "Back"),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(rules_text())
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
