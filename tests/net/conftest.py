"""Every network test saves into its own directory, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def save_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(folder))
    return folder
