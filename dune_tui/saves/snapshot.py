"""A State as the save file holds it (the rule set's snapshot schema).  Loading never restores a State from it:
the state is rebuilt from the log, and the snapshot only checks the result (and feeds the listing)."""

from __future__ import annotations

import msgspec

from ..games import game_named, rules_name
from ..games.dune import State
from .schema import OPTIONS, SNAPSHOTS

FIELDS = State.FIELDS  # the first game's fields


def options_to_file(options):
    """The options as a save of their rule set writes them."""
    return msgspec.convert(msgspec.to_builtins(options), OPTIONS[rules_name(options)])


def options_from_file(options):
    """Validated like a user's options: msgspec.ValidationError (or the engine's OptionsError) says what is
    wrong.  A file's options without a `rules` field are the first game's."""
    rules = game_named(next(name for name, kind in OPTIONS.items() if isinstance(options, kind)))
    return msgspec.convert(msgspec.structs.asdict(options), rules.engine.Options)


def snapshot_of(state):
    rules = rules_name(state.options)
    fields = {name: getattr(state, name) for name in game_named(rules).state_fields()}
    return msgspec.convert(msgspec.to_builtins(fields), SNAPSHOTS[rules])


def differences(a, b) -> list[str]:
    """The names of the fields where two snapshots differ (every field, if they are of different rule sets)."""
    if type(a) is not type(b):
        return ["rules"]
    return [name for name in a.__struct_fields__
            if msgspec.to_builtins(getattr(a, name)) != msgspec.to_builtins(getattr(b, name))]
