"""The rule sets this program plays, and the one place that maps a rule set's name to its engine.

Each rule set is a package with the same verbs (docs/ARCHITECTURE.md, `games.base.CONTRACT`): it states
`new_game`, `legal_actions`, `apply`, `view`, `determinize`, `returns`, `PARAMETERS` and `options_from`,
`available_sides`, `side_id`, `HIDDEN`, `Options`, `State`, `Event`, `Result` and `describe.prompt`, and whatever
differs from the contract's defaults (`games.base`: `AGREE_END`, `end_offered`, `end_refused`, `is_simultaneous`,
`public_note`, `final_view`, `observation_key`, `opening_events`, `as_action`, `variants_in_words`,
`DEFAULT_WINNER`), which its package's `__getattr__` gives for the rest.  Generic code asks these and the record,
never a game's or a phase's name.  The controller,
the session, the table, the saves and the simulator take them from `rules_of(options)`; a package is imported
only when a game of it is played.

The record holds engine facts only.  What each layer above takes for a game is in that layer's own table, beside
its parts: `dune_tui/ui/games/` (the board, the new-game lines, the rules page, the styles), `ai/games/` (the
bots), `dune_tui/saves/games/` (the save schema).  A game played from elsewhere (tests/toy/) declares itself
beside its own code: `register_game(Game(...))` here, then its part in each of those tables.

    from dune_tui.games import rules_of, game_named
    engine = rules_of(options)             # dune_tui.games.dune or dune_tui.games.express, by the options' class
    game_named("express").side_names       # ("Harkonnen", "Fremen", ...)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from types import ModuleType

DEFAULT = "dune"
PREFERRED_PLAYERS = 4  # a newcomer alone against three bots sees the whole game (the first game's alliances: R5)


@dataclass(frozen=True)
class Game:
    """One game this program plays: its engine's facts (what each layer above takes for it is in that layer's
    table: ui/games/, ai/games/, saves/games/)."""

    name: str  # as the command line, the options and the save files spell it
    title: str
    package: str  # the engine's package: the verbs (docs/ARCHITECTURE.md)
    players: range
    seat_field: str  # the state's list of each seat's side (faction or house id; -1 before the deal)
    names_field: str  # the package's data module's tuple of side names by id
    keys_field: str  # ... and of side keys by id (as --faction spells them)
    side_word: str  # what a side is called: "faction", "house"

    @cached_property
    def engine(self) -> ModuleType:
        return import_module(self.package)

    @cached_property
    def describe(self) -> ModuleType:
        return import_module(f"{self.package}.describe")

    @property
    def side_names(self) -> tuple[str, ...]:
        return getattr(import_module(f"{self.package}.data"), self.names_field)

    @property
    def side_keys(self) -> tuple[str, ...]:
        return getattr(import_module(f"{self.package}.data"), self.keys_field)

    @property
    def parameters(self) -> dict[str, object]:
        """The new game's parameters this game takes beyond players, seed and sides (GameSpec's fields), each with
        its value when not given: the engine's `PARAMETERS` (`games.base.Parameter`s) at their defaults."""
        return {name: p.default for name, p in self.engine.PARAMETERS.items()}

    @property
    def default_players(self) -> int:
        """How many play when no number is asked for: four, or the nearest number the game takes."""
        return min(max(PREFERRED_PLAYERS, self.players.start), self.players[-1])

    @property
    def is_default(self) -> bool:
        """The game played when none is named (`--rules` not given, a save of version 1)."""
        return self.name == DEFAULT

    @property
    def of_title(self) -> str:
        """" of Dune Express" after "6 games"; nothing for the default game."""
        return "" if self.is_default else f" of {self.title}"

    def seat_sides(self, state_or_snapshot) -> list[int]:
        """Each seat's faction or house id (-1 while not dealt)."""
        return list(getattr(state_or_snapshot, self.seat_field))

    def side_name(self, side: int) -> str:
        names = self.side_names
        return names[side] if 0 <= side < len(names) else ""

    def state_fields(self) -> tuple[str, ...]:
        """Every field of the rule set's State a save's snapshot holds (all but `events` and `_legal`)."""
        return self.engine.State.FIELDS


GAMES: dict[str, Game] = {
    "dune": Game(name="dune", title="Dune: The Dice Game", package="dune_tui.games.dune", players=range(2, 9),
                 seat_field="seat_faction", names_field="FACTION_NAMES", keys_field="FACTION_KEYS",
                 side_word="faction"),
    "express": Game(name="express", title="Dune Express", package="dune_tui.games.express", players=range(2, 7),
                    seat_field="seat_house", names_field="HOUSE_NAMES", keys_field="HOUSE_KEYS",
                    side_word="house"),
}


class UnknownRules(ValueError):
    pass


def register_game(game: Game) -> Game:
    """Add a game to those this program plays (as OpenSpiel's `register_game`), declared beside its own code; the
    same record again is no change, another record under a name taken is refused."""
    known = GAMES.get(game.name)
    if known is not None and known != game:
        raise ValueError(f"a game named {game.name!r} is registered already ({known.title})")
    GAMES[game.name] = game
    return game


def game_named(name: str | None = None) -> Game:
    """The rule set of that name (the first game when None or "")."""
    try:
        return GAMES[name or DEFAULT]
    except KeyError:
        raise UnknownRules(f"unknown rules {name!r}; choose from {', '.join(GAMES)}") from None


_BY_CLASS: dict[type, Game] = {}  # game_of's answers by the options' class


def game_of(options) -> Game:
    """The game whose engine made these options (known by the options' class, not by a field)."""
    kind = type(options)
    game = _BY_CLASS.get(kind)
    if game is not None:
        return game
    for game in GAMES.values():
        if kind.__module__.startswith(game.package + "."):
            _BY_CLASS[kind] = game
            return game
    raise UnknownRules(f"{type(options).__qualname__} are not the options of a game this program plays")


def rules_of(options) -> ModuleType:
    """The engine package that plays a game with these options."""
    return game_of(options).engine
