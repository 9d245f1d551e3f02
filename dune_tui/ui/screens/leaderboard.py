"""The table server's leaderboard (issue 46): everyone rated at this machine's table server in a game (g cycles the
games), the surest best first — a rating per identity and game, openskill's Plackett–Luce (dune_tui/server/record.py)
— and your own finished games there.  Asked of the server's control socket (`AskRecord`) in the background."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from ...games import DEFAULT, GAMES, game_named
from ...net.identity import at_door
from ...record import tally
from ...record.ratings import Rating
from ...text import MESSAGE_LIMIT, NAME_LIMIT, printable
from ..door import shown
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer


def ask_record(rules: str):
    """The server's Record for that game, or a sentence saying why there is none."""
    from ...server import control

    where = control.find()
    if where is None:
        return "No table server runs on this machine" + ("." if at_door() else " (`dune-tui serve` starts one).")
    try:
        answer = control.ask(where, control.AskRecord(rules=rules))
    except control.Unreachable as e:
        return shown(str(e))
    return answer if isinstance(answer, control.Record) else f"The server refused: {getattr(answer, 'reason', '')}"


class LeaderboardScreen(DuneScreen):
    DEFAULT_CSS = """
    #leaderboard { padding: 0 1; }
    #board { height: 1fr; }
    #board-note { color: $text-muted; }
    """
    BINDINGS = [
        Binding("g", "cycle", "Game"),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, settings, rules: str = DEFAULT) -> None:
        super().__init__()
        self.settings, self.rules = settings, rules

    def compose(self) -> ComposeResult:
        with Vertical(id="leaderboard"):
            yield Static(id="board-title", classes="screen-title")
            yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
            yield Static(id="board-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in (("#", 4), ("Player", 24), ("Rating", 6), ("Between", 13), ("Games", 5)):
            table.add_column(label, width=width)
        self._load()

    def _load(self) -> None:
        self.query_one("#board-title", Static).update(f"Leaderboard: {game_named(self.rules).title}")
        self.query_one("#board-note", Static).update("Asking the table server…")
        self.run_worker(self._fetch, thread=True, exclusive=True, group="board")

    def _fetch(self) -> None:
        found = ask_record(self.rules)
        self.app.call_from_thread(self._show, found)

    def _show(self, found) -> None:
        table = self.query_one(DataTable)
        table.clear()
        if isinstance(found, str):
            self.query_one("#board-note", Static).update(Text(printable(found, limit=MESSAGE_LIMIT)))
            return
        for place, ranked in enumerate(found.board, 1):
            r = Rating(ranked.mu, ranked.sigma)
            table.add_row(str(place), Text(printable(ranked.identity, limit=NAME_LIMIT)), f"{r.mu:.1f}",
                          f"{r.low:.1f}–{r.high:.1f}", str(ranked.games))
        mine = [g for g in found.games if g.rules == self.rules]
        note = "Nobody is rated in this game yet." if not found.board else "The surest best first (the low end)."
        if mine:
            note += " Your games here: " + "; ".join(tally(mine).lines())
        self.query_one("#board-note", Static).update(Text(printable(note, limit=MESSAGE_LIMIT)))

    def action_cycle(self) -> None:
        names = list(GAMES)
        self.rules = names[(names.index(self.rules) + 1) % len(names)] if self.rules in names else DEFAULT
        self._load()

    def action_back(self) -> None:
        self.dismiss(None)
