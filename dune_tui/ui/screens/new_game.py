"""New game: the rule set (Dune: The Dice Game or Dune Express), 2-8 players (2-6 for Express), each seat a
human or a bot level the rule set is played by, how factions are chosen (R12) and the Face Dancers option, or
Express's modifications (the houses' abilities, the Shorter Game and its ending, Thumper, the defence tokens),
an optional seed, the bots' pause, hints (h) on or off."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Input, Static

from ...game_spec import DEFAULT_PLAYERS, GameSpec, new_game
from ...games import GAMES, game_named
from ...games.dune import OptionsError
from ...seats import bot_specs, default_bot
from ..settings import PAUSES
from ..widgets.cycler import Cycler
from .base import DuneScreen

FACTION_CHOICE = {"random": "dealt at random", "choose": "chosen in the rulebook's order"}
FACE_DANCERS = {"dice": "with unused dice (the card)", "spice": "for 1 spice each (variant)"}
HINTS = {True: "h asks the search for advice", False: "off (a competitive game)"}
ON_OFF = {False: "off", True: "on"}
SHORTER = (0, 10, 15, 20, 25, 30)  # the Shorter Game's last round (0: no limit)
ENDING = {"nobody": "nobody wins: everybody loses", "tiebreak": "the most territories wins (tie-break)"}
TOKEN_KEYS = ("snooper", "shield", "trance", "thumper")  # express.data.TOKEN_KEYS (the first game never loads it)
TOKEN_NAMES = ("Snooper", "Shield", "Truth Trance", "Thumper")
TOKEN_COUNTS = range(-1, 7)  # -1: as the defence line says; up to the box's 6 (express.data.BOX_TOKENS, X28)


def count_text(n: int) -> str:
    return "as the defence line says" if n < 0 else f"{n} in the supply"


DEFENCE = {"full": "one of each per player", "limited": "one of each in all", "none": "none (no tokens)"}
MOST_SEATS = max(max(r.players) for r in GAMES.values())


def variant_text(abilities: bool = False, round_limit: int = 0, thumper: bool = False, defence: str = "full",
                 ending: str = "nobody", tokens: tuple[int, ...] = (-1, -1, -1, -1)) -> str:
    """The Express modifications as `dune-tui new --variant` spells them (express.with_variants reads both).
    The ending counts only with a round limit (the Shorter Game's, or Manipulation's 20 with the houses); a
    token count (-1: as the defence line says) only for the kinds the traitor die gives (X28)."""
    parts = ["houses"] * abilities + [f"shorter:{round_limit}"] * bool(round_limit)
    parts += ["tiebreak"] * (ending == "tiebreak" and bool(round_limit or abilities)) + ["thumper"] * thumper
    parts += [f"defence:{defence}"] * (defence != "full")
    unused = "trance" if thumper else "thumper"
    return ",".join(parts + [f"{key}:{n}" for key, n in zip(TOKEN_KEYS, tokens) if n >= 0 and key != unused])


def new_session(players: int, seats: list[str], seed: int | None, faction_choice: str = "random",
                face_dancers: str = "dice", factions: tuple[str, ...] | None = None, hints: bool = True,
                rules: str = "dune", variant: str = ""):
    """A Session from the new-game choices (games.new_game); ValueError with a sentence if they do not fit.
    `rules="express"` takes `variant` (as `--variant`) instead of the first game's faction options."""
    return new_game(GameSpec(rules=rules, players=players, seats=seats, seed=seed, factions=factions,
                             faction_choice=faction_choice, face_dancers=face_dancers, variant=variant, hints=hints))


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

    def __init__(self, settings, rules: str = "dune", *, host: bool = False) -> None:
        """`host`: Host a table (menu): the game opens in this machine's lobby, other users sit down at its human
        seats from their own menus."""
        super().__init__()
        self.settings = settings
        self.rules = rules
        self.host = host

    def compose(self) -> ComposeResult:
        bot = default_bot()
        rules = game_named(self.rules)
        choices = seat_choices()
        with VerticalScroll(id="new-game"):
            yield Static("Host a table on this server" if self.host else "New game", classes="screen-title")
            yield Cycler("Game", list(GAMES), self.rules, shown=lambda r: GAMES[r].title, id="rules")
            yield Cycler("Players", list(rules.players), DEFAULT_PLAYERS, id="players")
            for seat in range(MOST_SEATS):
                yield Cycler(f"Seat {seat + 1}" + (" (plays first)" if seat == 0 else ""), choices,
                             "human" if seat == 0 else bot, id=f"seat-{seat}")
            yield Cycler("Factions", list(FACTION_CHOICE), "random", shown=FACTION_CHOICE.get, id="faction-choice",
                         classes="dune-only")
            yield Cycler("Face Dancers", list(FACE_DANCERS), "dice", shown=FACE_DANCERS.get, id="face-dancers",
                         classes="dune-only")
            yield Cycler("Houses' abilities", list(ON_OFF), False, shown=ON_OFF.get, id="abilities",
                         classes="express-only")
            yield Cycler("Shorter game", list(SHORTER), 0, shown=lambda n: f"{n} rounds" if n else "off",
                         id="round-limit", classes="express-only")
            yield Cycler("At the last round", list(ENDING), "nobody", shown=ENDING.get, id="ending",
                         classes="express-only")
            yield Cycler("Thumper", list(ON_OFF), False, shown=ON_OFF.get, id="thumper", classes="express-only")
            yield Cycler("Defence tokens", list(DEFENCE), "full", shown=DEFENCE.get, id="defence",
                         classes="express-only")
            for key, name in zip(TOKEN_KEYS, TOKEN_NAMES):
                yield Cycler(f"  {name} tokens", list(TOKEN_COUNTS), -1, shown=count_text, id=f"count-{key}",
                             classes=f"express-only count-{key}")
            yield Cycler("Bot pause", list(PAUSES), self.settings.pause, shown=lambda p: f"{p:g} s", id="pause")
            yield Cycler("Hints", list(HINTS), True, shown=HINTS.get, id="hints")
            yield Input(placeholder="seed: empty for a random game", type="integer", id="seed")
            yield Static("↑/↓ choose a line, ←/→ change it, Enter starts.", classes="hint")
            yield Static(id="error")
        yield Footer()

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
        for widget in self.query(".dune-only"):
            widget.display = self.rules == "dune"
        for widget in self.query(".express-only"):
            widget.display = self.rules != "dune"
        self._show_counts()
        self._show_seats()

    @on(Cycler.Changed, "#thumper")
    def _show_counts(self) -> None:
        """Truth Trance tokens, or with the Thumper modification Thumper tokens (X28)."""
        if self.rules != "dune":
            thumper = self.query_one("#thumper", Cycler).value
            self.query_one("#count-trance").display = not thumper
            self.query_one("#count-thumper").display = thumper

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
            variant = variant_text(self.value("abilities"), self.value("round-limit"), self.value("thumper"),
                                   self.value("defence"), self.value("ending"),
                                   tuple(self.value(f"count-{key}") for key in TOKEN_KEYS))
            session = new_session(
                n, [self.value(f"seat-{s}") for s in range(n)], seed, self.value("faction-choice"),
                self.value("face-dancers"), hints=self.value("hints"), rules=self.rules,
                variant=variant if self.rules == "express" else "")
        except (OptionsError, ValueError) as e:
            self.query_one("#error", Static).update(f"Cannot start: {e}")
            return
        self.settings.pause = self.value("pause")
        if self.host:
            self.app.host_game(session, replace=self)
        else:
            self.app.start_game(session, replace=self)
