"""The suite's hypothesis profiles.  `ci` runs each property test's full number of cases (the README's test command
and `.ci/run` select it: `--hypothesis-profile=ci`); `dev`, the default, a tenth of them (at least one), for the
fast lane of working on the code.  A test writes its full number as `cases(N)`; one that writes none gets
hypothesis' own 100 under `ci`, 10 under `dev`."""

from __future__ import annotations

from hypothesis import settings

FULL = 100  # hypothesis' own default number of examples: `ci`'s
settings.register_profile("ci", max_examples=FULL)
settings.register_profile("dev", max_examples=FULL // 10)
settings.load_profile("dev")  # hypothesis' pytest plugin loads the one --hypothesis-profile names after this


def cases(full: int) -> int:
    """A property test's number of cases under the profile loaded: `full` under `ci`."""
    return max(1, full * settings.default.max_examples // FULL)
