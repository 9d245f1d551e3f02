"""Saved games for the review's tests: a finished game played by the heuristic bots, and the same game where
the winner throws its won position away at one decision of its last turn (then the bots play on)."""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from pathlib import Path

from dune_tui.ai import make_agent
from dune_tui.controller import Controller, Decision
from dune_tui.games import express
from dune_tui.games.dune import Options
from dune_tui.saves import schema
from dune_tui.saves.files import write_atomic
from dune_tui.saves.store import to_file
from dune_tui.session import SeatConfig, Session

WHEN = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
SEATS = [SeatConfig(kind="human", name="You"), *[SeatConfig(kind="bot", agent="heuristic")] * 7]


def play(options, forced: dict[int, tuple] | None = None, stop=lambda c: False) -> Controller:
    """Heuristic bots play to the end (or `stop`); `forced[k]`: decision k of the log is that action instead."""
    c = Controller(options)
    bots = [make_agent("heuristic", seed=options.seed * 10 + s) for s in range(options.players)]
    forced = forced or {}
    while not c.over and not stop(c):
        request = c.pending()[0]
        k = len(c.log)
        action = forced.get(k) or bots[request.seat].decide(request)
        c.submit(Decision(request.id, request.seat, action))
    return c


def write(options, controller: Controller, path: Path, seats=None) -> Path:
    session = Session(options, seats or SEATS[:options.players], controller, created=WHEN,
                      game_id="review-test", bots_secret=1)
    save = to_file(session, path.name.removesuffix(".dune.json"), "named")
    save.saved_at = WHEN
    write_atomic(path, schema.encode(save), keep_backup=False)
    return path


@functools.cache
def thrown_away() -> tuple[Options, dict[int, tuple], int]:
    """A two-player game where seat 1 wins in its own turn, with heuristic play; instead, at one decision of
    that turn it plays an option after which it does not win: (options, {decision: action}, decision)."""
    for seed in range(1, 200):
        options = Options(players=2, seed=seed)
        won = play(options)
        if tuple(won.state.result.winners) != (won.state.seat_faction[0],) or won.state.active != 0:
            continue
        last_turn = won.state.turn
        for k in reversed(range(len(won.log))):
            entry = won.log[k]
            if entry.seat != 0:
                continue
            before = play(options, stop=lambda c, k=k: len(c.log) == k)
            if before.state.turn != last_turn:
                break
            if before.state.phase == "roll":  # a decision that throws the win away for sure, not by the dice
                continue
            for action in before.rules.legal_actions(before.state, 0):
                if tuple(action) == tuple(entry.action):
                    continue
                lost = play(options, {k: tuple(action)})
                if lost.state.seat_faction[0] not in (lost.state.result.winners or []):
                    return options, {k: tuple(action)}, k
    raise AssertionError("no seed below 200 gives a won position to throw away")


def thrown_away_save(path: Path) -> tuple[Path, int]:
    options, forced, k = thrown_away()
    return write(options, play(options, forced), path), k


def finished_save(path: Path, players: int = 2, seed: int = 3) -> Path:
    options = Options(players=players, seed=seed)
    return write(options, play(options), path)


def unfinished_save(path: Path, rules: str = "dune") -> Path:
    """A game stopped in its second round, with a secret in it (a first game with the Bene Gesserit: their
    prediction; Dune Express with the houses: the Bene Gesserit's round)."""
    if rules == "express":
        options = express.with_variants("houses", players=4, seed=5)
    else:
        options = Options(players=5, seed=5, factions=("atreides", "bg", "fremen", "corrino", "harkonnen"))
    return write(options, play(options, stop=lambda c: c.state.round >= 2), path)


def express_finished_save(path: Path) -> Path:
    options = express.with_variants("houses,shorter:6", players=3, seed=2)
    return write(options, play(options), path)


@functools.cache
def nobody_won() -> Options:
    """A two-player game without the Guild, Fremen against another house, that nobody won (heuristic play)."""
    for seed in range(1, 200):
        options = Options(players=2, seed=seed, factions=("fremen", "corrino"))
        if not play(options).state.result.winners:
            return options
    raise AssertionError("no seed below 200 gives a game nobody won")


def nobody_won_save(path: Path) -> Path:
    options = nobody_won()
    return write(options, play(options), path)
