"""Saved games: one msgspec file per game under the user's data directory.
`add_parsers` adds `saves`, `load` and `replay` to `dune-tui`."""

from __future__ import annotations


def add_parsers(sub) -> None:
    """Subcommands for saved games."""
