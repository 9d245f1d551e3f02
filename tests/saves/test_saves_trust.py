"""Where saves may be written and read: a directory only this user can change; files 0600, backups too.
And an autosave that fails says why."""

from __future__ import annotations

import os
import stat

import pytest

from dune_tui import cli
from dune_tui.games.dune import Options
from dune_tui.saves import (
    SaveError,
    autosave,
    latest_autosave,
    list_saves,
    load,
    save_named,
    try_autosave,
)
from dune_tui.saves.files import backup_path

OTHER_USER = 12345  # no such user here: a directory "owned by someone else"


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def game(play_game):
    return play_game(Options(players=3, seed=5), 30)


def test_a_directory_owned_by_another_user_is_refused(game, tmp_path, capsys):
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    os.chown(folder, OTHER_USER, -1)
    with pytest.raises(SaveError, match="belongs to another user"):
        autosave(game, folder)
    with pytest.raises(SaveError, match="belongs to another user"):
        list_saves(folder)
    with pytest.raises(SaveError, match="belongs to another user"):
        latest_autosave(folder)
    code, out, err = run(capsys, "saves", "--save-dir", str(folder))
    assert code == 2 and out == "" and "belongs to another user" in err and err.count("\n") == 1
    assert list(folder.iterdir()) == []


def test_the_environment_through_a_symlink_to_a_world_writable_directory_is_refused(game, tmp_path, monkeypatch):
    """The audit's case: $DUNE_TUI_SAVE_DIR -> a link -> a 0777 directory of someone else."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    os.chown(shared, OTHER_USER, -1)
    (tmp_path / "link").symlink_to(shared)
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(tmp_path / "link"))
    with pytest.raises(SaveError, match="refusing the save directory"):
        autosave(game)
    assert list(shared.iterdir()) == []


@pytest.mark.parametrize(("perm", "who"), [(0o777, "group and others"), (0o757, "others"), (0o770, "its group")])
def test_a_directory_others_can_write_in_is_refused_with_the_fix(game, tmp_path, perm, who):
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(perm)
    with pytest.raises(SaveError) as e:
        autosave(game, folder)
    assert f"{who} can write in it" in str(e.value) and f"chmod 700 {folder}" in str(e.value)
    folder.chmod(0o700)  # the fix it gives works
    assert autosave(game, folder).parent == folder


def test_a_named_directory_at_0755_is_fine_and_the_files_stay_private(game, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    folder.chmod(0o755)
    path = save_named(game, "mine", folder)
    assert mode(folder) == 0o755 and mode(path) == 0o600


def test_an_old_world_readable_save_does_not_become_a_world_readable_backup(game, play_on, save_dir):
    """A 0644 save from an older version or a copy: the next write makes the backup 0600, like every save."""
    path = autosave(game)
    path.chmod(0o644)
    autosave(play_on(game, 20))
    assert mode(path) == 0o600
    assert mode(backup_path(path)) == 0o600


def test_a_save_that_is_a_symlink_is_backed_up_by_copy_and_its_target_left_alone(game, play_on, save_dir, tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("not a save")
    target.chmod(0o644)
    save_dir.mkdir(mode=0o700)
    (save_dir / f"autosave-{game.game_id}.dune.json").symlink_to(target)
    path = autosave(game)
    assert not path.is_symlink() and mode(path) == 0o600
    assert backup_path(path).read_text() == "not a save" and mode(backup_path(path)) == 0o600
    assert mode(target) == 0o644 and target.read_text() == "not a save"


def test_try_autosave_says_why_it_failed(game, tmp_path):
    """An autosave that fails says why (the exit paths and signal handlers print it), and never raises."""
    blocker = tmp_path / "a file"
    blocker.write_text("")
    path, error = try_autosave(game, blocker)
    assert path is None and "it is a file, not a directory" in error
    path, error = try_autosave(game, tmp_path / "ok")
    assert error is None and path.exists()


def test_a_game_id_that_is_not_ours_is_never_written(game, tmp_path):
    game.game_id = "a/../../b"
    path, error = try_autosave(game, tmp_path / "saves")
    assert path is None and "cannot name a file" in error
    assert not (tmp_path / "b.dune.json").exists() and not (tmp_path / "saves").exists()


@pytest.mark.parametrize("perm", [0o777, 0o1777, 0o775])
def test_a_save_opened_by_path_from_a_directory_others_can_write_in_is_refused(game, tmp_path, capsys, perm):
    """A lookup by name refused such a directory; the same file opened by its path was loaded."""
    path = save_named(game, "planted", tmp_path / "mine")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / path.name).write_bytes(path.read_bytes())
    shared.chmod(perm)
    target = shared / path.name
    with pytest.raises(SaveError, match=f"refusing to open {target}: its directory {shared} is not yours alone"):
        load(target)
    for argv in (("load", str(target)), ("replay", str(target))):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and "refusing to open" in err and err.count("\n") == 1
    (tmp_path / "mine" / "link.dune.json").symlink_to(target)  # a symlink from a private folder: its target's
    with pytest.raises(SaveError, match="refusing to open"):
        load(tmp_path / "mine" / "link.dune.json")
    shared.chmod(0o755)
    assert load(target).log == game.log


def test_a_save_opened_by_path_from_a_directory_of_another_user_is_refused(game, tmp_path):
    path = save_named(game, "theirs", tmp_path / "mine")
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o755)
    (theirs / path.name).write_bytes(path.read_bytes())
    os.chown(theirs, OTHER_USER, -1)
    with pytest.raises(SaveError, match=r"not yours alone \(it belongs to another user"):
        load(theirs / path.name)


def test_a_save_directory_that_is_a_file_says_so(game, tmp_path, capsys):
    """`saves --save-dir FILE` said "No saved games" and exited 0."""
    blocker = tmp_path / "a file"
    blocker.write_text("")
    for argv in (("saves",), ("load",), ("load", "some game"), ("replay", "some game")):
        code, out, err = run(capsys, *argv, "--save-dir", str(blocker))
        assert code == 2 and out == "" and f"{blocker} is not a directory" in err, argv
    with pytest.raises(SaveError, match="not a directory"):
        list_saves(blocker)
