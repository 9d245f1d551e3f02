"""The games this program plays: a neutral core (`errors`, `rng`, `events`, `state`, `flow`, `verbs`), one package
per game (`dune`, `express`), and the one registry of them (`registry`).  Nothing here imports anything above it; see
docs/ARCHITECTURE.md.
`as_action` (an action from its JSON or msgpack form: lists made tuples) is the neutral core's, the same for every
game, so that the wire and the saves need no game to read an action."""

from .registry import (
           DEFAULT,
           GAMES,
           PREFERRED_PLAYERS,
           Game,
           UnknownRules,
           game_named,
           game_of,
           register_game,
           rules_of,
)
from .verbs import as_action

__all__ = ["DEFAULT", "GAMES", "PREFERRED_PLAYERS", "Game", "UnknownRules", "as_action", "game_named", "game_of",
           "register_game", "rules_of"]
