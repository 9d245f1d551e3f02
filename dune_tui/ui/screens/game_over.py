"""Game over: the winners and how, the final map, a few statistics; a new game or quit."""

from __future__ import annotations

from collections import Counter

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.widgets import Footer, Static

from ...engine.data import BENE_GESSERIT, FACTION_NAMES, STRATEGIC_ORDER
from ..labels import faction_label
from ..widgets.map import MapView
from .base import DuneScreen

REASONS = {
    "solo": "held enough strategic regions alone",
    "alliance": "an alliance held four strategic regions",
}


def statistics(session) -> dict[int, Counter]:
    """Per faction: turns, battles won and lost, troops landed, from the game's events (`session.history`)."""
    stats: dict[int, Counter] = {f: Counter() for f in session.state.seat_faction if f >= 0}
    events = session.history
    index = {name: f for f, name in enumerate(FACTION_NAMES)}
    for e in events:
        d = e.data
        if e.kind == "reveal":
            winner = index.get(d.get("winner"))
            for name in (d.get("attacker"),):
                f = index.get(name)
                if f in stats:
                    stats[f]["won" if f == winner else "lost"] += 1
            f = d.get("defender_id")
            if f in stats:
                stats[f]["won" if f == winner else "lost"] += 1
        elif e.kind == "landed" and index.get(d.get("faction")) in stats:
            stats[index[d["faction"]]]["landed"] += 1
        elif e.kind == "turn_start" and d.get("faction_id") in stats:
            stats[d["faction_id"]]["turns"] += 1
    return stats


class GameOverScreen(DuneScreen):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("m", "menu", "Main menu"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session, settings) -> None:
        super().__init__()
        self.session = session
        self.settings = settings

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over"):
            yield Static(self._headline(), id="winners")
            with Container(id="over-body"):
                yield MapView(self.session.state, id="final-map")
                yield Static(self._table(), id="stats")
        yield Footer()

    def _headline(self) -> Text:
        state = self.session.state
        result = state.result
        text = Text("Game over", style="bold")
        text.append(f" — round {result.round}, {state.turn} turns, {len(self.session.log)} decisions\n")
        if result.winners:
            text.append("Winner" + ("s: " if len(result.winners) > 1 else ": "), style="bold")
            for i, f in enumerate(result.winners):
                if i:
                    text.append(" and ")
                text.append_text(faction_label(f))
                seat = state.faction_seat[f]
                if seat >= 0:
                    text.append(f", {self.session.seats[seat].label()}")
        else:
            text.append("Nobody wins.", style="bold")
        how = REASONS.get(result.reason)
        text.append(f"\n{result.text}" + (f" ({how}.)" if how else ""))
        if state.in_play(BENE_GESSERIT) and state.prediction >= 0:
            text.append(f"\nThe Bene Gesserit had predicted the {FACTION_NAMES[state.prediction]}.")
        return text

    def _table(self) -> Table:
        state = self.session.state
        stats = statistics(self.session)
        table = Table(title="Statistics", box=None, padding=(0, 1), title_style="bold", title_justify="left",
                      caption="battles won and lost; troops landed; at the end: troops on the map, "
                              "strategic regions held", caption_justify="left", caption_style="dim")
        for col in ("House", "Turns", "Won", "Lost", "Landed", "On map", "Strategic"):
            table.add_column(col, justify="left" if col == "House" else "right", no_wrap=True)
        for f in state.seat_faction:
            if f < 0:
                continue
            c = stats.get(f, Counter())
            strategic = sum(1 for r in STRATEGIC_ORDER if state.troops_of(r, f))
            table.add_row(faction_label(f, short=True), str(c["turns"]), str(c["won"]), str(c["lost"]),
                          str(c["landed"]), str(state.units_on_board(f)), str(strategic))
        return table

    def action_new_game(self) -> None:
        from .new_game import NewGameScreen

        self.app.switch_screen(NewGameScreen(self.settings))

    def action_menu(self) -> None:
        self.app.pop_screen()

    def action_quit(self) -> None:
        self.app.exit(0)
