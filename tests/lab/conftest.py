"""Bind `lab` to the real experiments package before anything else imports it (see tests/ai/conftest.py:
tests/lab has no __init__.py, and could otherwise be taken for a namespace package called `lab`)."""

import lab  # noqa: F401
