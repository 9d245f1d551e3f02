"""`dune-tui saves`, `dune-tui load` and `dune-tui replay` as a player sees them."""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from dune_tui import cli, saves, ui
from dune_tui.games.dune import Options
from dune_tui.games.dune.data import FACTION_NAMES
from dune_tui.saves import autosave, save_named


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_saves_lists_name_date_players_round_turn_and_status(capsys, play_game, save_dir):
    save_named(play_game(Options(players=4, seed=7)), "finished game")
    going = play_game(Options(players=3, seed=8), 40)
    save_named(going, "in progress")
    code, out, err = run(capsys, "saves")
    assert code == 0 and err == ""
    assert "finished game" in out and "in progress" in out
    assert "finished: " in out
    to_move = going.state.to_move[0]
    assert f"to move: {FACTION_NAMES[going.state.seat_faction[to_move]]}: " in out
    assert "3 players: " in out and "4 players: " in out and "Ann" in out


def test_saves_with_no_saves(capsys, save_dir):
    code, out, _ = run(capsys, "saves")
    assert code == 0 and "No saved games" in out


def test_save_dir_option_beats_the_environment(capsys, play_game, save_dir, tmp_path):
    save_named(play_game(Options(players=2, seed=1), 5), "elsewhere", tmp_path / "other")
    _, out, _ = run(capsys, "saves", "--save-dir", str(tmp_path / "other"))
    assert "elsewhere" in out
    _, out, _ = run(capsys, "saves")
    assert "elsewhere" not in out


def test_saves_do_not_reveal_secrets(capsys, finished_bg_game, save_dir):
    """Hot-seat players share a screen: the listing never shows the Bene Gesserit prediction."""
    save_named(finished_bg_game, "bg game")
    _, out, _ = run(capsys, "saves")
    private = [e.text for e in finished_bg_game.history if e.to is not None]
    assert private and not any(text in out for text in private)


def test_replay_prints_public_events_only_unless_asked(capsys, finished_bg_game, save_dir):
    path = autosave(finished_bg_game)
    public = [e.text for e in finished_bg_game.history if e.to is None]
    private = [e for e in finished_bg_game.history if e.to is not None]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    lines = out.splitlines()
    assert lines[:-1] == public
    assert finished_bg_game.state.result.text in lines[-1]
    code, out, _ = run(capsys, "replay", str(path), "--all")
    assert all(f"[private to seat {e.to[0] + 1}] {e.text}" in out for e in private)
    bg_seat = private[0].to[0]
    _, mine, _ = run(capsys, "replay", str(path), "--seat", str(bg_seat + 1))
    _, other, _ = run(capsys, "replay", str(path), "--seat", str((bg_seat + 1) % 5 + 1))
    assert private[0].text in mine and private[0].text not in other


def test_replay_verify(capsys, play_game, save_dir):
    path = autosave(play_game(Options(players=8, seed=3), 200))
    code, out, _ = run(capsys, "replay", str(path), "--verify", "--quiet")
    assert code == 0 and "verified: 200 decisions" in out
    doc = msgspec.json.decode(path.read_bytes())
    doc["snapshot"]["dice"][0] = 7 - doc["snapshot"]["dice"][0] if doc["snapshot"]["dice"][0] else 1
    tampered = path.with_name("tampered.dune.json")
    tampered.write_bytes(msgspec.json.encode(doc))
    code, _, err = run(capsys, "replay", str(tampered), "--verify", "-q")
    assert code == 1 and "MISMATCH" in err and "dice" in err


@pytest.mark.parametrize("command", ["replay", "load"])
def test_bad_file_is_one_line_and_exit_2(capsys, save_dir, tmp_path, command):
    bad = tmp_path / "bad.dune.json"
    bad.write_bytes(b'{"format": "dune-tui-save", "version": 7')
    code, out, err = run(capsys, command, str(bad))
    assert out == ""
    assert code == 2
    assert err.count("\n") == 1 and "truncated" in err and "Traceback" not in err
    assert bad.read_bytes() == b'{"format": "dune-tui-save", "version": 7'


def test_load_hands_the_session_to_the_game(capsys, play_game, save_dir, monkeypatch):
    session = play_game(Options(players=4, seed=9), 50)
    save_named(session, "mine")
    seen = {}

    def run_session(s, save_dir=None):
        seen.update(session=s, save_dir=save_dir)
        return 0

    monkeypatch.setattr(ui, "run_session", run_session, raising=False)
    assert run(capsys, "load", "mine")[0] == 0
    assert seen["session"].log == session.log and seen["session"].name == "mine"
    assert seen["save_dir"] == save_dir


def test_load_without_a_name_continues_the_latest_autosave(capsys, play_game, save_dir, monkeypatch):
    monkeypatch.setattr(ui, "run_session", lambda s, save_dir=None: len(s.log), raising=False)
    code, _, err = run(capsys, "load")
    assert code == 2 and "no autosave to continue" in err
    autosave(play_game(Options(players=2, seed=2), 17))
    assert run(capsys, "load")[0] == 17


