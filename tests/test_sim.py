"""`dune-tui sim`: statistics and clear refusals."""

from __future__ import annotations

import json

import pytest

from dune_tui.cli import main
from dune_tui.games.dune.data import ATREIDES, FREMEN, GUILD
from dune_tui.sim import GameRecord, head_to_head, plan_game, wilson

KEYS = {"games", "players", "errors", "seconds", "games_per_second", "mean_turns", "wins_by_faction",
        "wins_by_agent", "alliance_wins", "guild_default_wins", "bg_steals"}


def test_json_summary_has_every_figure(capsys):
    assert main(["sim", "--players", "4", "--games", "8", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out.keys() >= KEYS
    assert out["games"] == 8 and out["players"] == 4 and out["errors"] == 0
    assert out["wins_by_agent"]["random"]["seats"] == 32
    assert 0 < out["mean_turns"] <= 24


def test_the_dice_seed_and_the_bots_secret_replay_a_run(capsys):
    argv = ["sim", "--players", "3", "--games", "3", "--seed", "5", "--agents", "heuristic,random", "--json"]
    runs = []
    for extra in (["--bot-secret", "77"], ["--bot-secret", "77"], []):
        assert main([*argv, *extra]) == 0
        out = json.loads(capsys.readouterr().out)
        runs.append((out.pop("bot_secret"), out.pop("seconds"), out.pop("games_per_second"), out))
    assert runs[0][0] == runs[1][0] == 77 and runs[0][3] == runs[1][3]
    assert runs[2][0] != 77  # drawn from the operating system, and printed


@pytest.mark.parametrize("argv, message", [
    (["--players", "0"], "--players must be 2 to 8, not 0"),
    (["--players", "1"], "--players must be 2 to 8"),
    (["--players", "9"], "--players must be 2 to 8"),
    (["--agents", "random,wizard"], "unknown agent 'wizard'"),
    (["--agents", "mcts:ultra"], "mcts takes easy, normal, hard"),
    (["--agents", "heuristic,mcts:iters=-5"], "mcts:iters must be 1 to 1000000, not -5"),
    (["--agents", "mcts:time=0"], "mcts:time must be 0.01 to 600 seconds, not 0"),
    (["--players", "2", "--factions", "atreides,sardaukar"], "unknown faction 'sardaukar'"),
    (["--players", "4", "--factions", "atreides,bg,fremen,guild"], "Bene Gesserit needs at least 5 players"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_bad_options_exit_2_with_a_message(argv, message, capsys):
    assert main(["sim", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_rotate_gives_each_agent_each_seat_and_faction_of_a_block():
    plans = [plan_game(g, 3, ["a", "b", "c"], seed=5, rotate=True) for g in range(3)]
    factions = {tuple(p[1]) for p in plans}
    assert len(factions) == 1  # one deal per block
    for agent in "abc":
        assert sorted(p[2].index(agent) for p in plans) == [0, 1, 2]


def test_wilson_interval_brackets_the_rate():
    lo, hi = wilson(70, 100)
    assert lo < 0.7 < hi and round(lo, 2) == 0.6 and round(hi, 2) == 0.78


def _record(factions, agents, winners):
    return GameRecord(seed=0, factions=factions, agents=agents, winners=winners)


def test_head_to_head_counts_decided_games_and_splits_them_by_who_has_the_guild():
    records = [
        _record([GUILD, ATREIDES], ["mcts", "heuristic"], [GUILD]),  # mcts has the Guild and wins by default
        _record([ATREIDES, GUILD], ["mcts", "heuristic"], [GUILD]),  # heuristic has it and wins
        _record([ATREIDES, FREMEN], ["mcts", "heuristic"], [ATREIDES]),
        _record([FREMEN, ATREIDES], ["mcts", "heuristic"], []),  # nobody won: a draw
    ]
    h = head_to_head(records, "mcts", "heuristic")
    assert (h["a_wins"], h["b_wins"], h["draws"], h["games"]) == (2, 1, 1, 4)
    assert h["a_share_of_decided"] == round(2 / 3, 4)
    by = h["by_guild"]
    assert (by["a"]["a_wins"], by["a"]["b_wins"]) == (1, 0)
    assert (by["b"]["a_wins"], by["b"]["b_wins"]) == (0, 1)
    assert (by["none"]["a_wins"], by["none"]["b_wins"], by["none"]["draws"]) == (1, 0, 1)


def test_a_two_agent_match_reports_its_head_to_head(capsys):
    assert main(["sim", "--players", "2", "--games", "6", "--agents", "heuristic,random", "--rotate", "--json"]) == 0
    h = json.loads(capsys.readouterr().out)["head_to_head"]
    assert (h["a"], h["b"]) == ("heuristic", "random")
    assert h["a_wins"] + h["b_wins"] + h["shared"] + h["draws"] == 6
    assert sum(part["games"] for part in h["by_guild"].values()) == 6
    assert main(["sim", "--players", "2", "--games", "6", "--agents", "heuristic,random", "--rotate"]) == 0
    assert "head to head (6 games): heuristic" in capsys.readouterr().out


SIM_FLAGS = ["--agents", "--bot-secret", "--face-dancers", "--factions", "--games", "--help", "--jobs", "--json",
             "--players", "--records", "--rotate", "--rules", "--seed", "--variant"]


def _sim_parser():
    from dune_tui.cli import _parsers

    return _parsers()[1]["sim"]


def test_the_sims_flags_are_kept():
    """`dune-tui sim --help`'s flags, pinned: building the games' own from their PARAMETERS lost none."""
    assert sorted(s for a in _sim_parser()._actions for s in a.option_strings if s.startswith("--")) == SIM_FLAGS


def test_the_sims_game_flags_are_the_games_parameters():
    """`--variant`, `--face-dancers`...: each game's own parameter as its engine's PARAMETERS declares it (help,
    choices, default), as `new` and `host` take it, but for those about how seats get their sides (sim deals them)."""
    from dune_tui.game_spec import game_parameters

    actions = {a.dest: a for a in _sim_parser()._actions}
    for name, p in game_parameters().items():
        if p.about_sides:
            assert name not in actions
            continue
        flag = actions[name]
        assert (flag.option_strings, flag.help, flag.choices, flag.default) == ([p.flag(name)], p.help, p.choices,
                                                                                 p.default)


def test_a_game_parameter_reaches_the_games_options(capsys):
    """`--face-dancers spice` plays the first game with it; `--variant` is refused there, named for its game."""
    assert main(["sim", "--players", "3", "--games", "2", "--seed", "3", "--face-dancers", "spice", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0
    assert main(["sim", "--players", "3", "--games", "1", "--variant", "houses"]) == 2
    assert "--variant is for --rules express (Dune Express) only" in capsys.readouterr().err
