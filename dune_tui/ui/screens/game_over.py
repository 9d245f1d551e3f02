"""Game over: the winners and how, the final map, a few statistics; a replay, a new game or quit.
A finished game opened again (Continue, Load, `dune-tui load`) comes straight here."""

from __future__ import annotations

from collections import Counter

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.widgets import Footer, Static

from ...engine import payloads
from ...engine.data import BENE_GESSERIT, FACTION_NAMES, STRATEGIC_ORDER
from ..labels import faction_label
from ..widgets.map import MapView
from .base import DuneScreen

REASONS = {
    "solo": "They held enough strategic regions alone at the end of their turn.",
    "alliance": "Together they held four strategic regions at the end of the turn.",
}


def statistics(session) -> dict[int, Counter]:
    """Per faction: turns, battles won and lost, troops landed, from the game's events (`session.history`).

    A battle counts for both sides' principals, the attacker and the defender (not their helpers)."""
    stats: dict[int, Counter] = {f: Counter() for f in session.state.seat_faction if f >= 0}
    for e in session.history:
        d = e.data
        if isinstance(d, payloads.Reveal):
            for f in (d.attacker_id, d.defender_id):
                if f in stats:
                    stats[f]["won" if f == d.winner_id else "lost"] += 1
        elif isinstance(d, payloads.Landed) and d.faction_id in stats:
            stats[d.faction_id]["landed"] += 1
        elif isinstance(d, payloads.TurnStart) and d.faction_id in stats:
            stats[d.faction_id]["turns"] += 1
    return stats


class GameOverScreen(DuneScreen):
    BINDINGS = [
        Binding("r", "replay", "Replay"),
        Binding("n", "new_game", "New game"),
        Binding("m", "menu", "Main menu"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, over, settings, joined: bool = False) -> None:
        """`over`: the table's GameOver for this screen's seat (its final view, the history it may see).
        `joined`: the game was played at a table hosted elsewhere; this terminal only replays it or leaves."""
        super().__init__()
        self.over = over
        self.settings = settings
        self.joined = joined

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (self.joined and action in ("new_game", "menu"))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over"):
            yield Static(self._headline(), id="winners")
            with Container(id="over-body"):
                yield MapView(self.over.state, id="final-map")
                yield Static(self._table(), id="stats")
        yield Footer()

    def _headline(self) -> Text:
        state = self.over.state
        result = state.result
        text = Text("Game over", style="bold")
        text.append(f" — round {result.round}, {state.turn} turns, {self.over.decisions} decisions\n")
        if result.winners:
            text.append("Winner" + ("s: " if len(result.winners) > 1 else ": "), style="bold")
            for i, f in enumerate(result.winners):
                if i:
                    text.append(" and ")
                text.append_text(faction_label(f))
                seat = state.faction_seat[f]
                if seat >= 0:
                    text.append(f", {self.over.seats[seat].label()}")
        else:
            text.append("Nobody wins.", style="bold")
        how = REASONS.get(result.reason)
        text.append(f"\n{result.text}" + (f" {how}" if how else ""))
        if state.in_play(BENE_GESSERIT) and state.prediction >= 0:
            text.append(f"\nThe Bene Gesserit had predicted the {FACTION_NAMES[state.prediction]}.")
        return text

    def _table(self) -> Table:
        state = self.over.state
        stats = statistics(self.over)
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

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.over))

    def action_new_game(self) -> None:
        from .new_game import NewGameScreen

        self.app.switch_screen(NewGameScreen(self.settings))

    def action_menu(self) -> None:
        self.app.pop_screen()

    def action_quit(self) -> None:
        self.app.exit(0)
