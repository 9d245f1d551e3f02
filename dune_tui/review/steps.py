"""A saved game as a row of positions: the state before each decision of its log, and the end.

Every position is rebuilt by replaying the save's decisions through the controller (`controller.replay`, as a
save's loading does), so the review sees exactly what was played.  What a screen may show of a position goes
through `view`: a seat's view, or the whole state only once the game is over (`reveal`); `view` refuses another
seat's eyes on an unfinished game when the review was opened for one seat.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..controller import replay
from ..games import Game, game_named
from ..saves import SaveError
from ..saves.schema import Save, rules_of_save
from ..saves.store import game_options, read_save_and_bytes, resolve


class ReviewError(ValueError):
    """A save that cannot be reviewed, or a look the review does not allow (a sentence)."""


@dataclass
class Review:
    """A saved game, position by position.  `states[k]` is the state before decision `k` of `log`
    (`states[-1]`: after the last); `events[k]` the events up to that position; `seat` the one seat whose
    secrets an unfinished game may show (None: a finished game, every seat's eyes allowed)."""

    path: Path
    digest: str  # sha256 of the save file: the analysis cache belongs to exactly this file
    save: Save
    rules: Game
    log: list[tuple[int, tuple]]
    states: list = field(repr=False)
    events: list = field(repr=False)  # every event of the game, in order
    counts: list[int] = field(repr=False)  # how many of `events` had happened at each position
    seat: int | None = None

    @property
    def players(self) -> int:
        return self.save.options.players

    @property
    def over(self) -> bool:
        return self.states[-1].over

    @property
    def last(self) -> int:
        """The index of the end position (after the last decision)."""
        return len(self.log)

    def may_see(self, seat: int) -> bool:
        """Whether the review may show `seat`'s secrets: any seat once the game is over, else only its own."""
        return self.over or self.seat is None or seat == self.seat

    def _allowed(self, seat: int, reveal: bool) -> None:
        """Refuse a look this review does not allow: every secret before the end, another seat's before the end."""
        if reveal and not self.over:
            raise ReviewError("every secret is revealed only once the game is over")
        if seat >= 0 and not reveal and not self.may_see(seat):
            raise ReviewError(f"this review shows seat {self.seat + 1}'s secrets only: the game is not over")

    def view(self, k: int, seat: int, reveal: bool = False):
        """What `seat` saw at position `k` (-1: the public view); `reveal`: every secret, a finished game only."""
        self._allowed(seat, reveal)
        state = self.states[k]
        return state.copy() if reveal else self.rules.engine.view(state, seat)

    def events_seen(self, k: int, seat: int, reveal: bool = False) -> list:
        """The events up to position `k` that `seat` may see (every one with `reveal`, a finished game only)."""
        self._allowed(seat, reveal)
        return [e for e in self.events[:self.counts[k]] if reveal or e.visible_to(seat)]

    def side_name(self, seat: int) -> str:
        """The seat's faction or house, as the end position has it ("Seat 2" before the deal)."""
        sides = self.rules.seat_sides(self.states[-1])
        return self.rules.side_name(sides[seat]) or f"Seat {seat + 1}"

    def turn_starts(self) -> list[int]:
        """The positions where a turn begins (the first decision of each turn)."""
        return self._starts("turn")

    def round_starts(self) -> list[int]:
        return self._starts("round")

    def _starts(self, what: str) -> list[int]:
        out, last = [], None
        for k, state in enumerate(self.states):
            value = getattr(state, what)
            if value != last:
                out.append(k)
                last = value
        return out

    def action_text(self, k: int) -> str:
        """Decision `k` in words, as the seat who took it saw its options."""
        seat, action = self.log[k]
        return self.rules.describe.action_text(self.rules.engine.view(self.states[k], seat), action)


def open_review(path_or_name, directory=None, seat: int | None = None) -> Review:
    """Read and replay a save for review; `seat` (0-based) the one seat an unfinished game is seen by.
    ReviewError (a sentence) for a file that cannot be read or replayed, or an unfinished game without a seat."""
    try:
        path = resolve(path_or_name, directory)
        save, data = read_save_and_bytes(path)  # read once: the analysis's cache is keyed by these very bytes
        options = game_options(save, f"cannot review {path}")
    except SaveError as e:
        raise ReviewError(str(e)) from None
    except OSError as e:
        raise ReviewError(f"cannot review {path_or_name}: {e.strerror or e}") from None
    rules = game_named(rules_of_save(save))
    if seat is not None and not 0 <= seat < options.players:
        raise ReviewError(f"--seat must be 1 to {options.players}")
    states, counts = [], []

    def keep(controller, events) -> None:
        states.append(controller.state.copy())
        counts.append(len(events))

    try:
        controller, events = replay(options, [(e.seat, e.action) for e in save.log], keep)
    except Exception as e:  # the engine judges every decision; a bad file is a sentence
        if not states:  # (not the log's: the game could not begin)
            raise
        raise ReviewError(f"cannot review {path}: decision {len(states)} of {len(save.log)} cannot be replayed "
                          f"({type(e).__name__}: {e})") from None
    log = [(entry.seat, entry.action) for entry in controller.log]
    review = Review(path, hashlib.sha256(data).hexdigest(), save, rules, log, states, events, counts, seat)
    if not review.over and seat is None:  # an unfinished game is seen by one seat: the first human's
        review.seat = next((i for i, s in enumerate(save.seats) if s.kind == "human"), 0)
    return review
