"""The whole suite: tables hosted by a test publish in a lobby of their own.  (A test game's bots are seeded by
the secret the test gives its Session, or its GameSpec: `bots_secret`.)

Two lanes (docs/CONTRIBUTING.md): `pytest -m "not slow and not e2e"` for working on the code, `pytest
--hypothesis-profile=ci` (the README's command) for everything.  Every test under tests/e2e is marked `e2e` here;
a test that takes seconds of a busy machine is marked `slow` where it is written.  The slow and end-to-end tests
are collected first, so that the workers start them first and the short ones fill in behind them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import profiles  # noqa: F401 (registers the hypothesis profiles before the plugin loads one)

E2E = Path(__file__).resolve().parent / "e2e"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if E2E in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.e2e)
    # slow first, then end-to-end, then the rest (a stable sort: in file order within each)
    items.sort(key=lambda item: 0 if item.get_closest_marker("slow") else 1 if item.get_closest_marker("e2e") else 2)


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
