"""The rule sets this program plays, and the one place that maps a rule set's name to its engine.

Each rule set is a package with the same verbs (docs/ENGINE.md, docs/EXPRESS.md): `new_game`,
`opening_events`, `legal_actions`, `apply`, `view`, `determinize`, `returns`, `observation_key`,
`as_action`, `Options`, `State`, `Event`, and `describe.prompt`.  The controller, the session, the table,
the saves and the simulator take them from `rules_of(options)`; a package is imported only when a game
of it is played (Dune Express is never loaded for the first game).

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


@dataclass(frozen=True)
class Game:
    """One game this program plays: its engine and what each layer above takes for it, named (as a module path)
    rather than imported, so that this package imports nothing above it."""

    name: str  # as the command line, the options and the save files spell it
    title: str
    package: str  # the engine's package: the verbs (docs/ARCHITECTURE.md)
    players: range
    seat_field: str  # the state's list of each seat's side (faction or house id; -1 before the deal)
    names_field: str  # the package's data module's tuple of side names by id
    board: str  # the terminal board: a module whose `Board` draws it (dune_tui.ui.games.NAME.board)
    bots: str  # the bots' rules: a module with `search_rules(...)` and `heuristic_agent(seed)` (ai.games.NAME)
    save_schema: str  # the save file's classes for this game (dune_tui.saves.games.NAME)
    rules_page: str  # the in-app rules text: "package:file" (a Markdown file of the board's package)
    agents: tuple[str, ...] | None = None  # the bots (agent spec kinds) that play it; None: every one

    @cached_property
    def engine(self) -> ModuleType:
        return import_module(self.package)

    @cached_property
    def describe(self) -> ModuleType:
        return import_module(f"{self.package}.describe")

    @property
    def side_names(self) -> tuple[str, ...]:
        return getattr(import_module(f"{self.package}.data"), self.names_field)

    def seat_sides(self, state_or_snapshot) -> list[int]:
        """Each seat's faction or house id (-1 while not dealt)."""
        return list(getattr(state_or_snapshot, self.seat_field))

    def side_name(self, side: int) -> str:
        names = self.side_names
        return names[side] if 0 <= side < len(names) else ""

    def agent_refusal(self, spec: str) -> str:
        """Why a bot of that spec cannot play this rule set ("" if it can)."""
        kind = spec.strip().lower().partition(":")[0]
        if self.agents is None or kind in self.agents or kind == "human":
            return ""
        return f"{self.title} is played by the {' and '.join(self.agents)} bots only for now, not {spec!r}"

    def state_fields(self) -> tuple[str, ...]:
        """Every field of the rule set's State a save's snapshot holds (all but `events` and `_legal`)."""
        return self.engine.State.FIELDS


GAMES: dict[str, Game] = {
    "dune": Game(name="dune", title="Dune: The Dice Game", package="dune_tui.games.dune", players=range(2, 9),
                 seat_field="seat_faction", names_field="FACTION_NAMES", board="dune_tui.ui.games.dune.board",
                 bots="ai.search_rules", save_schema="dune_tui.saves.schema",
                 rules_page="dune_tui.ui.games.dune:rules.md"),
    "express": Game(name="express", title="Dune Express", package="dune_tui.games.express", players=range(2, 7),
                    seat_field="seat_house", names_field="HOUSE_NAMES", board="dune_tui.ui.games.express.board",
                    bots="ai.search_rules", save_schema="dune_tui.saves.schema",
                    rules_page="dune_tui.ui.games.express:rules.md"),
}


class UnknownRules(ValueError):
    pass


def game_named(name: str | None = None) -> Game:
    """The rule set of that name (the first game when None or "")."""
    try:
        return GAMES[name or DEFAULT]
    except KeyError:
        raise UnknownRules(f"unknown rules {name!r}; choose from {', '.join(GAMES)}") from None


def game_of(options) -> Game:
    """The game whose engine made these options (known by the options' class, not by a field)."""
    module = type(options).__module__
    for game in GAMES.values():
        if module.startswith(game.package + "."):
            return game
    raise UnknownRules(f"{type(options).__qualname__} are not the options of a game this program plays")


def rules_name(options) -> str:
    """The name of the game these options are for."""
    return game_of(options).name


def rules_of(options) -> ModuleType:
    """The engine package that plays a game with these options."""
    return game_of(options).engine
