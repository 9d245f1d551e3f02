"""New game: the rule set (the registry's games), its players, each seat a human or a bot level (with its measured
rating), the game's own lines (ui/games/NAME/setup.py: the first game's faction choice and Face Dancers, Express's
modifications), an optional seed, the bots' pause, hints (h) on or off; `?` says what each line means
(new_game_help.py)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from ... import game_spec
from ...game_spec import new_game
from ...games import DEFAULT, GAMES, game_named
from ...games.errors import OptionsError
from ...record.ratings import bot_rating_text
from ...seats import bot_specs, default_bot
from ..games import setup_for
from ..kit.screens import DuneScreen
from ..settings import PAUSES
from ..widgets.cycler import Cycler
from ..widgets.footer import Footer
from .new_game_help import tips

HINTS = {True: "h asks the search for advice", False: "off (a competitive game)"}
MOST_SEATS = max(max(r.players) for r in GAMES.values())


def new_session(players: int, seats: list[str], seed: int | None, *, factions: tuple[str, ...] | None = None,
                hints: bool = True, rules: str = DEFAULT, **parameters):
    """A Session from the new-game choices (games.new_game); ValueError with a sentence if they do not fit.
    `parameters`: the game's own (its record's `parameters`: the first game's `faction_choice` and `face_dancers`,
    Dune Express's `variant`)."""
    spec = game_spec.GameSpec(rules=rules, players=players, seats=seats, seed=seed, factions=factions, hints=hints,
                              **parameters)  # (its class is made when first asked for: from every game's parameters)
    return new_game(spec)


def seat_choices() -> list[str]:
    """A human, and the bot levels (every bot plays every game)."""
    return ["human", *bot_specs()]


class NewGameScreen(DuneScreen):
    BINDINGS = [
        Binding("enter", "start", "Start", priority=True),
        Binding("down", "app.focus_next", "Next line", show=False, key_display="↓"),
        Binding("up", "app.focus_previous", "Previous line", show=False, key_display="↑"),
        Binding("escape,b", "back", "Back"),
    ]

    def __init__(self, settings, rules: str = DEFAULT, *, host: bool = False) -> None:
        """`host`: Host a table (menu): the game opens in this machine's lobby, other users sit down at its human
        seats from their own menus."""
        super().__init__()
        self.settings = settings
        self.rules = rules
        self.host = host

    @property
    def help_tips(self) -> str:
        """`?`: what each line means, the chosen game's included (new_game_help.py)."""
        return tips(setup_for(self.rules), bot_specs())

    def compose(self) -> ComposeResult:
        bot = default_bot()
        rules = game_named(self.rules)
        choices = seat_choices()
        with VerticalScroll(id="new-game"):
            yield Static("Host a table on this server" if self.host else "New game", classes="screen-title")
            yield Cycler("Game", list(GAMES), self.rules, shown=lambda r: GAMES[r].title, id="rules")
            yield Cycler("Players", list(rules.players), rules.default_players, id="players")
            for seat in range(MOST_SEATS):
                yield Cycler(f"Seat {seat + 1}" + (" (plays first)" if seat == 0 else ""), choices,
                             "human" if seat == 0 else bot, shown=self._seat_shown, id=f"seat-{seat}")
            for name, game in GAMES.items():  # each game's own lines, shown while it is chosen
                for line in setup_for(name).compose(game.parameters):
                    line.add_class(f"game-{name}")
                    yield line
            yield Cycler("Bot pause", list(PAUSES), self.settings.pause, shown=lambda p: f"{p:g} s", id="pause")
            yield Cycler("Hints", list(HINTS), True, shown=HINTS.get, id="hints")
            yield Input(placeholder="seed: empty for a random game", type="integer", id="seed")
            yield Static("↑/↓ choose a line, ←/→ change it, Enter starts.", classes="hint")
            yield Static(id="error")
        yield Footer()

    def _seat_shown(self, choice: str) -> str:
        """A seat's choice, a bot level with its measured rating in the chosen game, or that it has none yet
        (dune_tui/record/ratings.py)."""
        return choice if choice == "human" else f"{choice}, {bot_rating_text(choice, self.rules)}"

    def on_mount(self) -> None:
        self.query_one("#seed", Input).cursor_blink = False
        self._show_rules()
        self.query_one("#players").focus()

    @on(Cycler.Changed, "#rules")
    def _rules_changed(self, event: Cycler.Changed) -> None:
        self.rules = event.value
        players = self.query_one("#players", Cycler)
        seats = game_named(self.rules).players
        players.set_values(list(seats), min(players.value, max(seats)))
        choices = seat_choices()
        for seat in range(MOST_SEATS):
            cycler = self.query_one(f"#seat-{seat}", Cycler)
            cycler.set_values(choices, cycler.value if cycler.value in choices else default_bot())
        self._show_rules()

    def _show_rules(self) -> None:
        for name in GAMES:
            for widget in self.query(f".game-{name}"):
                widget.display = name == self.rules
        self._show_lines()
        self._show_seats()

    @on(Cycler.Changed)
    def _show_lines(self) -> None:
        """The chosen game's lines that depend on others (Express: which token counts the Thumper line leaves)."""
        setup_for(self.rules).show(self)

    @on(Cycler.Changed, "#players")
    def _players(self) -> None:
        self._show_seats()

    def _show_seats(self) -> None:
        n = self.query_one("#players", Cycler).value
        for seat in range(MOST_SEATS):
            self.query_one(f"#seat-{seat}").display = seat < n

    def action_back(self) -> None:
        self.dismiss(None)

    def value(self, name: str):
        return self.query_one(f"#{name}", Cycler).value

    def action_start(self) -> None:
        n = self.value("players")
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
            session = new_session(n, [self.value(f"seat-{s}") for s in range(n)], seed, hints=self.value("hints"),
                                  rules=self.rules, **setup_for(self.rules).parameters(self.value))
        except (OptionsError, ValueError) as e:
            self.query_one("#error", Static).update(f"Cannot start: {e}")
            return
        self.settings.pause = self.value("pause")
        if self.host:
            self.app.host_game(session, replace=self)
        else:
            self.app.start_game(session, replace=self)
