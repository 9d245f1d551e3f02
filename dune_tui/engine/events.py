"""Events: every change to a game is told as one, in plain English.

An event is public unless `to` names the seats that may see it (the Bene
Gesserit's prediction is told to the Bene Gesserit seat alone).
"""

from __future__ import annotations

from typing import Any

import msgspec


class Event(msgspec.Struct, frozen=True, array_like=True):
    kind: str
    text: str
    to: tuple[int, ...] | None = None  # None: every seat; else only these seats
    data: dict[str, Any] = {}

    def visible_to(self, seat: int) -> bool:
        return self.to is None or seat in self.to


def emit(state, kind: str, template: str, /, *, to: tuple[int, ...] | None = None, **data: Any) -> None:
    """Record an event on the state's outbox (what the current `apply` returns).

    The text is `template.format(**data)`, built only when events are being
    recorded: a tree search's rollouts switch recording off (`state.events = None`).
    """
    out = state.events
    if out is not None:
        out.append(Event(kind, template.format(**data), to, data))
