"""A table the main menu's "Host a table" opens: in this machine's lobby only (its Unix socket and its card; no
TCP, no codes), the host playing its own seat in the same app.

    where, sock, seat = open_in_lobby(session)     # LobbyUnsafe / OSError: a sentence for the screen
    await serve_in_lobby(table, where, sock)       # until the game ends or the table is closed
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import NamedTuple

from . import lobby
from .codes import Codes
from .identity import my_login
from .publisher import Publisher
from .seating import choose, claim


def open_in_lobby(session) -> tuple[Path, socket.socket, int]:
    """Bind the table's socket in the lobby and seat the host (its own seat, else the first free one)."""
    me = my_login()
    seat = choose(session.seats, me, None, set())
    if isinstance(seat, str):
        raise ValueError(seat)
    where = lobby.lobby_dir()
    sock = lobby.bind(where, lobby.table_name(me, session.game_id))
    claim(session, seat, me)
    return where, sock, seat


class Local(NamedTuple):
    """The table's place in the lobby: the directory, its bound Unix socket, its name."""

    where: Path
    sock: socket.socket
    name: str


async def serve_local(server, table, local: Local | None) -> Publisher | None:
    """Listen on the lobby's socket and keep the card; the Publisher (None without a lobby) to close at the end."""
    if local is None:
        return None
    await server.start_local(local.sock)
    return Publisher(table, local.where, my_login(), held=lambda: server.by_code)


async def serve_in_lobby(table, where: Path, sock: socket.socket) -> None:
    from .server import TableServer

    server = TableServer(table, Codes([]))
    card = await serve_local(server, table, Local(where, sock, lobby.table_name(my_login(), table.session.game_id)))
    try:
        await table.run()
    finally:
        card.close()
        await server.close()
