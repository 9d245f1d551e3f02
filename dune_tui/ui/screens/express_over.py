"""Game over for Dune Express: the winners and how, the final board, and per house its turns, battles, landings
and what it held at the end (from the final view and the events the seat may see)."""

from __future__ import annotations

from collections import Counter

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from ...games.express import payloads as pl
from ...games.express.data import UNIT_OWNER
from ..express_labels import house_label
from ..widgets.express_board import ExpressMap
from .game_over import GameOverScreen


def statistics(history) -> dict[int, Counter]:
    """Per house: turns begun, battles fought (attacking or defending), units landed, units lost."""
    stats: dict[int, Counter] = {}
    for e in history:
        d = e.data
        if isinstance(d, pl.TurnStart):
            stats.setdefault(d.house_id, Counter())["turns"] += 1
        elif isinstance(d, pl.Battle):
            for h, losses in ((d.attacker_id, d.attacker_losses), (d.defender_id, d.defender_losses)):
                stats.setdefault(h, Counter())["battles"] += 1
                stats[h]["lost"] += sum(losses)
        elif isinstance(d, pl.Landed):
            stats.setdefault(UNIT_OWNER[d.unit_id], Counter())["landed"] += 1
        elif isinstance(d, pl.UnitKilled):
            stats.setdefault(UNIT_OWNER[d.unit_id], Counter())["lost"] += 1
    return stats


class ExpressGameOverScreen(GameOverScreen):
    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over"):
            yield Static(self._headline(), id="winners")
            with Container(id="over-body"):
                yield ExpressMap(self.over.state, id="final-map")
                with Vertical(id="over-figures"):
                    yield Static(self._table(), id="stats")
        yield Footer()

    def action_new_game(self) -> None:
        """`n`: a new game of Dune Express."""
        from .new_game import NewGameScreen

        self.app.switch_screen(NewGameScreen(self.settings, rules="express"))

    def _headline(self) -> Text:
        state = self.over.state
        result = state.result
        text = Text("Game over", style="bold")
        text.append(f" — Dune Express, round {result.round}, {state.turn} turns, {self.over.decisions} decisions\n")
        if result.winners:
            text.append("Winner" + ("s: " if len(result.winners) > 1 else ": "), style="bold")
            for i, h in enumerate(result.winners):
                if i:
                    text.append(" and ")
                text.append_text(house_label(h))
                seat = state.house_seat[h]
                if seat >= 0:
                    text.append(f", {self.over.seats[seat].label()}")
        else:
            text.append("Nobody wins.", style="bold")
        text.append(f"\n{result.text}")
        return text

    def _table(self) -> Table:
        state = self.over.state
        stats = statistics(self.over.history)
        table = Table(title="Statistics", box=None, padding=(0, 1), title_style="bold", title_justify="left",
                      caption="battles fought, units landed and lost; at the end: units on the board, "
                              "territories held", caption_justify="left", caption_style="dim")
        for col in ("House", "Turns", "Battles", "Landed", "Lost", "Board", "Held"):
            table.add_column(col, justify="left" if col == "House" else "right", no_wrap=True)
        for h in state.seat_house:
            if h < 0:
                continue
            c = stats.get(h, Counter())
            table.add_row(house_label(h, short=True), str(c["turns"]), str(c["battles"]), str(c["landed"]),
                          str(c["lost"]), str(state.on_board(h)), str(state.held(h)))
        return table
