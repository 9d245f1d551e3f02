"""One directory-trust rule (dune_tui.trust) for the saves and the lobby: a security check kept in two copies drifts.
The hostile cases themselves are in tests/net/test_hostile*.py, tests/net/test_lobby.py and
tests/saves/test_saves_trust.py."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from dune_tui import trust
from dune_tui.net import lobby
from dune_tui.saves import SaveError
from dune_tui.saves.files import trusted

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("mode, mine, shared", [
    (0o700, None, None),
    (0o770, trust.Doubt(None, "its group"), trust.Doubt(None, "its group")),
    (0o702, trust.Doubt(None, "others"), trust.Doubt(None, "others")),
    (0o777, trust.Doubt(None, "group and others"), trust.Doubt(None, "group and others")),
    (0o1777, trust.Doubt(None, "group and others"), None),  # sticky: each user can change only their own files
])
def test_the_rule_for_a_directory_of_mine(tmp_path, mode, mine, shared):
    d = tmp_path / "d"
    d.mkdir()
    os.chmod(d, mode)
    st = os.stat(d)
    assert trust.doubt(st) == mine
    assert trust.doubt(st, root_may_own=True, sticky_shares=True) == shared


def test_another_users_directory_is_doubted_and_roots_only_where_allowed(tmp_path, monkeypatch):
    d = tmp_path / "d"
    d.mkdir(mode=0o700)
    owner = os.stat(d).st_uid
    monkeypatch.setattr(trust.os, "geteuid", lambda: owner + 1)
    assert trust.doubt(os.stat(d)) == trust.Doubt(owner)
    assert trust.doubt(os.stat(d), root_may_own=True) == (None if owner == 0 else trust.Doubt(owner))


def test_the_saves_and_the_lobby_judge_a_directory_by_the_one_rule(tmp_path, monkeypatch):
    """A sticky world-writable directory: the lobby's kind (shared), never a save directory's."""
    d = tmp_path / "shared"
    d.mkdir()
    os.chmod(d, 0o1777)
    monkeypatch.setenv(lobby.ENV, str(d))
    assert lobby.lobby_dir() == d
    with pytest.raises(SaveError, match="group and others can write in it"):
        trusted(d)
    os.chmod(d, 0o777)
    with pytest.raises(lobby.LobbyUnsafe, match="without the sticky bit"):
        lobby.lobby_dir()


def test_no_other_module_reads_a_directorys_write_bits():
    """The rule is written once: only dune_tui/trust.py looks at the group's and others' write bits."""
    pattern = re.compile(r"S_IWGRP|S_IWOTH|S_ISVTX|0o0?22\b|& 0o002\b")
    found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "dune_tui").rglob("*.py") if pattern.search(p.read_text()))
    assert found == ["dune_tui/trust.py"]
