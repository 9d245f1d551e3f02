"""Events: every change to a game is told as one, in plain English, with a typed payload.

An event is public unless `to` names the seats that may see it (the Bene
Gesserit's prediction is told to the Bene Gesserit seat alone).  `data` is the
kind's Struct from `payloads` (ids and counts); `text` says it in words.  An
Event round-trips through msgspec JSON and msgpack with its types:
`msgspec.json.decode(msgspec.json.encode(event), type=Event) == event`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from .payloads import Payload


class Event(msgspec.Struct, frozen=True, array_like=True):
    kind: str
    text: str
    to: tuple[int, ...] | None  # None: every seat; else only these seats
    data: Payload  # type: ignore[valid-type]

    def visible_to(self, seat: int) -> bool:
        return self.to is None or seat in self.to


def emit(state, payload: type, template: str, /, *, to: tuple[int, ...] | None = None, **words: Any) -> None:
    """Record an event on the state's outbox (what the current `apply` returns).

    `payload` is the kind's class in `payloads`: it is made from the words that
    are its fields; the text is `template.format(**words)`.  Both are built only
    when events are being recorded: a tree search's rollouts switch recording
    off (`state.events = None`).
    """
    out = state.events
    if out is not None:
        data = payload(**{name: words[name] for name in payload.__struct_fields__})
        out.append(Event(payload.__struct_config__.tag, template.format(**words), to, data))
