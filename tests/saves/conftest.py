"""Fixtures for the save tests: a private save directory and games played by random bots."""

from __future__ import annotations

import pytest

from dune_tui.ai import make_agent
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.session import SeatConfig, Session
from tests.sessions import session_from_log

BG_GAME = Options(players=5, seed=4, factions=("bg", "atreides", "fremen", "corrino", "guild"))


def seats_for(players: int) -> list[SeatConfig]:
    return [SeatConfig(kind="human", name="Ann"), *[SeatConfig(kind="bot", agent="random")] * (players - 1)]


def play(options: Options, decisions: int | None = None, seats: list[SeatConfig] | None = None) -> Session:
    """A session whose seats are all played by random bots for `decisions` decisions (None: to the end)."""
    session = Session(options, seats or seats_for(options.players), bots_secret=options.seed)
    return advance(session, decisions, seed=options.seed * 10)


def advance(session: Session, decisions: int | None = None, seed: int = 0) -> Session:
    """Let random bots make `decisions` more decisions (None: to the end of the game)."""
    bots = [make_agent("random", seed=seed + s) for s in range(session.options.players)]
    c = session.controller
    stop = None if decisions is None else len(c.log) + decisions
    while not c.over and (stop is None or len(c.log) < stop):
        request = c.pending()[0]
        c.submit(Decision(request.id, request.seat, bots[request.seat].decide(request)))
    return session


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    """An empty save directory, also set as $DUNE_TUI_SAVE_DIR (so the default never touches ~)."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def finished_bg_game() -> Session:
    """A finished 5-player game with the Bene Gesserit (a secret prediction); `history` holds every event."""
    played = play(BG_GAME)
    return session_from_log(played.options, played.seats, played.log, created=played.created,
                            game_id=played.game_id, bots_secret=played.bots_secret)


@pytest.fixture(scope="session")
def play_game():
    """`play_game(options, decisions=None, seats=None)`: see `play`."""
    return play


@pytest.fixture(scope="session")
def play_on():
    """`play_on(session, decisions=None, seed=0)`: see `advance`."""
    return advance
