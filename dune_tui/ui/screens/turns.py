"""The game screen's loop: what the seat client says comes next goes on the decision panel — a request of ours
(after the hand-off of a secret choice in a hot-seat game), who is thinking, whom the table waits for — and the
panel's answer goes to the table; the board is drawn from the seat's view; the game's end switches to its
game-over screen."""

from __future__ import annotations

from functools import partial

from rich.text import Text

from ...games import game_of
from ...table import messages as m
from .. import saving
from .. import seat_client as sc
from ..early_keys import replay
from ..rematch import rematch_socket
from ..widgets.decision import DecisionPanel
from .game_over import GameOverScreen
from .modals import Handoff


class Turns:
    def __init__(self, screen) -> None:
        """`screen`: the game screen (its seat client, its board, its panel)."""
        self.screen = screen
        self.panel_titles: list[Text] = [Text()]  # the title of the request on the panel, longest form first

    @property
    def client(self):
        return self.screen.client

    @property
    def panel(self) -> DecisionPanel:
        return self.screen.query_one(DecisionPanel)

    def advance(self) -> None:
        """Show what the seat client says comes next: a request of ours (after its hand-off), or who is thinking,
        or whom the table waits for."""
        screen = self.screen
        if not screen.is_attached:
            return
        match self.client.next_step():
            case sc.HandOff(request):
                self.show_board()
                self.panel.wait("Waiting for the hand-off…")
                screen.app.push_screen(Handoff(self.seat_title(request.seat)), partial(self._handed_off, request))
            case sc.Ask(request):
                self.show_request(request)
            case m.Thinking() as thinking:
                self.show_thinking(thinking)
            case sc.Waiting(others):
                self.show_waiting(others)

    def _handed_off(self, request, _result=None) -> None:
        self.client.handed_off(request)
        self.advance()

    def show_board(self) -> None:
        """The board, from the eyes of the seat the screen shows (ui.seat_client's `display_view`)."""
        v = self.client.display_view()
        if v is None or not self.screen.link.live:
            return
        self.screen.rules_board.show(v, self.client.display_seat(), self.client.pace)
        self.panel.light_map()

    def show_request(self, request) -> None:
        """The client has put `request` on the panel: draw it."""
        screen = self.screen
        screen.drop_advice()
        self.show_board()
        self.panel_titles = self.request_titles(request)
        self.panel.ask(request, self.panel_titles[0], prefer=self.client.prefer(request),
                       note=self.client.sealed_note(request))
        screen.agreement.hint()
        self.panel.light_map()
        if screen.early_keys.open:  # the first question: the keys typed for it before it came, to its form
            screen.call_after_refresh(replay, screen.app, screen.early_keys.close())

    def seat_title(self, seat: int, who: bool = True) -> Text:
        """`seat 2 [H] Harkonnen, Ann`: the seat, its side and (`who`) who plays it."""
        board = self.client.board
        f = game_of(board.options).seat_sides(board)[seat]
        title = Text(f"seat {seat + 1} ")
        if f >= 0:
            title.append_text(self.screen.rules_board.side_label(f))
        if who:
            title.append(", " + ("you" if seat == self.client.watching else self.client.seats[seat].label()))
        return title

    def request_titles(self, request) -> list[Text]:
        """The panel's title for `request`, longest first: its words go before the side's name is cut
        ("Decide now: seat 1 [H] Harkonnen, Ann", then "seat 1 [H] Harkonnen, Ann", "seat 1 [H] Harkonnen")."""
        if self.client.watching >= 0:
            f = game_of(request.view.options).seat_sides(request.view)[request.seat]
            if f < 0:
                return [Text("Your decision", style="bold")]
            side = self.screen.rules_board.side_label(f)
            return [Text.assemble(("Your decision", "bold"), " as ", side),
                    Text.assemble(("You", "bold"), " as ", side), side]
        return [Text.assemble(("Decide now: ", "bold"), self.seat_title(request.seat)), self.seat_title(request.seat),
                self.seat_title(request.seat, who=False)]

    def show_waiting(self, others: tuple[int, ...]) -> None:
        """Nothing of ours to decide and no bot thinking: say which other players the table waits for."""
        text = Text("Waiting for ")
        for i, seat in enumerate(others):
            text.append_text(Text(" and ") if i else Text())
            text.append_text(self.seat_title(seat))
            if not self.client.seats[seat].connected:
                text.append(" (away)", style="bold")
        text.append("…")
        self.panel.wait(text)  # no spinner: a person may take minutes, and idle means idle

    def show_thinking(self, thinking: m.Thinking) -> None:
        self.show_board()
        text = self.seat_title(thinking.seat)
        text.append(" is thinking…")
        text.append(f"\n{thinking.prompt}", style="dim")
        if not self.client.watching_only:
            text.append("\ns: skip ahead to your next decision   p: bot pause", style="dim")
        self.panel.wait(text, spinner=True, title=self.seat_title(thinking.seat))

    def chosen(self, event: DecisionPanel.Chosen) -> None:
        """The panel's answer: to the table, on its seat's connection (unless its request has gone meanwhile)."""
        request = event.request
        decision = self.client.chosen(request, event.action, event.key)
        if decision is None:
            return
        self.screen.drop_advice()
        self.screen.refresh_bindings()
        self.screen.rules_board.light(None, None)
        self.panel.wait("…")
        self.client.send(decision, request.seat)

    def finish(self, over: m.GameOver) -> None:
        screen = self.screen
        ending = GameOverScreen(over, screen.settings, joined=bool(screen.rejoin), ending=screen.rules_board.ending,
                                rematch_at=rematch_socket(screen.table))
        ending.game_id = self.client.game_id  # (at the table server: its rating change is asked there)
        if not screen.rejoin and self.client.game_id:  # the game's autosave is here (a joined seat's is the host's)
            ending.save_path = saving.autosave_path(self.client.game_id, screen.settings.save_dir)
        screen.app.switch_screen(ending)
