"""`c` on the game screen: every house card in full, as this seat sees them (one column at 80x24,
scrolled; two side by side on a roomy terminal). Esc, Enter or `c` go back to the game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.widgets import Footer, Static

from ..abilities import KNOT_MARK
from ..widgets.houses import full_card
from .base import DuneModal


class HousesScreen(DuneModal):
    BINDINGS = [Binding("escape,enter,c", "close", "Back to the game")]

    def __init__(self, view, seats: list, you: int) -> None:
        """`view`: the seat's view (`engine.view`), never the authoritative state."""
        super().__init__()
        self.view, self.seats, self.you = view, seats, you

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="houses-full", classes="dialog"):
            yield Static(f"House cards   {KNOT_MARK} alliance (knot) ability: yours on your turn, "
                         "and the active player's when allied with you", classes="dialog-title")
            with Grid(id="house-grid"):
                for seat, cfg in enumerate(self.seats):
                    yield Static(full_card(self.view, seat, cfg, self.you), classes="house-full")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#houses-full").focus()  # arrows and page keys scroll the cards at 80x24

    def action_close(self) -> None:
        self.dismiss(None)
