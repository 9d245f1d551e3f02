"""New game: 2-8 players, each seat a human or a bot level, how factions are chosen (R12),
an optional seed, the Face Dancers option, the bots' pause, hints (h) on or off."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Input, Static

from ...engine import Options, OptionsError, random_seed
from .. import DEFAULT_PLAYERS
from ..seats import bot_specs, default_bot, seat_config
from ..settings import PAUSES
from ..widgets.cycler import Cycler
from .base import DuneScreen

FACTION_CHOICE = {"random": "dealt at random", "choose": "chosen in the rulebook's order"}
FACE_DANCERS = {"dice": "with unused dice (the card)", "spice": "for 1 spice each (variant)"}
HINTS = {True: "h asks the search for advice", False: "off (a competitive game)"}


def new_session(players: int, seats: list[str], seed: int | None, faction_choice: str = "random",
                face_dancers: str = "dice", factions: tuple[str, ...] | None = None, hints: bool = True):
    """A Session from the new-game choices; OptionsError or ValueError with a sentence if they do not fit."""
    from ...session import Session

    if seed is None:
        seed = random_seed()  # 128 bits from the OS: nobody can work the dice out from what they see
    options = Options(players=players, seed=seed, faction_choice=faction_choice, face_dancers=face_dancers,
                      factions=factions)
    session = Session(options, [seat_config(s) for s in seats])
    session.hints_allowed = hints
    return session


class NewGameScreen(DuneScreen):
    BINDINGS = [
        Binding("enter", "start", "Start", priority=True),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, settings) -> None:
        super().__init__()
        self.settings = settings
        self.choices = ["human", *bot_specs()]

    def compose(self) -> ComposeResult:
        bot = default_bot()
        with VerticalScroll(id="new-game"):
            yield Static("New game", classes="screen-title")
            yield Cycler("Players", list(range(2, 9)), DEFAULT_PLAYERS, id="players")
            for seat in range(8):
                yield Cycler(f"Seat {seat + 1}" + (" (plays first)" if seat == 0 else ""), self.choices,
                             "human" if seat == 0 else bot, id=f"seat-{seat}")
            yield Cycler("Factions", list(FACTION_CHOICE), "random", shown=FACTION_CHOICE.get, id="faction-choice")
            yield Cycler("Face Dancers", list(FACE_DANCERS), "dice", shown=FACE_DANCERS.get, id="face-dancers")
            yield Cycler("Bot pause", list(PAUSES), self.settings.pause, shown=lambda p: f"{p:g} s", id="pause")
            yield Cycler("Hints", list(HINTS), True, shown=HINTS.get, id="hints")
            yield Input(placeholder="seed: empty for a random game", type="integer", id="seed")
            yield Static("↑/↓ choose a line, ←/→ change it, Enter starts.", classes="hint")
            yield Static(id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#seed", Input).cursor_blink = False
        self._show_seats()
        self.query_one("#players").focus()

    @on(Cycler.Changed, "#players")
    def _players(self) -> None:
        self._show_seats()

    def _show_seats(self) -> None:
        n = self.query_one("#players", Cycler).value
        for seat in range(8):
            self.query_one(f"#seat-{seat}").display = seat < n

    def action_back(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        n = self.query_one("#players", Cycler).value
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
            session = new_session(
                n, [self.query_one(f"#seat-{s}", Cycler).value for s in range(n)], seed,
                self.query_one("#faction-choice", Cycler).value, self.query_one("#face-dancers", Cycler).value,
                hints=self.query_one("#hints", Cycler).value)
        except (OptionsError, ValueError) as e:
            self.query_one("#error", Static).update(f"Cannot start: {e}")
            return
        self.settings.pause = self.query_one("#pause", Cycler).value
        self.app.start_game(session, replace=self)
