"""Dune Express events: the neutral `Event` (`games.events`) of its own payloads.  See there."""

from __future__ import annotations

from typing import Any

from .. import events
from .payloads import Payload


class Event(events.Event[Payload], frozen=True, array_like=True):  # type: ignore[valid-type]
    """kind, text, to (None: every seat), data (the kind's `payloads` Struct)."""


def emit(state, payload: type, template: str, /, *, to: tuple[int, ...] | None = None, **words: Any) -> None:
    """Record an event on the state's outbox when it records them (`games.events.record`)."""
    if state.events is not None:
        events.record(state.events, Event, payload, template, to, words)
