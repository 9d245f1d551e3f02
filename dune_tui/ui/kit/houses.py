"""`c` on the game screen: every side's card in full, as this seat sees them (the game's board makes the cards:
one column at 80x24, scrolled; side by side on a roomy terminal where the game's cards are made for it).
Esc, Enter or `c` go back to the game."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.widgets import Static

from ..widgets.footer import Footer
from .screens import DuneModal


class HousesScreen(DuneModal):
    BINDINGS = [Binding("escape,enter,c", "close", "Back to the game")]

    def __init__(self, title: str, cards: list[RenderableType], *, side_by_side: bool = False) -> None:
        """`cards`: a card per seat, from the seat's view (`engine.view`), never the authoritative state;
        `side_by_side`: two columns on a roomy terminal (a grid), else a list."""
        super().__init__()
        self.title_text, self.cards, self.side_by_side = title, cards, side_by_side

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="houses-full", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if self.side_by_side:
                with Grid(id="house-grid"):
                    yield from self._cards()
            else:
                yield from self._cards()
        yield Footer()

    def _cards(self) -> ComposeResult:
        for card in self.cards:
            yield Static(card, classes="house-full")

    def on_mount(self) -> None:
        self.query_one("#houses-full").focus()  # arrows and page keys scroll the cards at 80x24

    def action_close(self) -> None:
        self.dismiss(None)
