"""`dune-tui saves`, `dune-tui load` and `dune-tui replay` as a player sees them."""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from dune_tui import cli, saves, ui
from dune_tui.engine import Options
from dune_tui.engine.data import FACTION_NAMES
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


def test_load_without_a_game_to_play_it_in(capsys, play_game, save_dir):
    """The saves package runs no UI of its own: `load` plays through what the caller gives it."""
    save_named(play_game(Options(players=2, seed=2), 3), "early")
    parser = argparse.ArgumentParser(prog="dune-tui")
    saves.add_parsers(parser.add_subparsers())
    args = parser.parse_args(["load", "early"])
    assert args.func(args) == 2
    assert "cannot open saves in this build" in capsys.readouterr().err


def test_the_saves_package_never_imports_the_ui():
    """Data flows engine -> saves -> UI: no module of dune_tui.saves imports dune_tui.ui, even lazily."""
    folder = Path(saves.__file__).parent
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "") + "." + a.name for a in node.names]
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
