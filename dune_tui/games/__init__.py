"""The games this program plays: a neutral core (`errors`, `rng`, `events`, `state`, `flow`, `verbs`), one package
per game (`dune`, `express`), and the one registry of them (`registry`).  Nothing here imports anything above it; see
docs/ARCHITECTURE.md."""

from .registry import DEFAULT, GAMES, Game, UnknownRules, game_named, game_of, rules_name, rules_of

__all__ = ["DEFAULT", "GAMES", "Game", "UnknownRules", "game_named", "game_of", "rules_name", "rules_of"]
