"""The host's table: built from `dune-tui host`'s arguments, and served headless (`--no-play`) until the game ends
or a signal stops it.  `commands.play` serves the same table while the host plays a seat."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket

from ..net.codes import Codes
from ..net.hosting import Local, serve_local

log = logging.getLogger("dune_tui.net")
GRACE_SECONDS = 30.0  # after the end, the clients have this long to take their GameOver


def make_table(session, args, resumed: bool, runner=None):
    from .. import saves
    from ..table import Table

    pause = 0.5 if args.pause is None else args.pause
    return Table(session, bots=args.bots, pause=pause, save_dir=saves.save_dir(args.save_dir), resumed=resumed,
                 runner=runner)


async def host_headless(session, args, sock: socket.socket, codes: Codes, resumed: bool, local: Local | None = None):
    """Serve until the game ends (and its clients have heard it) or a signal stops the host; save."""
    from ..net.server import TableServer

    table = make_table(session, args, resumed)
    server = TableServer(table, codes, takeover=args.takeover or "", after=args.after, turn_limit=args.turn_limit)
    await server.start(sock=sock)
    card = await serve_local(server, table, local)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    playing = loop.create_task(table.run())
    stopping = loop.create_task(stop.wait())
    await asyncio.wait({playing, stopping}, return_when=asyncio.FIRST_COMPLETED)
    if playing.done():
        log.info("the game is over")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(server.idle(), GRACE_SECONDS)
    else:
        log.info("stopping: saving the game")
        table.autosave(force=True)
    if card is not None:
        card.close()
    table.close()
    await server.close()
    stopping.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await playing
    return 0, table
