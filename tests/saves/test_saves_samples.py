"""The sample saves in saves/ (one folder per format version) and the migrations between versions."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from dune_tui.games.dune import SEALED, view
from dune_tui.saves import load, schema
from dune_tui.saves.files import SUFFIX
from dune_tui.saves.store import AUTOSAVE, to_file

SAVES = Path(__file__).resolve().parents[2] / "saves"
SAMPLES = sorted(SAVES.glob(f"v*/*{SUFFIX}"))
REGENERATE = "the rules or the format changed: regenerate with `python saves/make_samples.py` (see saves/README.md)"


def sample(name: str):
    return load(SAVES / f"v{schema.CURRENT}" / f"{name}{SUFFIX}")


def test_every_format_version_has_its_samples():
    versions = {int(p.parent.name[1:]) for p in SAMPLES}
    assert versions == set(schema.SCHEMAS) == set(range(1, schema.CURRENT + 1))
    for v in versions:
        names = {p.name for p in SAMPLES if p.parent.name == f"v{v}"}
        expected = ("fresh-game", "mid-battle-sealed-commit", "one-turn-from-victory") + (
            ("express-mid-game",) if v >= 2 else ())  # format 2 brought Dune Express
        assert names == {f"{n}{SUFFIX}" for n in expected}


@pytest.mark.parametrize("path", SAMPLES, ids=[f"{p.parent.name}/{p.name}" for p in SAMPLES])
def test_sample_loads_and_matches_its_snapshot(path):
    before = path.read_bytes()
    try:
        load(path)
    except Exception as e:
        pytest.fail(f"{e}: {REGENERATE}")
    assert path.read_bytes() == before


def test_fresh_game():
    s = sample("fresh-game")
    assert s.log == [] and s.state.round == 1 and not s.state.over


def test_mid_battle_with_a_sealed_commit_pending():
    """The attacker has sealed its commit; the defender (a person) has not, and cannot see it."""
    s = sample("mid-battle-sealed-commit")
    state = s.state
    assert state.phase == "commit"
    attacker, defender = state.b_commits
    assert attacker is not None and defender is None
    (seat,) = state.to_move
    assert seat != state.active and s.seats[seat].is_human
    assert view(state, seat).b_commits[0] == SEALED


def test_one_turn_from_victory():
    s = sample("one-turn-from-victory")
    assert not s.state.over and s.seats[s.state.active].is_human


def test_express_sample_is_a_dune_express_game_in_its_third_round():
    s = sample("express-mid-game")
    assert s.options.rules == "express" and s.options.abilities and s.options.thumper
    assert s.state.round == 3 and not s.state.over and s.seats[0].is_human


@pytest.mark.slow
def test_generator_reaches_the_four_positions(tmp_path):
    """saves/make_samples.py still works (it asserts each position is reached)."""
    proc = subprocess.run([sys.executable, str(SAVES / "make_samples.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert len(list(tmp_path.glob(f"*{SUFFIX}"))) == 4


# --------------------------------------------------------------- migrations


class SaveV2(schema.SCHEMAS[1], kw_only=True):
    """A pretend next version: saves gain a note."""

    note: str


def migrate_v1_v2(old) -> SaveV2:
    return SaveV2(**msgspec.structs.asdict(old), note="migrated from v1")


def test_old_formats_load_through_the_migrations(monkeypatch):
    """A v1 file read by a program whose format is v2: decoded as v1, then migrated function by function."""
    monkeypatch.setattr(schema, "CURRENT", 2)
    monkeypatch.setitem(schema.SCHEMAS, 2, SaveV2)
    monkeypatch.setitem(schema.MIGRATIONS, 1, migrate_v1_v2)
    path = SAVES / "v1" / f"mid-battle-sealed-commit{SUFFIX}"
    save = schema.decode(path.read_bytes())
    assert isinstance(save, SaveV2) and save.note == "migrated from v1"
    assert load(path).state.phase == "commit"
    v2 = msgspec.json.encode(msgspec.structs.replace(save, version=2, note="native"))
    assert schema.decode(v2).note == "native"



WRITTEN = sorted((Path(__file__).parent / "fd2e8a5").glob(f"*{SUFFIX}"))  # saved by fd2e8a5 (make_samples' games,
# and a Dune Express game with hints, a kept login, no hints allowed and a bots' secret)


@pytest.mark.parametrize("path", WRITTEN, ids=lambda p: p.name)
def test_a_loaded_game_saves_back_to_the_bytes_fd2e8a5_wrote(path):
    """The file is the session: a game read from a file of the current format and written again (at the same
    time) gives that file byte for byte, every rule set's, but for what the format gained since, each seat's
    `claimed` (issue 41: false for every seat of a file that predates it)."""
    data = path.read_bytes()
    kind = "auto" if path.name.startswith(AUTOSAVE) else "named"
    again = to_file(load(path), path.name.removesuffix(SUFFIX), kind)
    again.saved_at = schema.decode(data).saved_at
    since = re.sub(rb'("login":"[^"]*")\}', rb'\1,"claimed":false}', data)
    assert since.count(b'"claimed":false') == len(again.seats)
    assert schema.encode(again) + b"\n" == since
