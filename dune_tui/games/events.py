"""Events: every change to a game is told as one, in plain English, with a typed payload.

An event is public unless `to` names the seats that may see it (the Bene Gesserit's secret is told to their
seat alone).  `data` is the kind's Struct from the game's `payloads` (ids and counts; each kind a `Payload`
subclass tagged with the kind); `text` says it in words.  Each game names its own `Event` class,
`Event[its payloads' union]`, so that an event round-trips through msgspec JSON and msgpack with its types:
`msgspec.json.decode(msgspec.json.encode(event), type=dune.Event) == event`.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

P = TypeVar("P")


class Payload(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind"):
    """The base of every kind's payload: it encodes as an object whose "kind" is its event's kind."""


class Event(msgspec.Struct, Generic[P], frozen=True, array_like=True):
    kind: str
    text: str
    to: tuple[int, ...] | None  # None: every seat; else only these seats
    data: P

    def visible_to(self, seat: int) -> bool:
        return self.to is None or seat in self.to


def record(out: list, event: type[Event], payload: type, template: str, to: tuple[int, ...] | None,
           words: dict[str, Any]) -> None:
    """Append to `out` (a state's outbox) the event of class `event` that each game's `emit(state, payload,
    template, /, *, to=None, **words)` tells: `payload` is the kind's class in the game's `payloads`, made from
    the words that are its fields; the text is `template.format_map(words)`.  A game's `emit` calls this only when
    events are being recorded (`state.events` is a list): a tree search's rollouts switch recording off
    (`state.events = None`), and then neither text nor payload is built."""
    shape = _SHAPES.get(payload)
    if shape is None:
        shape = _SHAPES[payload] = (payload.__struct_config__.tag, payload.__struct_fields__)
    kind, fields = shape
    out.append(event(kind, template.format_map(words), to, payload(**{name: words[name] for name in fields})))


_SHAPES: dict[type, tuple[str, tuple[str, ...]]] = {}  # each payload class's kind and fields, asked once
