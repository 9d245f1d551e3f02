"""Dune Express events: the same shape as the first game's (`kind`, `text`, `to`, `data`), its own payloads."""

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
    """Record an event when the state records them (`state.events` is a list)."""
    out = state.events
    if out is not None:
        data = payload(**{name: words[name] for name in payload.__struct_fields__})
        out.append(Event(payload.__struct_config__.tag, template.format(**words), to, data))
