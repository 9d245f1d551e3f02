"""The menu's "Host a table": on the table server when one runs (as `dune-tui host` does), where the table waits
for its players, the host too, when they leave; else in this process, in the machine's lobby (`app.host_here`).

    await host_table(app, session, replace)     # the game screen at the host's seat, or a notification saying why
"""

from __future__ import annotations

import asyncio

from ..net import lobby
from ..net.identity import login_of, my_identity
from ..net.seating import choose, claim
from ..text import printable
from . import saving


async def host_table(app, session, replace) -> None:
    from ..server import control

    where = await asyncio.to_thread(control.find)
    if where is None:
        app.host_here(session, replace=replace)
        return
    me = my_identity()
    seat = choose(session.seats, me, None, set())
    if isinstance(seat, str):
        app.notify(f"Cannot host: {seat}", severity="error", timeout=10, markup=False)
        return
    claim(session, seat, me)
    request = control.open_request(session, pause=app.settings.pause)
    try:
        answer = await asyncio.to_thread(control.ask, where, request)
        server = login_of(control.owner_of(where))
    except control.Unreachable as e:
        app.notify(f"Cannot host on the table server: {e}", severity="error", timeout=10, markup=False)
        return
    if not isinstance(answer, control.Opened):
        why = printable(getattr(answer, "reason", answer), limit=300)
        app.notify(f"The table server refused the table: {why}", severity="error", timeout=15, markup=False)
        return
    await sit_down(app, str(where / f"{answer.table}.sock"), seat, server, replace)
    others = "in Tables on this server" if saving.door_return() else \
        f"with `dune-tui join {me}` or in Tables on this server"
    app.notify(f"Opened on the table server as {answer.table}: it waits there for its players, also when you "
               f"leave. Others sit down {others}.", timeout=10, markup=False)


async def sit_down(app, path: str, seat: int, server: str, replace) -> None:
    """Join the server's table at `seat` and show its game screen (in place of `replace`, if it is shown)."""
    from ..net.client import LEFT, JoinRefused, RemoteTable
    from .closed import ended
    from .screens.game import GameScreen

    try:
        remote = await RemoteTable.join_local(path, seat, host=server)
    except JoinRefused as e:
        app.notify(str(e), severity="error", timeout=15, markup=False)
        return
    if app.table is not None:
        app.table.close()
    app.table = remote

    def closed(reason: str) -> None:
        if reason != LEFT:  # (leaving: the table waits on the server)
            app.notify(ended(reason, remote, True, True), severity="error", timeout=30, markup=False)

    remote.on_close = closed
    screen = GameScreen(remote, app.settings, seats=remote.seats_here(),
                        rejoin=lobby.join_command(my_identity(), False))
    if replace is not None and app.screen is replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)
