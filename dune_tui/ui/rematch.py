"""The rematch key of a game over at a table of the table server: ask the server for the rematch (the first player
to ask opens it, the others are told where it is), then sit down there, at the seat it keeps for this login."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..text import printable


def rematch_socket(table) -> str:
    """The table's Unix socket if it is a table of the table server (a rematch may be asked there), else ""."""
    from .closed import server_table

    path = getattr(table, "path", "")
    return path if server_table(path) else ""


async def rematch(screen, socket_path: str) -> None:
    """Ask for the rematch of the server's table at `socket_path`, then play it in this terminal (a notice says
    why not)."""
    from ..net import lobby
    from ..net.client import JoinRefused, RemoteTable
    from ..net.identity import login_of
    from ..server import control

    app, where = screen.app, Path(socket_path).parent
    try:
        answer = await asyncio.to_thread(control.manage, where, Path(socket_path).stem, "rematch")
        server = login_of(control.owner_of(where))
    except control.Unreachable as e:
        screen.notify(f"No rematch: {e}", severity="error", timeout=15, markup=False)
        return
    if not isinstance(answer, control.Done) or not answer.table:
        reason = getattr(answer, "reason", "the server did not open it")
        screen.notify(f"No rematch: {printable(reason, limit=300)}", severity="error", timeout=15, markup=False)
        return
    try:
        remote = await RemoteTable.join_local(str(where / f"{answer.table}.sock"), None, host=server)
    except JoinRefused as e:
        screen.notify(f"The rematch is open ({answer.table}), but: {e}", severity="error", timeout=15, markup=False)
        return
    app.sit_at(remote, lobby.join_command(answer.table, remote.seat < 0), replace=screen)
