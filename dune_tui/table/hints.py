"""The advice a seat was shown, kept beside the log (saved with the game, shown by its replay)."""

from __future__ import annotations

from ..text import printable
from .messages import Hint

HINT_LIMIT = 300  # characters in a hint's summary


def keep_hint(session, seat: int, message: Hint) -> None:
    """Keep `seat`'s hint: only for a request of that seat still open, and one per seat and decision (the
    latest)."""
    if not any(r.id == message.request and r.seat == seat for r in session.controller.pending()):
        return
    text = printable(message.text, limit=HINT_LIMIT).strip()
    if text and session.hints_allowed:
        hint, hints = (len(session.controller.log), seat, text), session.hints
        if hints and hints[-1][:2] == hint[:2]:
            hints[-1] = hint
        else:
            hints.append(hint)
