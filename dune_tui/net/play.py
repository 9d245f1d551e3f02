"""The terminal side of `host` and `join`: the game screen as a client of a table across the network (join), or
of the host's own table with the server on the same event loop (host)."""

from __future__ import annotations

import sys
from pathlib import Path

from .. import ui
from ..ui.app import DuneApp, Launch
from ..ui.settings import Settings
from .client import JoinRefused, RemoteTable

LEFT = "you left the table"
UI_CSS = Path(ui.__file__).parent / DuneApp.CSS_PATH  # a subclass elsewhere would look for it beside itself


class JoinedApp(DuneApp):
    """`dune-tui join`: one seat (or a spectator) of a table hosted elsewhere."""

    CSS_PATH = UI_CSS

    def __init__(self, address: str, *, path: str = "", seat: int | None = None, host: str = "") -> None:
        """`address`: HOST:PORT/CODE; or, with `path` (a lobby table's Unix socket), the table's name in the
        lobby, and `seat` what to ask for there (None: our seat or a free one, -1: watch)."""
        super().__init__(None, Settings(autosave=False))
        self.address, self.path, self.seat, self.host = address, path, seat, host
        self.failure = ""  # why the join or the connection failed ("" if the player left)

    def get_default_screen(self):
        return Launch()

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._join(), name="join", exclusive=True)

    async def _join(self) -> None:
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
        again = f"dune-tui join {self.address}" + (" --watch" if self.path and remote.seat < 0 else "")
        self.push_screen(GameScreen(remote, self.settings, seats=remote.seats_here(), rejoin=again))

    def _connection_ended(self, reason: str) -> None:
        if reason != LEFT:
            self.failure = reason
            again = "`dune-tui tables` shows the table if it comes back" if self.path else \
                "`dune-tui join` with the same code sits you down again"
            self.notify(f"{reason}. Press q to leave; {again}.",
                        severity="error", timeout=30, markup=False)

    def hang_up(self) -> None:
        """The terminal went away: the host keeps the game and the seat; just leave."""
        if self.table is not None:
            self.table.close(LEFT)
        self.exit(0)

    def exit_note(self) -> str:
        return self.failure


class HostApp(DuneApp):
    """`dune-tui host` from a terminal: the host plays its seat; the server runs on the app's loop."""

    CSS_PATH = UI_CSS

    def __init__(self, session, settings: Settings, args, sock, codes, resumed: bool, *, local=None,
                 seat: int = 0) -> None:
        super().__init__(session, settings, resumed=resumed)
        self.args, self.sock, self.codes = args, sock, codes
        self.local, self.seat = local, seat  # the lobby's socket (commands.Local, or None); the host's seat
        self.server = None

    def start_game(self, session, *, replace=None, resumed: bool = False, runner=None) -> None:
        from ..ui.screens.game import GameScreen
        from .commands import make_table
        from .server import TableServer

        if self.table is not None:  # one game per hosted table: back to the menu ends it
            self.exit(0)
            return
        self.table = make_table(session, self.args, resumed, runner)
        self.server = TableServer(self.table, self.codes, takeover=self.args.takeover or "", after=self.args.after)
        screen = GameScreen(self.table, self.settings, seats=[self.seat])
        self.run_worker(self._serve(), name="table", group="table")
        self.push_screen(screen)

    async def _serve(self) -> None:
        from .commands import serve_local

        await self.server.start(sock=self.sock)
        card = await serve_local(self.server, self.table, self.local)
        try:
            await self.table.run()
        finally:
            if card is not None:
                card.close()
            await self.server.close()


def join_and_play(address: str, *, path: str = "", seat: int | None = None, host: str = "") -> int:
    app = JoinedApp(address, path=path, seat=seat, host=host)
    code = app.run()
    if app.failure:
        print(f"dune-tui: {app.failure}", file=sys.stderr)
    return code if isinstance(code, int) else (app.return_code or 0)


def host_and_play(session, args, sock, codes, resumed: bool, *, local=None, seat: int = 0):
    from ..ui import _settings

    settings = _settings(args.save_dir, args.pause, args.bots)
    app = HostApp(session, settings, args, sock, codes, resumed, local=local, seat=seat)
    code = app.run()
    return (code if isinstance(code, int) else (app.return_code or 0)), app.table
