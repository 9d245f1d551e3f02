"""Game over: the winners and how, the final board, the game's figures; a replay, a review, a new game of the
same game or quit.  What differs between games is data the game's board gives (`Ending`), not a subclass.
A finished game opened again (Continue, Load, `dune-tui load`) comes straight here."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.widgets import Static

from ...games import game_of
from ..kit.ending import Ending
from ..kit.screens import DuneScreen
from ..widgets.footer import Footer


class GameOverScreen(DuneScreen):
    BINDINGS = [
        Binding("r", "replay", "Replay"),
        Binding("w", "review", "Review"),
        Binding("n", "new_game", "New game"),
        Binding("a", "rematch", "Rematch"),
        Binding("m", "menu", "Main menu"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, over, settings, joined: bool = False, *, ending: Ending, rematch_at: str = "") -> None:
        """`over`: the table's GameOver for this screen's seat (its final view, the history it may see).
        `joined`: the game was played at a table hosted elsewhere; this terminal only replays it or leaves.
        `rematch_at`: the socket of the table server's table it was played at (`a` asks for the rematch)."""
        super().__init__()
        self.rematch_at = rematch_at
        self.over = over
        self.settings = settings
        self.joined = joined
        self.ending = ending
        self.save_path = None  # the game's save on this machine (set by the game screen): `w` reviews it
        self.game_id = ""  # (set by the game screen with save_path): the rating change is read from the saves

    @property
    def help_tips(self) -> str:
        """The game's own tips for `?`."""
        return self.ending.tips

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.save_path is not None
        if action == "rematch":
            return bool(self.rematch_at)
        return not (self.joined and action in ("new_game", "menu"))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over"):
            yield Static(self._headline(), id="winners")
            if changed := self._rating_change():
                yield Static(changed, id="over-rating")
            with Container(id="over-body"):
                yield self.ending.final_map(self.over.state, id="final-map")
                with Vertical(id="over-figures"):
                    for name, figures in self.ending.figures(self.over):
                        yield Static(figures, id=name)
        yield Footer()

    def on_mount(self) -> None:
        if self.rematch_at and self.game_id and self.save_path is None:  # a table of the table server: its record
            self.run_worker(self._server_rating(), group="rating")

    async def _server_rating(self) -> None:
        """How this game moved your rating at the table server (rated as the table ended), shown under the
        headline once the server says; nothing when it moved none or the server cannot say."""
        import asyncio
        from pathlib import Path

        from ...record.ratings import Rating, change_text
        from ...server import control

        request = control.AskRecord(rules=game_of(self.over.state.options).name, table=self.game_id)
        try:
            answer = await asyncio.to_thread(control.ask, Path(self.rematch_at).parent, request)
        except control.Unreachable:
            return
        change = getattr(answer, "change", ())
        if len(change) != 4:
            return
        line = change_text(game_of(self.over.state.options).title, Rating(*change[:2]), Rating(*change[2:]))
        for headline in self.query("#winners").results(Static):  # (none: the screen has gone meanwhile)
            await self.query_one("#over").mount(Static(line, id="over-rating"), after=headline)

    def _headline(self) -> Text:
        state = self.over.state
        result = state.result
        sides = game_of(state.options).seat_sides(state)
        text = Text("Game over", style="bold")
        text.append(f" — {self.ending.heading}round {result.round}, {state.turn} turns, "
                    f"{self.over.decisions} decisions\n")
        if result.winners:
            text.append("Winner" + ("s: " if len(result.winners) > 1 else ": "), style="bold")
            for i, side in enumerate(result.winners):
                if i:
                    text.append(" and ")
                text.append_text(self.ending.side_label(side))
                if side in sides:
                    text.append(f", {self.over.seats[sides.index(side)].label()}")
        else:
            text.append("Nobody wins.", style="bold")
        text.append(f"\n{result.text}{self.ending.how(state)}")
        return text

    def _rating_change(self) -> str:
        """How this game moved your rating (dune_tui/record): from your finished games' saves, this one's written
        as it ended; "" when it moved none."""
        if self.save_path is None or not self.game_id:
            return ""
        from ...net.identity import my_identity
        from ...record import finished_games
        from ...record.ratings import change_text, your_change

        try:
            found = your_change(finished_games(self.save_path.parent, me=my_identity()), self.game_id)
        except Exception:  # the record is a nicety: an unreadable directory or index says nothing here
            return ""
        return change_text(game_of(self.over.state.options).title, *found[1:]) if found else ""

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.over))

    def action_review(self) -> None:
        from .review import open_review_screen

        open_review_screen(self.app, self.save_path)

    def action_new_game(self) -> None:
        """`n`: a new game of the same game."""
        from .new_game import NewGameScreen

        self.app.switch_screen(NewGameScreen(self.settings, rules=game_of(self.over.state.options).name))

    def action_rematch(self) -> None:
        """`a` at a table of the table server: the same seats, a new deal, for everyone who presses it."""
        from ..rematch import rematch

        self.run_worker(rematch(self, self.rematch_at), group="rematch", exclusive=True)

    def action_menu(self) -> None:
        self.app.pop_screen()

    def action_quit(self) -> None:
        self.app.exit(0)
