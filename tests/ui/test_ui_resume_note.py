"""The lines printed for the shell after the app (issue 41): where an unfinished game is saved and the command
that resumes it, with --save-dir only when `dune-tui load` would not look there by itself."""

from __future__ import annotations

from dune_tui.ui.saving import resume_note


def test_the_resume_command_names_the_save_directory_only_when_load_would_not_look_there(save_dir, tmp_path):
    here = save_dir / "autosave-20261127-080000-abcd.dune.json"  # $DUNE_TUI_SAVE_DIR (conftest)
    assert resume_note(here, over=False).splitlines() == [
        f"The game is saved in {here}", "Resume it with: dune-tui load autosave-20261127-080000-abcd"]
    elsewhere = tmp_path / "other dir" / here.name
    assert resume_note(elsewhere, over=False).splitlines()[1] == (
        f"Resume it with: dune-tui load --save-dir '{elsewhere.parent}' autosave-20261127-080000-abcd")


def test_nothing_to_resume_says_nothing(save_dir):
    assert resume_note(None, over=False) == ""
    assert resume_note(save_dir / "autosave-x.dune.json", over=True) == "", "a finished game is not resumed"
