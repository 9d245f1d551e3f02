"""A game table that knows nothing of Textual: it owns the session, the bots, their pace and the saves, and
talks to its clients (the game screen, later a remote terminal) only through the Structs in `messages`."""

from . import messages
from .table import Connection, Table

__all__ = ["Connection", "Table", "messages"]
