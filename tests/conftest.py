"""The whole suite: a seeded test game plays the same on every run."""

from __future__ import annotations

import pytest

from dune_tui import session


@pytest.fixture(autouse=True)
def bots_seeded_by_the_game(monkeypatch):
    """In play a new game's bots take a secret from the operating system (`session.new_bots_secret`); here they
    take the game's seed, so that a test game seeded N plays the same every time (tests/saves/
    test_saves_bots_secret.py restores the draw)."""
    monkeypatch.setattr(session, "new_bots_secret", lambda options: options.seed)


@pytest.fixture(autouse=True)
def own_lobby(tmp_path_factory, monkeypatch):
    """Tables hosted by a test publish in a lobby of their own, never in the machine's /tmp/dune-tui."""
    where = tmp_path_factory.mktemp("lobby")
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where))
    return where
