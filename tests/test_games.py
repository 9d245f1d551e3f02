"""One way to start a game: `new`, `host` and the new-game screen build the same game from the same parameters."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dune_tui.cli import build_parser
from dune_tui.commands.host import session_for
from dune_tui.commands.new import session_from_args
from dune_tui.game_spec import GameSpec, new_game, spec_from_args
from dune_tui.games import GAMES
from dune_tui.ui.screens.new_game import new_session


def seats(session) -> list[tuple]:
    return [(s.kind, s.agent, s.login) for s in session.seats]


@pytest.mark.parametrize("rules, extra", [("dune", []), ("express", ["--variant", "houses,thumper"])])
def test_new_host_and_the_screen_make_the_same_game(rules, extra):
    argv = ["--rules", rules, "--seed", "9", "--seat", "user:alice", "--seat", "human", "--seat", "random", *extra]
    by_new = session_from_args(build_parser().parse_args(["new", *argv]))
    by_host, resumed = session_for(build_parser().parse_args(["host", *argv]))
    variant = "houses,thumper" if rules == "express" else ""
    by_screen = new_session(3, ["user:alice", "human", "random"], 9, rules=rules, variant=variant)
    by_spec = new_game(GameSpec(rules=rules, seats=["user:alice", "human", "random"], seed=9, variant=variant))
    assert not resumed
    for game in (by_host, by_screen, by_spec):
        assert game.options == by_new.options and seats(game) == seats(by_new)
    assert seats(by_new)[0] == ("human", "", "alice")


# `dune-tui new --help` before its game flags were built from the games' PARAMETERS: every one of these stays
NEW_FLAGS = ("-h", "--help", "--players N", "--seed S", "--seat WHO", "--faction KEY",
             "--faction-choice {random,choose}", "--face-dancers {dice,spice}", "--pause SECONDS",
             "--bots {process,thread}", "--no-hints", "--save-dir DIR", "--rules {dune,express}", "--variant LIST")


@pytest.mark.parametrize("command", ["new", "host"])
def test_new_and_host_keep_every_flag_they_had(command):
    usage = " ".join(build_parser()._subparsers._group_actions[0].choices[command].format_help().split())
    for flag in NEW_FLAGS:
        assert f"[{flag}]" in usage or f" {flag} " in usage, flag


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_declares_its_parameters_flags_beside_it_and_new_takes_them(name):
    new = build_parser()._subparsers._group_actions[0].choices["new"]
    text = " ".join(new.format_help().split())
    for parameter, declared in GAMES[name].engine.PARAMETERS.items():
        flag = declared.flag(parameter)
        assert " ".join(declared.help.split()) in text and flag in text
        assert getattr(GameSpec(), parameter) == declared.default == GAMES[name].parameters[parameter]
        value = declared.choices[-1] if declared.choices else "x"
        assert getattr(spec_from_args(new.parse_args([flag, value])), parameter) == value
    assert f"{name}'s {GAMES[name].side_word}s: {' '.join(GAMES[name].side_keys)}" in text  # --faction's keys
    assert f"{name}: {min(GAMES[name].players)} to {max(GAMES[name].players)}" in text


def test_a_login_seat_must_name_a_login():
    with pytest.raises(ValueError, match="give a login name after user:"):
        new_game(GameSpec(seats=["user:", "human"]))


def test_the_network_commands_do_not_import_the_command_line_module():
    tree = ast.parse((Path(__file__).parents[1] / "dune_tui/commands/host.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "cli" not in imported, "commands/host.py importing cli.py is an import circle"
