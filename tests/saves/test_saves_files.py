"""Where saves go, who may read them, and that a write never loses the last good save."""

from __future__ import annotations

import os
import stat
import time

import msgspec
import pytest

from dune_tui.games.dune import Options
from dune_tui.saves import (
    SaveError,
    autosave,
    autosave_due,
    latest_autosave,
    list_saves,
    load,
    save_dir,
    save_named,
    to_continue,
)
from dune_tui.saves.files import default_dir
from dune_tui.table import Table


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_save_dir_precedence(monkeypatch, tmp_path):
    """--save-dir beats $DUNE_TUI_SAVE_DIR, which beats the platformdirs user data dir for `dune-tui`."""
    monkeypatch.delenv("DUNE_TUI_SAVE_DIR", raising=False)
    assert save_dir() == default_dir()
    assert default_dir().name == "dune-tui"
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(tmp_path / "env"))
    assert save_dir() == tmp_path / "env"
    assert save_dir(tmp_path / "flag") == tmp_path / "flag"


def test_saves_are_private_on_a_shared_server(play_game, save_dir, monkeypatch):
    """The directory is created 0700 and every file is 0600, whatever the umask."""
    old = os.umask(0)
    try:
        session = play_game(Options(players=2, seed=1), 30)
        path = autosave(session)
        autosave(session)  # makes the backup
        named = save_named(session, "shared")
    finally:
        os.umask(old)
    assert mode(save_dir) == 0o700
    for p in (path, path.with_name(path.name + ".bak"), named):
        assert mode(p) == 0o600, p


def test_previous_autosave_is_kept_as_backup(play_game, play_on, save_dir):
    session = play_game(Options(players=3, seed=2), 10)
    first = autosave(session)
    before = first.read_bytes()
    second = autosave(play_on(session, 15))
    assert second == first
    assert first.with_name(first.name + ".bak").read_bytes() == before
    assert len(load(first).log) == 25
    assert len(load(first.with_name(first.name + ".bak")).log) == 10
    assert [p.name for p in save_dir.iterdir() if p.name.endswith(".tmp")] == []


def test_autosave_after_every_turn_not_every_decision(play_game, play_on, save_dir):
    """The table autosaves when a turn has ended (or the game), and writes nothing otherwise."""
    session = play_game(Options(players=2, seed=3), 0)
    table = Table(session, bots="thread", save_dir=save_dir)
    assert autosave_due(session)
    assert table.autosave()[0] is not None
    assert table.autosave() == (None, None)
    turn = session.state.turn
    writes = 0
    while not session.state.over:
        play_on(session, 1)
        writes += table.autosave()[0] is not None
    assert writes == session.state.turn - turn + 1  # each turn's end, and the game's end
    assert load(latest_autosave()).state.over


def test_latest_autosave_is_the_newest_game(play_game, save_dir):
    assert latest_autosave() is None
    a = autosave(play_game(Options(players=2, seed=4), 5))
    b = autosave(play_game(Options(players=2, seed=5), 5))
    os.utime(a, (1, 1))
    assert latest_autosave() == b
    save_named(play_game(Options(players=2, seed=6), 5), "named one")  # not an autosave
    assert latest_autosave() == b


def test_list_saves_describes_each_game(play_game, save_dir):
    save_named(play_game(Options(players=4, seed=7)), "done")
    save_named(play_game(Options(players=3, seed=8), 40), "going")
    (save_dir / "broken.dune.json").write_bytes(b"{")
    infos = {i.name: i for i in list_saves()}
    assert set(infos) == {"done", "going", "broken"}
    done, going, broken = infos["done"], infos["going"], infos["broken"]
    assert done.finished and done.result and done.to_move == () and done.players == 4
    assert not going.finished and going.to_move and going.round >= 1
    assert going.seats[0] == "Ann" and all(going.factions)
    assert going.players_text().startswith(f"{going.factions[0]}: Ann")
    assert "not valid JSON" in broken.error
    assert (save_dir / "broken.dune.json").read_bytes() == b"{"


@pytest.mark.parametrize("name", ["", "   ", "a/b", "../up", ".hidden", "x" * 65, "autosave-mine", "nul\0"])
def test_bad_save_names_are_refused(play_game, save_dir, name):
    session = play_game(Options(players=2, seed=9), 3)
    with pytest.raises(SaveError) as e:
        save_named(session, name)
    assert "\n" not in str(e.value)
    assert not save_dir.exists() or not any(save_dir.iterdir())


