"""The rule sets this program plays, and the one place that maps a rule set's name to its engine.

Each rule set is a package with the same verbs (docs/ENGINE.md, docs/EXPRESS.md): `new_game`,
`opening_events`, `legal_actions`, `apply`, `view`, `determinize`, `returns`, `observation_key`,
`as_action`, `Options`, `State`, `Event`, and `describe.prompt`.  The controller, the session, the table,
the saves and the simulator take them from `rules_of(options)`; a package is imported only when a game
of it is played (Dune Express is never loaded for the first game).

    from dune_tui.rulesets import rules_of, ruleset
    engine = rules_of(options)            # dune_tui.engine, or dune_tui.express when options.rules == "express"
    ruleset("express").side_names         # ("Harkonnen", "Fremen", ...)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from types import ModuleType

DEFAULT = "dune"


@dataclass(frozen=True)
class Ruleset:
    """What the product needs to know of a rule set beyond its verbs."""

    name: str  # as the command line, the options and the save files spell it
    title: str
    package: str  # the engine's module
    players: range
    seat_field: str  # the state's list of each seat's side (faction or house id; -1 before the deal)
    names_field: str  # the package's data module's tuple of side names by id
    agents: tuple[str, ...] | None = None  # the bots (agent spec kinds) that play it; None: every one
    screen: bool = True  # the terminal game can draw it

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


RULESETS: dict[str, Ruleset] = {
    "dune": Ruleset(name="dune", title="Dune: The Dice Game", package="dune_tui.engine", players=range(2, 9),
                    seat_field="seat_faction", names_field="FACTION_NAMES"),
    "express": Ruleset(name="express", title="Dune Express", package="dune_tui.express", players=range(2, 7),
                       seat_field="seat_house", names_field="HOUSE_NAMES"),
}


class UnknownRules(ValueError):
    pass


def ruleset(name: str | None = None) -> Ruleset:
    """The rule set of that name (the first game when None or "")."""
    try:
        return RULESETS[name or DEFAULT]
    except KeyError:
        raise UnknownRules(f"unknown rules {name!r}; choose from {', '.join(RULESETS)}") from None


def rules_name(options) -> str:
    """The rule set a game's options are for: its `rules` field ("dune" when it has none, as the first game's)."""
    return getattr(options, "rules", DEFAULT)


def ruleset_of(options) -> Ruleset:
    return ruleset(rules_name(options))


def rules_of(options) -> ModuleType:
    """The engine package that plays a game with these options."""
    return ruleset_of(options).engine
