"""Positions for tests: a session advanced by random legal decisions, outside any table or screen."""

from __future__ import annotations

import random

from dune_tui.controller import Decision, replay
from dune_tui.games import dune, express
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


# Undo against bots (issue 45): positions where seat 1 may take back a decision, for either game.
RULES = {"dune": dune.Options, "express": express.Options}


def advance(game: Session, stop, seed: int = 0, limit: int = 3000) -> bool:
    """Play random legal decisions for every seat until `stop(controller)` holds (False: the game ended first)."""
    rng, c = random.Random(seed), game.controller
    for _ in range(limit):
        if c.over:
            return False
        if stop(c):
            return True
        request = c.pending()[0]
        batches = c.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
        game.history.extend({id(e): e for b in batches for e in b.events}.values())
    return False


def position(rules: str, stop, seats=None) -> Session:
    """A 2-seat game (seat 1 human, seat 2 a bot unless `seats`) played on at random until `stop(controller)`."""
    for seed in range(1, 60):
        seated = seats or [SeatConfig(kind="human", agent="", name="Ann"), SeatConfig(agent="random")]
        game = Session(RULES[rules](players=2, seed=seed), seated, bots_secret=seed)
        if advance(game, stop, seed):
            return game
    raise AssertionError("no such position in 60 games")


def mine_to_take_back(c) -> bool:
    """Seat 1 is asked again after a decision of its own that revealed nothing, and that had another choice."""
    return (bool(c.log) and c.log[-1].seat == 0 and not c.revealed[-1] and c.state.awaiting == (0,)
            and len(c.pending()[0].legal) > 1 and _had_choices(c))


def _had_choices(c) -> bool:
    before, _ = replay(c.options, c.log[:-1])
    return len(before.pending()[0].legal) > 1
