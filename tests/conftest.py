"""The whole suite: tables hosted by a test publish in a lobby of their own.  (A test game's bots are seeded by
the secret the test gives its Session, or its GameSpec: `bots_secret`.)"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_lobby(tmp_path_factory, monkeypatch):
    """Tables hosted by a test publish in a lobby of their own, never in the machine's /tmp/dune-tui."""
    where = tmp_path_factory.mktemp("lobby")
    monkeypatch.setenv("DUNE_TUI_LOBBY", str(where))
    return where


@pytest.fixture(autouse=True)
def no_table_server(tmp_path_factory, monkeypatch):
    """No test finds the machine's table server (`dune-tui serve`): a test that wants one starts its own."""
    monkeypatch.setenv("DUNE_TUI_SERVER", str(tmp_path_factory.mktemp("no-server") / "none"))