def test_unknown_name_says_where_it_looked(save_dir):
    with pytest.raises(SaveError, match="no save named 'nope'"):
        load("nope")


def test_cannot_save_where_a_file_is(play_game, tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(SaveError, match="not a directory"):
        autosave(play_game(Options(players=2, seed=9), 3), tmp_path / "file")


def test_a_finished_games_autosave_says_so_and_continue_skips_it(play_game, save_dir):
    going = autosave(play_game(Options(players=2, seed=5), 5))
    done = autosave(play_game(Options(players=2, seed=4)))
    os.utime(going, (1, 1))
    assert msgspec.json.decode(done.read_bytes())["finished"] is True
    assert msgspec.json.decode(going.read_bytes())["finished"] is False
    assert latest_autosave() == done
    assert latest_autosave(unfinished=True) == going
    os.utime(done, (1, 1))
    os.utime(going, (2, 2))
    assert latest_autosave(unfinished=True) == going
    going.unlink()
    assert latest_autosave(unfinished=True) is None


def test_what_to_continue_is_decided_in_one_place_for_the_menu_and_the_load_command(play_game, save_dir):
    """`to_continue`: the latest unfinished autosave; without one, the latest autosave (over), to say why not.
    The menu's Continue (ui/saving.py) and `dune-tui load` (commands/saves.py) both ask it, nothing else."""
    from pathlib import Path

    import dune_tui

    assert to_continue() == (None, None)
    going = autosave(play_game(Options(players=2, seed=5), 5))
    done = autosave(play_game(Options(players=2, seed=4)))
    os.utime(going, (1, 1))
    assert to_continue() == (going, None)
    going.unlink()
    assert to_continue() == (None, done)
    root = Path(dune_tui.__file__).parent
    askers = {p.relative_to(root).as_posix() for p in root.rglob("*.py")
              if "latest_autosave(" in p.read_text(encoding="utf-8")}
    assert askers == {"saves/store.py"}, "the latest autosave is looked up in the saves alone"


def test_a_file_from_before_the_finished_mark_still_loads_and_lists_as_finished(play_game, save_dir):
    """Saves written before `finished` existed: the snapshot's result says the game is over."""
    path = autosave(play_game(Options(players=2, seed=4)))
    doc = msgspec.json.decode(path.read_bytes())
    del doc["finished"]
    path.write_bytes(msgspec.json.encode(doc))
    assert load(path).state.over
    (info,) = list_saves()
    assert info.finished and info.result and info.to_move == ()
    assert latest_autosave(unfinished=True) is None


def test_leftover_temporary_files_go_by_their_writers_pid_and_age(play_game, save_dir):
    """What a save removes of the temporary files other writes left: only those named like ours, whose writer
    (the pid in the name) is gone, or which are an hour old; never a file of a writer that runs."""
    session = play_game(Options(players=2, seed=3), 5)
    save_dir.mkdir(mode=0o700)
    names = {
        ".autosave-x.dune.json.999999999999999999999.abcd1234.tmp": False,  # no process has that id
        ".autosave-x.dune.json.bak.4194305.abcd1234.tmp": False,  # over Linux's largest pid (2**22)
        f".autosave-x.dune.json.{os.getpid()}.abcd1234.tmp": True,  # this very process, writing it
        f".autosave-x.dune.json.{os.getppid()}.abcd1234.tmp": True,  # a running process
        ".autosave-x.dune.json.abcd1234.tmp": True,  # an older version's name: under an hour old
        ".notes.txt.4194305.abcd1234.tmp": True,  # not ours
    }
    minute_ago = time.time() - 60
    for name in names:
        (save_dir / name).write_text("")
        os.utime(save_dir / name, (minute_ago, minute_ago))
    (save_dir / ".autosave-y.dune.json.abcd1234.tmp").write_text("")
    os.utime(save_dir / ".autosave-y.dune.json.abcd1234.tmp", (minute_ago - 3600, minute_ago - 3600))
    autosave(session)
    assert {p.name for p in save_dir.iterdir() if p.name.endswith(".tmp")} == {n for n, kept in names.items() if kept}
