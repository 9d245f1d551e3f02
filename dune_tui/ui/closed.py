"""What a joined screen says when its table's connection ends without the player leaving it: the host closed the
table (after the game's end: only that), the connection was lost, the table sent what cannot be read."""

from __future__ import annotations

from pathlib import Path

CLOSED_BY_HOST = "the host has closed the table"  # the server's Goodbye when the host stops
ENDED = {
    CLOSED_BY_HOST: "The host has closed the table; the game is saved on the host's side. The host resumes it with "
                    "`dune-tui host --load FILE`, which prints new codes. Press q to leave.",
}
DOOR_ENDED = "The host has closed the table; the game is saved on the host's side. Press q to leave."
OVER = "The host has closed the table: the game is over. Press q to leave."


def ended(reason: str, remote, lobby_table: bool, on_server: bool = False) -> str:
    """What the screen says when the table's connection ends (not by leaving): after the game's end, only that;
    at a lobby's table, where the table is found again (a code is for a table joined with one); at a table of the
    table server, that the server keeps it (unless its owner sent the player away: only that)."""
    if remote.over and reason == CLOSED_BY_HOST:
        return OVER
    from ..net.identity import at_door
    from ..server.control import BY_OWNER
    from .door import shown

    tables = "" if at_door() else " (`dune-tui tables`)"  # a front door's player has no shell to run it in

    reason = shown(reason)  # (at a front door: no path of the server's)
    if on_server and BY_OWNER in reason:  # released, sent away, made private: not a stop of the server
        return f"{reason}. Press q to leave."
    if on_server:
        yours = "to watch again" if remote.seat < 0 else "your seat still yours"
        return (f"{reason}. Press q to leave; the table server keeps the game: once it runs again, the table is in "
                f"Tables on this server{tables}, {yours}.")
    if lobby_table:
        yours = "to watch again" if remote.seat < 0 else "your seat still yours"
        resumes = "resumes the game" if at_door() else "resumes the game (`dune-tui host --load`)"
        return (f"{reason}. Press q to leave; if the host {resumes}, it is in Tables on this server again{tables}, "
                f"{yours}.")
    if at_door():  # a table joined by code: its host resumes it, nothing here for this player to run
        return (DOOR_ENDED if reason == CLOSED_BY_HOST else f"{reason}. Press q to leave.")
    return ENDED.get(reason) or (f"{reason}. Press q to leave; if the table is still open, `dune-tui join` with the "
                                 "same code sits you down again.")


def server_table(socket_path: str) -> bool:
    """The Unix socket is a table of the table server (its control socket beside it), not of the lobby."""
    from ..server.place import CONTROL

    return bool(socket_path) and (Path(socket_path).parent / CONTROL).exists()
