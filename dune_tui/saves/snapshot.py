"""A State as the save file holds it (its game's snapshot schema).  Loading never restores a State from it:
the state is rebuilt from the log, and the snapshot only checks the result (and feeds the listing)."""

from __future__ import annotations

import msgspec

from ..games import GAMES, game_of
from .schema import schema_of


def options_to_file(options):
    """The options as a save of their game writes them."""
    return msgspec.convert(msgspec.to_builtins(options), schema_of(game_of(options)).Options)


def options_from_file(options):
    """Validated like a user's options: msgspec.ValidationError (or the engine's OptionsError) says what is
    wrong.  The game is the one whose save schema the file's options are of."""
    game = next(g for g in GAMES.values() if isinstance(options, schema_of(g).Options))
    return msgspec.convert(msgspec.structs.asdict(options), game.engine.Options)


def snapshot_of(state):
    game = game_of(state.options)
    fields = {name: getattr(state, name) for name in game.state_fields()}
    return msgspec.convert(msgspec.to_builtins(fields), schema_of(game).Snapshot)


def differences(a, b) -> list[str]:
    """The names of the fields where two snapshots differ (every field, if they are of different games)."""
    if type(a) is not type(b):
        return ["rules"]
    return [name for name in a.__struct_fields__
            if msgspec.to_builtins(getattr(a, name)) != msgspec.to_builtins(getattr(b, name))]
