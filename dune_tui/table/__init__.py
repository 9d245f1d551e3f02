"""A game table that knows nothing of Textual: it owns the session, the bots and their pace, keeps the game through
its keeper (by default the saves), and talks to its clients (the game screen, later a remote terminal) only through
the Structs in `messages`.

`Table` and `Connection` are imported when first used: the bots' child process imports `table.bots` and
so this package, and need not import the table (asyncio, the saves) to start thinking."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Connection, Table

__all__ = ["Connection", "Table", "messages"]


def __getattr__(name: str):
    if name in ("Connection", "Table"):
        return getattr(import_module(f"{__name__}.table"), name)
    if name == "messages":  # (`from . import messages` here would ask this function again, without end)
        return import_module(f"{__name__}.messages")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
