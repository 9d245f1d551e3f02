"""Positions for tests: a session advanced by random legal decisions, outside any table or screen."""

from __future__ import annotations

import random

from dune_tui.controller import Decision, replay
from dune_tui.games.dune import legal_actions
from dune_tui.session import SeatConfig, Session


def play_until(game: Session, stop, seed: int = 0, limit: int = 5000) -> Session:
    """Advance `game` with random legal decisions until `stop(state)` holds; its history keeps the events."""
    rng = random.Random(seed)
    controller = game.controller
    for _ in range(limit):
        state = controller.state
        if stop(state):
            return game
        if state.over:
            raise AssertionError("the game ended before the wanted position")
        seat = state.awaiting[0]
        request = next(r for r in controller.pending() if r.seat == seat)
        batches = controller.submit(Decision(request.id, seat, rng.choice(legal_actions(state, seat))))
        game.history.extend({id(e): e for b in batches for e in b.events}.values())
    raise AssertionError("the wanted position never came")


def session_from_log(options, seats: list[SeatConfig], log: list, **kw) -> Session:
    """A session rebuilt by replaying `log` (raises IllegalAction on a bad log), as a save's loading does."""
    controller, events = replay(options, log)
    session = Session(options, seats, controller, **kw)
    session.history = events
    return session
