"""Keys typed in the moment between the board's first frame and the game's first question of ours (issue 33: a
key sent the moment the board was drawn did nothing; half a second later it worked).  At the start the table
saves the new game and the bots make their opening moves before it asks us, and a key with no question to
answer was lost.  The game screen keeps such keys — the decision forms' keys and `h`, typed before any question
of ours was shown, in the first seconds — and hands them on once the first question has the keyboard, if it
comes within those seconds; else they are dropped, as a key typed later with no question is."""

from __future__ import annotations

import time

from textual import events

KEPT = frozenset("0123456789") | {"r", "a", "t", "h", "enter", "space", "up", "down", "left", "right", "minus",
                                  "plus", "equals_sign"}
SECONDS = 3.0  # from the board's first frame: the first question comes well within it, even on a loaded machine


class EarlyKeys:
    def __init__(self) -> None:
        self.keys: list[tuple[str, str | None]] = []
        self.since = time.monotonic()
        self.open = True

    def start(self) -> None:
        """The board is on screen: the seconds count from now."""
        self.since = time.monotonic()

    def _early(self) -> bool:
        return time.monotonic() - self.since <= SECONDS

    def keep(self, event: events.Key, asked: bool) -> bool:
        """Keep `event` for the first question (True) when it comes early, before any question (`asked`)."""
        if not self.open or asked or event.key not in KEPT:
            return False
        if not self._early():
            self.close()
            return False
        self.keys.append((event.key, event.character))
        return True

    def close(self) -> list[tuple[str, str | None]]:
        """No more keeping: the keys kept (none if the first question came late), for `replay`."""
        keys = self.keys if self._early() else []
        self.keys, self.open = [], False
        return keys


def replay(app, keys: list[tuple[str, str | None]]) -> None:
    """Press `keys` again, as the terminal would: made and posted in the app's own context (a Key made by a
    screen names it as its sender and would not reach the app's bindings on its way up)."""
    def press() -> None:
        for key, character in keys:
            app.post_message(events.Key(key, character))

    if keys:
        app.call_later(press)
