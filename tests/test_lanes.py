"""The suite's two lanes (docs/CONTRIBUTING.md): the README's command runs every case of every property test, the
fast lane leaves out what is marked slow or end-to-end, and the workers start the long tests first."""

from __future__ import annotations

import importlib
import inspect
import itertools
from pathlib import Path

from hypothesis import settings

from tests import profiles
from tests.test_project import readme_commands

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_command_runs_every_case_of_the_property_tests():
    assert "--hypothesis-profile=ci" in readme_commands()[1].split()
    assert settings.get_profile("ci").max_examples == profiles.FULL
    before = settings.default
    try:
        settings.load_profile("ci")
        assert profiles.cases(1000) == 1000 and profiles.cases(25) == 25
        settings.load_profile("dev")
        assert profiles.cases(1000) == 100 and profiles.cases(5) == 1
    finally:
        settings.register_profile("_before", before)
        settings.load_profile("_before")


def test_every_end_to_end_test_is_marked_and_the_slow_tests_come_first(request):
    items = request.session.items
    e2e = [item for item in items if ROOT / "tests" / "e2e" in Path(item.path).parents]
    assert all(item.get_closest_marker("e2e") for item in e2e)
    order = [0 if item.get_closest_marker("slow") else 1 if item.get_closest_marker("e2e") else 2 for item in items]
    assert order == sorted(order)


def test_the_tests_that_make_unix_users_share_a_worker_exactly_when_they_share_a_user(monkeypatch):
    """A module of tests/e2e that makes Unix users (useradd) names them (USERS) and puts the tests that make them in
    the xdist group named after them (e2e_terminal.users_group): one worker runs those one after another; groups
    with no user in common run side by side (one group for all of them would be one worker's long serial path)."""
    e2e = ROOT / "tests" / "e2e"
    monkeypatch.syspath_prepend(str(e2e))
    from e2e_terminal import UNIX_USERS

    groups: dict[str, set[str]] = {}
    for path in sorted(e2e.glob("test_*.py")):
        module = importlib.import_module(path.stem)
        tests = [test for _, test in inspect.getmembers(module, inspect.isfunction)]
        marks = [*getattr(module, "pytestmark", []), *(m for test in tests for m in getattr(test, "pytestmark", []))]
        named = {mark.args[0] for mark in marks if mark.name == "xdist_group"}
        if "useradd" not in path.read_text():
            assert not any(name.startswith(UNIX_USERS) for name in named), path.name
            continue
        assert hasattr(module, "USERS"), f"{path.name} makes Unix users: name them all in USERS"
        made = getattr(module, "ALL_USERS", module.USERS)
        theirs = UNIX_USERS + ",".join(sorted(made))
        assert named == {theirs}, f"{path.name}: the tests that make {made} go in users_group(*ALL_USERS) alone"
        groups[theirs] = set(made)
    assert len(groups) >= 2  # the lobby's, ssh's and the README's users
    for one, other in itertools.combinations(groups, 2):
        assert not groups[one] & groups[other], f"{one} and {other} make the same user: one group, all their users"
