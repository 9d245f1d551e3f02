"""`benchmarks/bench_levels.py`: two agents head to head on paired deals, for any game and player count it takes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def bench(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "benchmarks.bench_levels", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def games(out: Path) -> list[dict]:
    return [json.loads(line) for line in out.with_suffix(".games.jsonl").read_text().splitlines()]


def test_an_odd_count_of_dune_players_plays_each_deal_twice_with_the_sides_swapped(tmp_path):
    out = tmp_path / "dune-3p"
    run = bench("mcts:iters=8", "heuristic", "--players", "3", "--pairs", "1", "--out", str(out))
    assert run.returncode == 0, run.stderr
    first, second = games(out)
    assert first["agents"] == ["mcts:iters=8", "heuristic", "mcts:iters=8"]
    assert second["agents"] == ["heuristic", "mcts:iters=8", "heuristic"]
    assert first["seed"] == second["seed"] and first["factions"] == second["factions"]
    result = json.loads(out.with_suffix(".json").read_text())
    assert (result["rules"], result["players"], result["pairs"]) == ("dune", 3, 1)
    assert result["match"] == "mcts:iters=8 vs heuristic, 3 players, paired deals"
    assert result["command"] == ("python -m benchmarks.bench_levels mcts:iters=8 heuristic --players 3 --pairs 1 "
                                 f"--seed 24000 --bot-secret 24 --out {out}")
    assert result["by_deal"]["deals"] == 1 and result["summary"]["head_to_head"]["games"] == 2
    # the same match again adds pairs; another player count is another match
    assert bench("mcts:iters=8", "heuristic", "--players", "3", "--pairs", "2", "--out", str(out)).returncode == 0
    assert [g["seed"] for g in games(out)] == [24000, 24000, 24001, 24001]
    other = bench("mcts:iters=8", "heuristic", "--players", "4", "--pairs", "2", "--out", str(out))
    assert other.returncode == 2 and "holds games of 3 players, not 4" in other.stderr


def test_dune_express_plays_its_houses_at_its_own_player_counts(tmp_path):
    out = tmp_path / "express-3p"
    run = bench("heuristic", "random", "--rules", "express", "--variant", "houses", "--players", "3", "--pairs", "1",
                "--out", str(out))
    assert run.returncode == 0, run.stderr
    result = json.loads(out.with_suffix(".json").read_text())
    assert (result["rules"], result["players"], result["parameters"]) == ("express", 3, {"variant": "houses"})
    assert result["summary"]["rules"] == "express" and "Dune Express, 3 players" in result["match"]
    assert " --rules express --variant houses --players 3 " in result["command"]
    assert all(g["reason"] and len(g["factions"]) == 3 for g in games(out))
    # the game's own range and parameters, refused with the reason
    too_many = bench("heuristic", "random", "--rules", "express", "--players", "7", "--out", str(tmp_path / "x"))
    assert too_many.returncode == 2 and "--players must be 2 to 6 for Dune Express, not 7" in too_many.stderr
    wrong = bench("heuristic", "random", "--face-dancers", "spice", "--rules", "express", "--out", str(tmp_path / "x"))
    assert wrong.returncode == 2 and "--face-dancers are the options of --rules dune" in wrong.stderr
    mixed = bench("heuristic", "random", "--players", "3", "--pairs", "2", "--out", str(out))
    assert mixed.returncode == 2 and "holds games of --rules express" in mixed.stderr
