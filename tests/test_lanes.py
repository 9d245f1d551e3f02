"""The suite's two lanes (docs/CONTRIBUTING.md): the README's command runs every case of every property test, the
fast lane leaves out what is marked slow or end-to-end, and the workers start the long tests first."""

from __future__ import annotations

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
