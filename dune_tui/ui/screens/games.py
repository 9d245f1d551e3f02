"""Your games: the games you finished, newest first, filtered by game, players and result (g, p, r), your
record under them; Enter opens the highlighted game's review (dune_tui/review, computed in the background when
it is not kept beside the save yet); s the table server's leaderboard (screens/leaderboard.py).  Read through
dune_tui.record's index of the saves, in a thread (a first reading of many saves takes a while: the screen says it
is reading, and answers its keys meanwhile).

Everything shown comes from files (names, seats): drawn as `rich.text.Text` made printable, never as markup."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import DataTable, Static

from ...games import DEFAULT, GAMES, game_named
from ...net.identity import my_identity
from ...record import RESULTS, finished_games, matches, tally
from ...saves.store import local_time
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer
from .load import cell, plain  # file-derived text: printable, literal, cut to its cell

CHROME, PADDING = 4, 2  # the screen's padding and the list's scroll bar; a column's cell padding, both sides
FIXED = {"Date": 16, "N": 2, "Side": 13, "Result": 15, "Rounds": 6}
PLAYERS_FROM = 110  # at this width and more, a Players column too
FILTERS = {  # what each key cycles through (None: all)
    "rules": (None, *sorted(GAMES)),
    "players": (None, *range(2, 9)),
    "result": (None, *RESULTS),
}
SAID = {"rules": ("g", "game"), "players": ("p", "players"), "result": ("r", "result")}  # each filter's key and word


def column_widths(total: int) -> dict[str, int]:
    """Game takes what the fixed columns leave (and shares it with Players in a roomy terminal)."""
    columns = len(FIXED) + 1 + (total >= PLAYERS_FROM)
    rest = max(8, total - CHROME - PADDING * columns - sum(FIXED.values()))
    widths = {"Date": FIXED["Date"], "Game": rest if total < PLAYERS_FROM else rest * 2 // 5}
    widths |= {k: v for k, v in FIXED.items() if k != "Date"}
    if total >= PLAYERS_FROM:
        widths["Players"] = rest - widths["Game"]
    return widths


class GamesScreen(DuneScreen):
    DEFAULT_CSS = """
    #games { padding: 0 1; }
    #games-list { height: 1fr; }
    #games-filters { color: $text-muted; }
    #games-detail { margin-top: 1; }
    #games-record { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "review", "Review", priority=True),
        Binding("g", "cycle('rules')", "Game"),
        Binding("p", "cycle('players')", "Players"),
        Binding("r", "cycle('result')", "Result"),
        Binding("s", "leaderboard", "Server"),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings
        self.games: list = []
        self.shown: list = []
        self.filters: dict[str, object] = dict.fromkeys(FILTERS)
        self.error = ""
        self.reading = True  # the index is being read (a thread: `_read`)

    def compose(self) -> ComposeResult:
        with Vertical(id="games"):
            yield Static("Your games", classes="screen-title")
            yield Static(id="games-filters")
            yield DataTable(id="games-list", cursor_type="row", zebra_stripes=True)
            yield Static(id="games-detail")
            yield Static(id="games-record")
        yield Footer()

    def on_mount(self) -> None:
        self._fill(self.app.size.width)
        self.query_one(DataTable).focus()
        self._read(self.settings.save_dir, my_identity())

    @work(thread=True, exclusive=True, group="index")
    def _read(self, directory, me: str) -> None:
        """Read (and bring up to date) the index of the saves, off the UI thread; then show the list."""
        games, error = [], ""
        try:
            games = finished_games(directory, me=me)
        except Exception as e:  # a SaveError's sentence (an untrusted directory); nothing else may reach the screen raw
            error = str(e) or type(e).__name__
        self.app.call_from_thread(self._read_done, games, error)

    def _read_done(self, games: list, error: str) -> None:
        if not self.is_attached:  # the screen has gone meanwhile
            return
        self.games, self.error, self.reading = games, error, False
        self._fill(self.app.size.width)

    def on_resize(self, event: Resize) -> None:
        self._fill(event.size.width)

    def action_cycle(self, name: str) -> None:
        values = FILTERS[name]
        self.filters[name] = values[(values.index(self.filters[name]) + 1) % len(values)]
        self._fill(self.app.size.width)

    def _fill(self, width: int) -> None:
        self.shown = [g for g in self.games if matches(g, **self.filters)]
        table = self.query_one(DataTable)
        table.clear(columns=True)
        widths = column_widths(width)
        for label, w in widths.items():
            table.add_column(label, width=w)
        for game in self.shown:
            side = game.seats[game.you].side if game.you is not None else "-"
            values = {"Date": local_time(game.ended), "Game": game.game_text(), "N": f"{game.players}",
                      "Side": side, "Result": game.result_text(), "Rounds": str(game.rounds),
                      "Players": game.players_text()}
            table.add_row(*(cell(values[label], w) for label, w in widths.items()))
        filters = "  ".join(f"{key} {word}: {self._said(name)}" for name, (key, word) in SAID.items())
        self.query_one("#games-filters", Static).update(plain(filters))
        self.query_one("#games-record", Static).update(plain(self._record()))
        self._detail(table.cursor_row)

    def _said(self, name: str) -> str:
        value = self.filters[name]
        if value is None:
            return "all"
        return game_named(value).title if name == "rules" else str(value)

    def _record(self) -> str:
        if self.reading:
            return "Reading your games…"
        if self.error:
            return self.error
        if not self.games:
            return "No finished game yet: the games you finish are listed here."
        return "Your record: " + "; ".join(tally(self.shown, rated=self.games).lines())

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._detail(event.cursor_row)

    def _detail(self, row: int) -> None:
        """The highlighted game in full: the game and who played."""
        if not 0 <= row < len(self.shown):
            self.query_one("#games-detail", Static).update("")
            return
        game = self.shown[row]
        self.query_one("#games-detail", Static).update(
            plain(f"{game.game_text()}, {game.result_text()}, {game.rounds} rounds: {game.players_text()}"))

    def action_review(self) -> None:
        from .review import open_review_screen

        row = self.query_one(DataTable).cursor_row
        if 0 <= row < len(self.shown):
            open_review_screen(self.app, self.shown[row].path)

    def action_leaderboard(self) -> None:
        """`s`: the leaderboard of this machine's table server, and your games there."""
        from .leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen(self.settings, self.filters["rules"] or DEFAULT))

    def action_back(self) -> None:
        self.dismiss(None)
