"""Nothing lost: the journal of the decisions since the last autosave, and a damaged autosave's backup."""

from __future__ import annotations

import asyncio
import os
import stat

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dune_tui import cli, saves, ui
from dune_tui.games.dune import Options
from dune_tui.saves import journal
from dune_tui.saves.store import list_saves
from tests.profiles import cases
from tests.table.table_helpers import Client, session, table, until

ENTRIES = [journal.Entry(at=i, seat=i % 3, action=("move", i, [1, [2, 3]], "x" * (i % 5))) for i in range(12)]


def journal_bytes(entries=ENTRIES) -> bytes:
    return journal.encode(journal.Header(game_id="g-1")) + b"".join(journal.encode(e) for e in entries)


def complete_lines(data: bytes) -> int:
    """The records wholly in `data` after the header (its lines ended by a newline)."""
    return max(data.count(b"\n") - 1, 0)


@settings(max_examples=cases(300), suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_truncation_of_the_journal_recovers_exactly_the_complete_records(data):
    whole = journal_bytes()
    cut = data.draw(st.integers(0, len(whole)))
    read = journal.decode(whole[:cut])
    kept = complete_lines(whole[:cut])
    assert [msgspec.to_builtins(e) for e in read.entries] == [msgspec.to_builtins(e) for e in ENTRIES[:kept]]
    header = whole.index(b"\n") + 1
    assert read.game_id == ("g-1" if cut >= header else "")
    assert read.dropped == cut - (whole[:cut].rfind(b"\n") + 1)


@settings(max_examples=cases(300), suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_byte_drops_its_record_and_every_one_after_it_never_one_before(data):
    whole = bytearray(journal_bytes())
    at = data.draw(st.integers(0, len(whole) - 1))
    whole[at] ^= data.draw(st.integers(1, 255))
    read = journal.decode(bytes(whole))
    line = bytes(whole[:at]).count(b"\n")  # the line the damage is in (0: the header)
    assert [e.at for e in read.entries] == list(range(max(line - 1, 0)))


def crashed_table_game(save_dir, decisions: int):
    """A table playing a human and a bot (the human answering at random), stopped dead after `decisions`
    decisions without closing or saving (what a kill -9 leaves on disk)."""
    game = session(2)

    class Player(Client):
        def _take(self, message) -> None:  # answers until `decisions` are made, then waits (is killed)
            if len(game.log) < decisions:
                super()._take(message)

    async def scenario():
        t = table(game, save_dir=save_dir)
        Player(t, 0, answer=True)
        task = asyncio.ensure_future(t.run())
        await until(lambda: len(game.log) >= decisions and t.asked, "the decisions")
        task.cancel()  # no close, no autosave: the process is gone
        t.runner.close()
        return t

    asyncio.run(scenario())
    return game


def test_decisions_after_the_last_autosave_are_recovered_and_the_resume_says_so(save_dir):
    game = crashed_table_game(save_dir, 40)
    path = saves.autosave_path(game.game_id, save_dir)
    on_file = saves.read_save(path)
    assert len(on_file.log) < len(game.log), "the kill came mid-turn: the autosave lacks decisions"
    resumed = saves.load(path)
    assert resumed.log == game.log, "every decision made is back"
    missing = len(game.log) - len(on_file.log)
    assert resumed.recovered == missing
    assert resumed.recovery.startswith(f"Recovered {missing} decision")
    assert stat.S_IMODE(os.stat(saves.journal_path(path)).st_mode) == 0o600

    async def welcome():  # the resumed table tells the player, and saves what it recovered at once
        t = table(resumed, save_dir=save_dir, resumed=True)
        me = Client(t, 0)
        task = asyncio.ensure_future(t.run())
        await until(lambda: len(saves.read_save(path).log) == len(game.log), "the recovered game saved")
        t.close()
        await task
        return me

    me = asyncio.run(welcome())
    assert me.got[0].recovery == resumed.recovery
    assert saves.load(path).recovery == "", "once saved, nothing is left to recover"
    path.write_bytes(path.read_bytes()[:-40])  # that save damaged: its backup (before the kill) and the journal
    assert saves.load(path).log == game.log, "the recovered decisions stay in the journal for the backup"


def test_a_torn_last_record_is_dropped_and_said(save_dir):
    game = crashed_table_game(save_dir, 40)
    path = saves.autosave_path(game.game_id, save_dir)
    with open(saves.journal_path(path), "ab") as f:
        f.write(journal.encode(journal.Entry(at=len(game.log), seat=0, action=("keep", 1)))[:-9])
    resumed = saves.load(path)
    assert resumed.log == game.log
    assert "damaged last record" in resumed.recovery and "Recovered" in resumed.recovery


def test_a_journal_of_another_game_or_another_branch_is_not_applied(save_dir, play_game):
    game = play_game(Options(players=2, seed=5), 30)
    path = saves.autosave(game, save_dir)
    stranger = journal.Journal(path, "another-game")
    stranger.start([])
    stranger.append(len(game.log), 0, ("keep", 1))
    assert saves.load(path).log == game.log and saves.load(path).recovery == ""


def test_a_truncated_autosave_falls_back_to_its_backup_and_the_journal_still_gives_every_decision(save_dir):
    game = crashed_table_game(save_dir, 60)
    path = saves.autosave_path(game.game_id, save_dir)
    backup = path.with_name(path.name + ".bak")
    assert len(saves.read_save(backup).log) < len(saves.read_save(path).log) < len(game.log)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    resumed = saves.load(path)
    assert resumed.log == game.log, "the backup and the journal hold every decision"
    assert "is damaged" in resumed.warning and "backup" in resumed.warning
    info = next(i for i in list_saves(save_dir) if i.path == path)
    assert not info.error and "backup" in info.note
    backup = path.with_name(path.name + ".bak")
    good = backup.read_bytes()
    saves.autosave(resumed, save_dir)  # the next save of the game opened from its backup
    assert backup.read_bytes() == good, "the damaged file never becomes the backup"
    assert saves.load(path).log == game.log and saves.load(path).warning == ""


def test_load_command_opens_the_backup_of_a_truncated_autosave_and_says_so(capsys, save_dir, play_game,
                                                                             monkeypatch):
    game = play_game(Options(players=2, seed=2), 17)
    path = saves.autosave(game, save_dir)
    saves.autosave(game, save_dir)  # the first becomes the backup
    path.write_bytes(path.read_bytes()[:100])
    monkeypatch.setattr(ui, "run_session", lambda s, save_dir=None: len(s.log), raising=False)
    code = cli.main(["load"])
    out, err = capsys.readouterr()
    assert code == 17, err
    assert "is damaged" in err and "backup" in err
    assert cli.main(["saves"]) == 0
    out, _ = capsys.readouterr()
    assert "unreadable" not in out and "backup" in out


@pytest.mark.parametrize("damage", [b"", b"{", b"\x00" * 10])
def test_a_damaged_save_without_a_backup_is_still_refused_with_its_reason(save_dir, play_game, damage):
    path = saves.save_named(play_game(Options(players=2, seed=2), 5), "mine", save_dir)
    path.write_bytes(damage)
    with pytest.raises(saves.SaveError):
        saves.load(path)


def test_a_resumed_game_journals_into_a_save_directory_that_does_not_exist_yet(tmp_path, play_game):
    game = play_game(Options(players=2, seed=5), 30)
    folder = tmp_path / "new" / "saves"

    async def scenario():
        t = table(game, save_dir=folder, resumed=True)  # resumed: no save at the start
        me = Client(t, 0, answer=True)
        task = asyncio.ensure_future(t.run())
        await until(lambda: len(game.log) >= 35, "decisions")
        t.close()
        await task
        return me

    me = asyncio.run(scenario())
    assert not [m for m in me.got if "journal" in str(getattr(m, "text", ""))], "no complaint about the journal"
    assert journal.read(saves.journal_path(saves.autosave_path(game.game_id, folder))).entries
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