def test_load_without_a_name_skips_finished_games_and_says_when_all_are(capsys, play_game, save_dir, monkeypatch):
    monkeypatch.setattr(ui, "run_session", lambda s, save_dir=None: len(s.log), raising=False)
    done = autosave(play_game(Options(players=2, seed=4)))
    code, _, err = run(capsys, "load")
    name = done.name.removesuffix(".dune.json")
    assert code == 2
    assert f"no unfinished game to continue in {save_dir}: the latest, {name}, is over" in err
    assert f"`dune-tui load {name}` shows its result, `dune-tui replay {name}` its events" in err
    going = autosave(play_game(Options(players=2, seed=2), 17))
    os.utime(going, (1, 1))  # older than the finished game: still the one to continue
    assert run(capsys, "load")[0] == 17


def test_load_of_a_finished_game_hands_it_over_finished_and_saves_shows_it(capsys, play_game, save_dir,
                                                                         monkeypatch):
    session = play_game(Options(players=2, seed=4))
    path = autosave(session)
    before = path.read_bytes()
    seen = {}
    monkeypatch.setattr(ui, "run_session", lambda s, save_dir=None: seen.setdefault("over", s.state.over) and 0,
                        raising=False)
    assert run(capsys, "load", path.name.removesuffix(".dune.json"))[0] == 0
    assert seen["over"] is True
    assert path.read_bytes() == before
    code, out, _ = run(capsys, "saves")
    assert code == 0 and f"finished: {session.state.result.text}" in out and "to move" not in out


def test_load_without_a_game_to_play_it_in(capsys, play_game, save_dir):
    """The saves commands run no UI of their own: `load` plays through what the caller gives it."""
    from dune_tui.commands import saves as save_commands

    save_named(play_game(Options(players=2, seed=2), 3), "early")
    parser = argparse.ArgumentParser(prog="dune-tui")
    save_commands.add_parsers(parser.add_subparsers())
    args = parser.parse_args(["load", "early"])
    assert args.func(args) == 2
    assert "cannot open saves in this build" in capsys.readouterr().err


def test_the_saves_package_never_imports_the_ui():
    """Data flows engine -> saves -> UI: no module of dune_tui.saves imports dune_tui.ui, even lazily."""
    folder = Path(saves.__file__).parent
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = "." * node.level + (f"{node.module}." if node.module else "")
                names = [base + alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(("..ui", "dune_tui.ui", "textual")), f"{source.name} imports {name}"


def test_no_traceback_from_the_real_command(tmp_path):
    """End to end through a real process: a directory given as a save."""
    proc = subprocess.run([sys.executable, "-m", "dune_tui", "replay", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"dune-tui: cannot load {tmp_path}: that is a directory, not a save file"


def hostile_save(session, folder, **fields):
    """A save of `session` in `folder`, with some fields set as a hostile file would have them."""
    path = autosave(session, folder)
    doc = msgspec.json.decode(path.read_bytes())
    for key, value in fields.items():
        if key == "seat_name":
            doc["seats"][0]["name"] = value
        else:
            doc[key] = value
    path.write_bytes(msgspec.json.encode(doc))
    return path


def test_saves_lists_a_file_from_the_year_10000(capsys, play_game, save_dir):
    """The audit's OverflowError: `saved_at` 9999-12-31T23:59:59-23:59 is year 10000 in UTC."""
    hostile_save(play_game(Options(players=2, seed=4), 10), save_dir, saved_at="9999-12-31T23:59:59-23:59",
                 created="9999-12-31T23:59:59-23:59")
    save_named(play_game(Options(players=2, seed=5), 10), "ordinary")
    code, out, err = run(capsys, "saves")
    assert code == 0 and err == ""
    assert "autosave-" in out and "ordinary" in out
    assert "?" in out  # a date no clock can show


def test_saves_never_prints_a_terminal_escape(capsys, play_game, save_dir):
    hostile_save(play_game(Options(players=2, seed=4), 10), save_dir, seat_name="\u001b]0;PWNED\u0007\u001b[2J")
    (save_dir / "\u001b[2Jgone.dune.json").write_bytes(b"{")  # a file name is file-derived text too
    code, out, err = run(capsys, "saves")
    assert code == 0 and err == ""
    assert "\x1b" not in out and "\x07" not in out
    assert "]0;PWNED" in out and "[2Jgone" in out and "unreadable" in out


def test_replay_and_load_errors_never_print_a_terminal_escape(capsys, save_dir, tmp_path):
    path = tmp_path / "\u001b[2J\u202e.dune.json"
    path.write_bytes(b"not json")
    for argv in (("replay", str(path)), ("load", str(path))):
        code, _out, err = run(capsys, *argv)
        assert code == 2 and "cannot load" in err
        assert "\x1b" not in err and "\u202e" not in err and err.count("\n") == 1


def test_saves_into_a_closed_pipe_prints_no_traceback(play_game, tmp_path):
    """`dune-tui saves | head -1`: the reader has gone before the listing is written."""
    for seed in range(3):
        save_named(play_game(Options(players=2, seed=seed), 5), f"game {seed}", tmp_path)
    for argv in (["saves", "--save-dir", str(tmp_path)], ["replay", str(tmp_path / "game 0.dune.json")]):
        read, write = os.pipe()
        os.close(read)  # deterministic: every write fails with EPIPE
        try:
            proc = subprocess.run([sys.executable, "-m", "dune_tui", *argv], stdout=write, stderr=subprocess.PIPE,
                                  text=True, timeout=60)
        finally:
            os.close(write)
        assert "Traceback" not in proc.stderr and "BrokenPipeError" not in proc.stderr, proc.stderr
        assert proc.returncode == 0
