"""The lines printed for the shell after the app (issue 41): where an unfinished game is saved and the command
that resumes it, with --save-dir only when `dune-tui load` would not look there by itself, and the program as it
can be typed in a new shell."""

from __future__ import annotations

import sys

import pytest

from dune_tui.ui.saving import resume_note


@pytest.fixture
def on_path(tmp_path, monkeypatch):
    """A `dune-tui` program in a bin directory on the PATH (as an activated venv's or an installed one)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "dune-tui"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    return program


def test_the_resume_command_names_the_save_directory_only_when_load_would_not_look_there(save_dir, tmp_path,
                                                                                        on_path):
    here = save_dir / "autosave-20261127-080000-abcd.dune.json"  # $DUNE_TUI_SAVE_DIR (conftest)
    assert resume_note(here, over=False, argv0=str(on_path)).splitlines() == [
        f"The game is saved in {here}", "Resume it with: dune-tui load autosave-20261127-080000-abcd"]
    elsewhere = tmp_path / "other dir" / here.name
    assert resume_note(elsewhere, over=False, argv0=str(on_path)).splitlines()[1] == (
        f"Resume it with: dune-tui load --save-dir '{elsewhere.parent}' autosave-20261127-080000-abcd")


def test_a_program_the_path_does_not_find_is_named_by_its_path(save_dir, tmp_path, on_path, monkeypatch):
    """A newcomer who ran `.venv/bin/dune-tui` without activating the venv was told `dune-tui load …`, which their
    next shell did not find."""
    monkeypatch.setenv("PATH", "/nonexistent")
    here = save_dir / "autosave-20261127-080000-abcd.dune.json"
    assert resume_note(here, over=False, argv0=str(on_path)).splitlines()[1] == (
        f"Resume it with: {on_path} load autosave-20261127-080000-abcd")
    module = resume_note(here, over=False, argv0=str(tmp_path / "dune_tui" / "__main__.py")).splitlines()[1]
    assert module == f"Resume it with: {sys.executable} -m dune_tui load autosave-20261127-080000-abcd"


def test_nothing_to_resume_says_nothing(save_dir):
    assert resume_note(None, over=False) == ""
    assert resume_note(save_dir / "autosave-x.dune.json", over=True) == "", "a finished game is not resumed"
