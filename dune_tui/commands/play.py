"""The terminal side of `host` and `join`: the game screen as a client of a table across the network (join), or
of the host's own table with the server on the same event loop (host)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..net import lobby
from ..net.client import LEFT, JoinRefused, RemoteTable
from ..ui.app import DuneApp
from ..ui.closed import ended, server_table
from ..ui.settings import Settings

UI_CSS = DuneApp.CSS_PATH  # absolute paths: a subclass elsewhere would look for them beside itself
class Connecting(Screen):
    """The joined app's first screen, while it reaches the table: the address (never the code), nothing else."""

    def __init__(self, address: str) -> None:
        super().__init__()
        self.where = address.strip().rpartition("/")[0] or "the table"

    def compose(self) -> ComposeResult:
        yield Static(f"Connecting to {self.where}…", id="connecting", markup=False)

    def on_mount(self) -> None:
        self.app.run_worker(self.app.join(), name="join", exclusive=True)

    def on_screen_resume(self) -> None:
        if self.app.table is not None and self.app.screen_stack[-1] is self:  # the game screen is gone
            self.app.exit(0)


class JoinedApp(DuneApp):
    """`dune-tui join`: one seat (or a spectator) of a table hosted elsewhere."""

    CSS_PATH = UI_CSS
    BINDINGS = [Binding("q", "leave_closed", "Leave", priority=True, show=False)]

    def __init__(self, address: str, *, path: str = "", seat: int | None = None, host: str = "") -> None:
        """`address`: HOST:PORT/CODE; or, with `path` (a lobby table's Unix socket), the table's name in the
        lobby, and `seat` what to ask for there (None: our seat or a free one, -1: watch)."""
        super().__init__(None, Settings(autosave=False))
        self.address, self.path, self.seat, self.host = address, path, seat, host
        self.failure = ""  # why the join or the connection failed ("" if the player left)

    def get_default_screen(self):
        return Connecting(self.address)

    async def join(self) -> None:
        from ..ui.screens.game import GameScreen

        try:
            if self.path:
                remote = await RemoteTable.join_local(self.path, self.seat, host=self.host)
            else:
                remote = await RemoteTable.join(self.address)
        except JoinRefused as e:
            self.failure = str(e)
            self.exit(return_code=2)
            return
        self.table = remote
        remote.on_close = self._connection_ended
        again = lobby.join_command(self.address, remote.seat < 0) if self.path else self.address.strip()
        self.push_screen(GameScreen(remote, self.settings, seats=remote.seats_here(), rejoin=again))

    def _connection_ended(self, reason: str) -> None:
        if reason != LEFT:
            self.failure = reason
            self.notify(ended(reason, self.table, bool(self.path), server_table(self.path)), severity="error",
                        timeout=60, markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_closed":  # q on any screen once the table is gone: nothing to confirm, nothing to keep
            return bool(self.failure)
        return super().check_action(action, parameters)

    def action_leave_closed(self) -> None:
        self.exit(0)

    def hang_up(self) -> None:
        """The terminal went away: the host keeps the game and the seat; just leave."""
        if self.hung_up:
            return
        self.hung_up = True
        if self.table is not None:
            self.table.close(LEFT)
        self.exit(0)

    def exit_note(self) -> str:
        return self.failure


class HostApp(DuneApp):
    """`dune-tui host` from a terminal: the host plays its seat of the table the server already serves."""

    CSS_PATH = UI_CSS

    def __init__(self, table, settings: Settings, seat: int = 0) -> None:
        super().__init__(table.session, settings)
        self.hosted, self.seat = table, seat  # the hosted table; the seat the host plays

    def start_game(self, session, *, replace=None, resumed: bool = False, runner=None, file: str = "FILE",
                   lesson=None) -> None:
        """The hosted table's game, once; a second game (back to the menu, then New game) ends the host."""
        from ..ui.screens.game import GameScreen

        if self.table is not None:
            self.exit(0)
            return
        self.table = self.hosted
        self.push_screen(GameScreen(self.table, self.settings, seats=[self.seat]))


def join_and_play(address: str, *, path: str = "", seat: int | None = None, host: str = "") -> int:
    app = JoinedApp(address, path=path, seat=seat, host=host)
    code = app.run()
    if app.failure:
        print(f"dune-tui: {app.failure}", file=sys.stderr)
    return code if isinstance(code, int) else (app.return_code or 0)


def host_and_play(session, args, sock, codes, resumed: bool, prompt: str, *, local=None, seat: int = 0):
    """Serve the table from now on (the codes printed work at once), wait for Enter at `prompt`, then play the
    host's seat in this terminal.  A signal before Enter stops the host (the game saved)."""
    return asyncio.run(_host_and_play(session, args, sock, codes, resumed, prompt, local, seat))


async def _host_and_play(session, args, sock, codes, resumed: bool, prompt: str, local, seat: int):
    from ..net.hosting import serve_local
    from ..net.server import TableServer
    from ..ui import _settings
    from .serving import make_table

    table = make_table(session, args, resumed)
    server = TableServer(table, codes, takeover=args.takeover or "", after=args.after, turn_limit=args.turn_limit)
    await server.start(sock=sock)
    card = await serve_local(server, table, local)  # the lobby's socket and card (None without a lobby)
    playing = asyncio.get_running_loop().create_task(_serve(table, server))
    status = 0
    try:
        if await _enter_pressed(prompt):
            app = HostApp(table, _settings(args.save_dir, args.pause, args.bots), seat)
            code = await app.run_async()
            status = code if isinstance(code, int) else (app.return_code or 0)
        else:
            print(file=sys.stderr)
            table.autosave(force=True)
    finally:
        table.close()
        if card is not None:
            card.close()
        await server.close()
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing
    return status, table


async def _serve(table, server) -> None:
    """Play; when the table closes (the host left the game: quit, or back to the menu) tell the clients at once.
    A game that ends keeps them: they read its result until the host quits."""
    await table.run()
    if table.closed:
        await server.close()


async def _enter_pressed(prompt: str) -> bool:
    """True once a line (or the end of input) is read at `prompt`, False if SIGINT, SIGTERM or SIGHUP came first.
    The loop goes on meanwhile: the server seats the players who join before the host sits down."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[bool] = loop.create_future()
    fd = sys.stdin.fileno()

    def settle(value: bool) -> None:
        if not answer.done():
            answer.set_result(value)

    def read() -> None:
        with contextlib.suppress(OSError):
            os.read(fd, 4096)
        settle(True)

    print(prompt, end="", flush=True)
    loop.add_reader(fd, read)
    signals = [sig for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP) if _handle(loop, sig, settle)]
    try:
        sit_down = await answer
    finally:
        loop.remove_reader(fd)
    if sit_down:  # the game screen's own handlers come next; after a signal these stay while the host stops
        for sig in signals:
            loop.remove_signal_handler(sig)
    return sit_down


def _handle(loop, sig, settle) -> bool:
    try:
        loop.add_signal_handler(sig, settle, False)
    except (NotImplementedError, RuntimeError, ValueError):
        return False
    return True
