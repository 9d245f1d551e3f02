"""The wire form of a seat's view, one per rule set.  A `State` is a `__slots__` class, not a Struct: each rule
set's wire Struct is made from its State's one description (`State.TYPES`: its fields, typed, in `FIELDS`' order),
with what a view changes: `rng` None, and the save schema's `VIEW_FIELDS` (the saves' table,
dune_tui/saves/games/), each with its wire type and its reader: in the first game `b_commits` maybe SEALED; a
HIDDEN prediction is a number as any), tagged with the rule set's name in a field "rules" ("dune" | "express").
`to_wire` / `from_wire` convert.  Only views cross: `to_wire` refuses a state with a dice generator or a seed, so
the authoritative state cannot be sent by mistake.

A rule set's wire form is built the first time one of its views is sent; a decoder builds them all (a table
may send any rule set's views), so a joined client loads every rule set's engine.
"""

from __future__ import annotations

import functools
import sys
from typing import Any, Union

import msgspec

from ..games import DEFAULT, GAMES, game_named, game_of
from ..saves.games import schema_of


class NotAView(ValueError):
    """A state that is not a seat's view (it still has its dice generator, or its seed)."""


@functools.cache
def wire_type(rules: str) -> type:
    """The wire Struct of a view of rule set `rules`."""
    rs = game_named(rules)
    view_fields = {name: wire for name, (wire, _) in schema_of(rs).VIEW_FIELDS.items()}
    types = dict(rs.engine.State.TYPES, rng=None, **view_fields)
    return msgspec.defstruct(f"{rules.capitalize()}ViewWire", [(field, types[field]) for field in rs.state_fields()],
                             kw_only=True, forbid_unknown_fields=True, tag_field="rules", tag=rules, module=__name__)


def any_view() -> Any:
    """The union of every rule set's wire form (told apart by the "rules" tag), a game registered late too."""
    return _any_view(tuple(GAMES))


@functools.cache
def _any_view(names: tuple[str, ...]) -> Any:
    return Union[tuple(wire_type(name) for name in names)]  # noqa: UP007 (a runtime tuple of types)


def rules_of_view(obj) -> str | None:
    """The rule set of `obj` if it is one of the engines' States (None otherwise)."""
    options = getattr(obj, "options", None)
    if options is None:
        return None
    game = game_of(options)
    return game.name if isinstance(obj, game.engine.State) else None


def to_wire(state):
    rules = rules_of_view(state)
    if rules is None:
        raise NotAView(f"a {type(state).__name__} is not a view of a game")
    if state.rng is not None or state.options.seed != 0:
        raise NotAView("only a seat's view (no dice, no seed) may cross the wire")
    return wire_type(rules)(**{name: getattr(state, name) for name in game_named(rules).state_fields()})


def from_wire(wire):
    """A State again (a view: it cannot be advanced).  The schema's `VIEW_FIELDS` are read by their readers (a
    first-game commit must be SEALED, None or a commit)."""
    rules = type(wire).__struct_config__.tag
    rs = game_named(rules)
    state = rs.engine.State.__new__(rs.engine.State)
    for name in rs.state_fields():
        setattr(state, name, getattr(wire, name))
    for name in rs.engine.State.LISTS:  # (the wire may give tuples)
        setattr(state, name, list(getattr(state, name)))
    for name, (_, read) in schema_of(rs).VIEW_FIELDS.items():
        setattr(state, name, read(getattr(wire, name)))
    state.rng, state.events, state._legal = None, None, None
    return state


def decode_view(value):
    """A view from the builtins a frame held (ValidationError if it is no rule set's view)."""
    return from_wire(msgspec.convert(value, any_view()))


def events_rules(events) -> str:
    """The rule set whose events these are (the first game's for none): the engine whose Event they are."""
    for event in events:
        for name, rs in GAMES.items():
            if rs.package in sys.modules and isinstance(event, rs.engine.Event):
                return name
    return DEFAULT


@functools.cache
def _event_decoder(rules: str) -> msgspec.msgpack.Decoder:
    return msgspec.msgpack.Decoder(game_named(rules).engine.Event)


def decode_events(raws, rules: str) -> list:
    """Events of rule set `rules` from their msgpack (ValidationError, or UnknownRules, if they are not)."""
    decoder = _event_decoder(game_named(rules).name)
    return [decoder.decode(raw) for raw in raws]

