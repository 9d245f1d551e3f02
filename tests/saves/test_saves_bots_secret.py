"""The bots' own secret: drawn for each new game (never from its seed), kept by its saves, absent from older ones."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from dune_tui import cli
from dune_tui.game_spec import GameSpec, new_game
from dune_tui.games.dune import Options
from dune_tui.saves import load, save_named
from dune_tui.saves.files import SUFFIX
from dune_tui.table.bots import bot_seed

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "saves").glob(f"v*/*{SUFFIX}"))
OLDER = [p for p in SAMPLES if b'"bots_secret"' not in p.read_bytes()]  # written before saves kept the secret


def test_two_new_games_with_the_same_seed_have_bots_of_their_own():
    """The product's way to a new game (`dune-tui new`, the new-game screen, a hosted table) draws the secret."""
    spec = GameSpec(players=3, seats=["random"] * 3, seed=42)
    a, b = new_game(spec), new_game(spec)
    assert a.bots_secret != b.bots_secret
    assert bot_seed(a.bots_secret, 1) != bot_seed(b.bots_secret, 1)
    assert 42 not in (a.bots_secret, b.bots_secret)
    assert new_game(GameSpec(players=3, seed=42, bots_secret=7)).bots_secret == 7  # a test's or a replay's


def test_a_saved_game_keeps_its_bots_secret(play_game, save_dir):
    session = play_game(Options(players=4, seed=9), 30)
    path = save_named(session, "kept")
    assert msgspec.json.decode(path.read_bytes())["bots_secret"] == session.bots_secret
    assert load(path).bots_secret == session.bots_secret


def test_the_older_samples_lack_the_field():
    assert len(OLDER) >= 6  # the first game's samples of format versions 1 and 2


@pytest.mark.parametrize("path", OLDER, ids=[f"{p.parent.name}/{p.name}" for p in OLDER])
def test_a_save_without_the_field_loads_draws_a_secret_and_replays(path, capsys):
    first, again = load(path), load(path)
    assert isinstance(first.bots_secret, int) and first.bots_secret != again.bots_secret
    assert cli.main(["replay", str(path), "--verify", "-q"]) == 0
    assert "verified" in capsys.readouterr().out


@pytest.mark.parametrize("path", [p for p in SAMPLES if p not in OLDER], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_save_with_the_field_keeps_it_and_replays(path, capsys):
    secret = msgspec.json.decode(path.read_bytes())["bots_secret"]
    assert load(path).bots_secret == secret
    assert cli.main(["replay", str(path), "--verify", "-q"]) == 0
    assert "verified" in capsys.readouterr().out
