"""The browser front door (`dune-tui serve --web PORT`): the game in a browser tab, beside the tables, on the
server's own event loop.

    door = WebDoor(daemon, host="127.0.0.1", port=8080)     # a front door of the table server (daemon.Daemon)
    await door.start()        # GET / (the page), GET /ws (a guest's tab), GET /ws/<tab> (a tab of a link's player)
    ...
    await door.close()        # every tab's process told to quit, then the port closed

textual-serve's way: each tab's websocket runs `dune-tui` (the main menu) in a process of its own, its screen drawn
by textual.js (xterm.js) in the page. The next tab's process is started ahead (a `Spare`: Python, Textual and the menu
loaded, nobody's until its setting comes), so that a tab does not wait for them. The page is ours, not
textual-serve's template (which links a web font from elsewhere): it loads nothing but this server's own script,
style and Roboto Mono font (textual-serve's static files), so a tab works with no network but the server's.

Who a tab is: a tab opened at `/` is a guest ("guest:N": plays solo and watches, never sits at a table or opens
one); `/?t=TOKEN`, a one-time link (`links.Links`, `dune-tui link`), is the player the link was made for, and a link
made for a table (`dune-tui link TABLE`, b on Tables on this server) opens the tab at that table (`dune-tui join
TABLE` at the door: ui/screens/opening.py), the main menu after it. The page's
websocket path carries a tab key made when the page claimed the link, so a link opens one tab only. The tab's
process is bound to its identity in the server's doors (`doors.Doors`, by pid, as the SSH door's): the tables know
it from the kernel, never from the process's own word ($DUNE_TUI_IDENTITY, shown only). Each tab's process gets its
own home for saves and settings (`DUNE_TUI_SAVE_DIR`, XDG directories): a key's player's under the server's
directory, `players/<name>/` as the SSH door's, a local login's `users/<login>/`; a guest's a temporary one under
`guests/`, removed when the tab closes (so nothing of a tab's is written outside the server's directory).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import os
import secrets
import shlex
import shutil
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from ..net.identity import DOOR, IDENTITY
from ..session import KEY
from .doors import GUEST, is_guest
from .links import Link

log = logging.getLogger("dune_tui.server")
STATIC = Path(textual_serve.__file__).with_name("static")  # textual.js, xterm.css, Roboto Mono
PAGE = Path(__file__).with_name("web.html")
QUIT_SECONDS = 4.0  # a hung-up tab's process has this long to save and exit (its own watchdog: 3 s)
FONT_SIZE = 16  # the page's, in CSS pixels
TABS_LIMIT = 32  # tabs (each a process) at once
PER_ADDRESS = 8  # tabs at once from one address (behind a proxy every tab is the proxy's: raise it there)
TAB_KEY_SECONDS = 60.0  # a page has this long to open its websocket
SIZE_LIMIT = (500, 200)  # the largest terminal a tab may ask for (columns, rows)
PLAYERS = "players"  # each key's player's own settings and saves: players/NAME/ (the SSH door's too)
USERS = "users"  # each local login's, opening a tab by a link: users/LOGIN/
GUESTS = "guests"  # each guest tab's, for as long as it is open: guests/<random>/


# A tab's process: Python, Textual (its web driver's fixed setting in the environment it starts with: Textual reads
# it on import), the menu and a table's screens loaded while it waits for a tab (a spare); then the tab's setting on a
# pipe (argv[1]: its fd), its whole environment, working directory and command line (`dune-tui`, or `dune-tui join
# TABLE` for a table's link), once the server has bound its pid to the tab's player; then the main menu, or the
# table. Nothing on the pipe (a spare never used): it ends.
WARM = ("import json, os, sys\n"
        "import dune_tui.cli, dune_tui.ui.app, dune_tui.ui.screens.menu, textual.drivers.web_driver  # noqa\n"
        "import dune_tui.ui.screens.opening, dune_tui.ui.screens.game, dune_tui.net.client  # noqa\n"
        "dune_tui.ui.games.load_boards()\n"
        "fd = int(sys.argv.pop(1)); data = b''\n"
        "while chunk := os.read(fd, 65536): data += chunk\n"
        "os.close(fd)\n"
        "if not data: sys.exit(0)\n"
        "given = json.loads(data); os.environ.clear(); os.environ.update(given['env']); os.chdir(given['cwd'])\n"
        "sys.argv = given['argv']; sys.exit(dune_tui.cli.main())\n")
WEB_DRIVER = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
              "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual"}  # textual-serve's (app_service.py)


class Spare:
    """The next tab's process, started ahead: warm (WARM) and nobody's until its setting comes."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.setting = -1

    async def spawn(self) -> None:
        read, write = os.pipe()
        env = {**os.environ, **WEB_DRIVER}
        env.pop("TEXTUAL", None)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-c", WARM, str(read), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=env, cwd="/", start_new_session=True, pass_fds=(read,))
        except BaseException:
            os.close(write)
            raise
        finally:
            os.close(read)
        self.setting = write

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def give(self, env: dict[str, str], cwd: Path, args: list[str] | None = None) -> None:
        """Its setting: it starts the menu (`args`: `dune-tui`'s arguments, e.g. ["join", TABLE])."""
        setting = {"env": env, "cwd": str(cwd), "argv": ["dune-tui", *(args or [])]}
        with contextlib.suppress(OSError):  # (the pipe's buffer holds it: the process reads it when it is ready)
            os.write(self.setting, json.dumps(setting).encode())
        self.close_setting()

    def close_setting(self) -> None:
        if self.setting >= 0:
            with contextlib.suppress(OSError):
                os.close(self.setting)
            self.setting = -1

    def discard(self) -> None:
        """Never used: it ends (nothing on its pipe), killed if it lingers."""
        self.close_setting()
        if self.alive:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)


def _clamp(value: str, default: int, top: int) -> int:
    try:
        return max(1, min(int(value), top))
    except ValueError:
        return default


class Tab(AppService):
    """One tab's process: `dune-tui` under textual-serve's web driver, told who it plays as and where its
    home is."""

    def __init__(self, argv: list[str], who: str, home: Path, where: Path, spare: Spare | None = None,
                 table: str = "", **kwargs) -> None:
        """`argv`: what the tab runs, unless `spare`, a process started ahead, is given (it runs the menu);
        `table`: the server's table it opens at (`join TABLE` after either), "" the main menu."""
        self.args = ["join", table] if table else []
        argv = [*argv, *self.args]
        super().__init__(shlex.join(argv), **kwargs)
        self.argv, self.who, self.home, self.where, self.spare = argv, who, home, where, spare

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env[IDENTITY] = self.who  # shown only: the server knows the process by its pid
        env[DOOR] = "web"  # what the UI offers: no path, no shell command
        env["DUNE_TUI_SERVER"] = str(self.where)  # the tables of this server
        env["DUNE_TUI_SAVE_DIR"] = str(self.home / "saves")
        for name in ("CONFIG", "DATA", "STATE", "CACHE"):
            env[f"XDG_{name}_HOME"] = str(self.home / name.lower())
        env.pop("TEXTUAL", None)  # no devtools in a player's tab
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24):
        """textual-serve's, but no shell between, and in a session of its own (its whole group is ended with
        the tab); or the spare, given its setting once its pid is bound."""
        env = self._build_environment(width, height)
        if self.spare is not None:
            self._process = process = self.spare.process
            self._stdin = process.stdin
            self.bound(process.pid)
            self.spare.give(env, self.home, self.args)
            return process
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env, cwd=self.home,
            start_new_session=True)
        self._stdin = process.stdin
        self.bound(process.pid)  # at once: before the process can reach a socket of the server
        return process

    address = ""  # the browser's, as the door saw it

    def bound(self, pid: int) -> None:
        """Set by the door: bind `pid` to the tab's identity."""

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None


class WebDoor:
    def __init__(self, daemon, *, host: str = "127.0.0.1", port: int = 8080, url: str = "",
                 command: list[str] | None = None) -> None:
        """`url`: the page's address as players reach it, for the links (default http://HOST:PORT/, this machine's
        name for a door open on every address); `command`: what a tab runs (default this Python's `-m dune_tui`,
        the main menu)."""
        self.daemon, self.host, self.port, self.url = daemon, host, port, url
        self.where, self.links, self.doors = daemon.where, daemon.links, daemon.doors
        self.command = command or [sys.executable, "-m", "dune_tui"]
        self.warm = command is None  # the menu's process started ahead (a spare), as the SSH door's
        self.spare: Spare | None = None
        self.sparing: asyncio.Task | None = None
        self.tabs: set[Tab] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.keys: dict[str, tuple[Link, float]] = {}  # a page's tab key → (who and the table, until)
        self.guests = 0
        self.downloads = DownloadManager()
        self.runner: web.AppRunner | None = None
        self.closing = False
        self.page = PAGE.read_text(encoding="utf-8")

    async def start(self) -> None:
        app = web.Application()
        app.add_routes([
            web.get("/", self.index),
            web.get("/ws", self.guest_tab),
            web.get("/ws/{key}", self.player_tab),
            web.static("/static", STATIC),
        ])
        app.on_shutdown.append(self._shutdown)
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # a port the system chose (tests)
            self.port = site._server.sockets[0].getsockname()[1]
        if not self.url:
            name = socket.getfqdn() if self.host in ("", "0.0.0.0", "::") else self.host
            self.url = f"http://{f'[{name}]' if ':' in name else name}:{self.port}/"
        self.daemon.web_url = self.url
        self._next_spare()
        log.info("the browser front door is open at %s", self.url)

    def _next_spare(self) -> None:
        if self.warm and not self.closing and (self.sparing is None or self.sparing.done()):
            self.sparing = asyncio.get_running_loop().create_task(self._spawn_spare())

    async def _spawn_spare(self) -> None:
        spare = Spare()
        try:
            await spare.spawn()
        except OSError as e:
            log.warning("web: cannot start a spare process: %s", e)
            return
        if self.closing:
            spare.discard()
        else:
            self.spare = spare

    def _take_spare(self) -> Spare | None:
        spare, self.spare = self.spare, None
        if spare is not None and not spare.alive:
            spare.discard()
            spare = None
        self._next_spare()
        return spare

    async def close(self) -> None:
        self.closing = True
        if self.sparing is not None:
            with contextlib.suppress(Exception):
                await self.sparing
        if self.spare is not None:
            self.spare.discard()
            self.spare = None
        self.daemon.web_url = ""
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    async def _shutdown(self, _app) -> None:
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await ws.close(message=b"the server is stopping")

    # ------------------------------------------------------------------ the page
    async def index(self, request: web.Request) -> web.Response:
        token = request.query.get("t", "")
        path = "/ws"
        if token:
            link = self.links.claim_link(token)
            if link is None:
                return self._page(status=403, note="This link is used already or has expired: ask for a new one "
                                  "where you got it (b in Tables on this server; each opens one tab, once), or play "
                                  "as a guest here.")
            key = secrets.token_urlsafe(24)
            self._forget_keys()
            self.keys[key] = (link, time.monotonic() + TAB_KEY_SECONDS)
            path = f"/ws/{key}"
            log.info("web: a link of %s opened a tab%s", link.who, f" at table {link.table}" if link.table else "")
        return self._page(path=path)

    def _page(self, *, path: str = "", status: int = 200, note: str = "") -> web.Response:
        body = (self.page.replace("{{websocket_path}}", json.dumps(path))
                .replace("{{note}}", html.escape(note)).replace("{{font_size}}", str(FONT_SIZE)))
        return web.Response(text=body, status=status, content_type="text/html",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    def _forget_keys(self) -> None:
        now = time.monotonic()
        for key in [k for k, (_, until) in self.keys.items() if until < now]:
            del self.keys[key]

    # ------------------------------------------------------------------ the tabs
    async def guest_tab(self, request: web.Request) -> web.StreamResponse:
        self.guests += 1
        return await self._tab(request, f"{GUEST}{self.guests}")

    async def player_tab(self, request: web.Request) -> web.StreamResponse:
        self._forget_keys()
        link, _ = self.keys.pop(request.match_info["key"], (None, 0.0))
        if link is None:
            raise web.HTTPForbidden(text="this tab's key is used already or has expired: open your link again")
        return await self._tab(request, link.who, link.table)

    def home_of(self, who: str) -> tuple[Path, bool]:
        """The tab's home and whether it is a guest's (temporary)."""
        if is_guest(who):
            (self.where / GUESTS).mkdir(mode=0o700, exist_ok=True)
            return Path(tempfile.mkdtemp(prefix="guest-", dir=self.where / GUESTS)), True
        # a key's player's home is the SSH door's (players/NAME); a local login's is users/LOGIN (no "/" in either)
        home = self.where / PLAYERS / who.removeprefix(KEY).lower() if who.startswith(KEY) else self.where / USERS / who
        for sub in ("", "saves"):
            (home / sub).mkdir(mode=0o700, parents=True, exist_ok=True)
        return home, False

    async def _tab(self, request: web.Request, who: str, table: str = "") -> web.StreamResponse:
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        address = request.remote or ""
        full = ("the server has as many tabs open as it takes: try again in a moment" if len(self.tabs) >= TABS_LIMIT
                else f"{PER_ADDRESS} tabs are open from your address already: close one first"
                if sum(t.address == address for t in self.tabs) >= PER_ADDRESS else "")
        if full:
            await ws.prepare(request)
            await ws.close(message=full.encode())
            log.warning("web: a tab from %s refused: %s", address, full)
            return ws
        width = _clamp(request.query.get("width", "80"), 80, SIZE_LIMIT[0])
        height = _clamp(request.query.get("height", "24"), 24, SIZE_LIMIT[1])
        home, temporary = self.home_of(who)
        tab = Tab(self.command, who, home, self.where, self._take_spare() if self.warm else None, table,
                  write_bytes=ws.send_bytes, write_str=ws.send_str, close=ws.close, download_manager=self.downloads)
        tab.bound = lambda pid: self.doors.bind(pid, who)
        tab.address = address
        self.tabs.add(tab)
        self.sockets.add(ws)
        try:
            await ws.prepare(request)
            await tab.start(width, height)
            log.info("web: %s opened a tab (pid %s)", who, tab.pid)
            await self._relay(ws, tab)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.sockets.discard(ws)
            await self._end(tab)
            if tab.pid is not None:
                self.doors.unbind(tab.pid)
            self.tabs.discard(tab)
            if temporary:
                shutil.rmtree(home, ignore_errors=True)
            log.info("web: %s closed a tab", who)
        return ws

    async def _relay(self, ws: web.WebSocketResponse, tab: Tab) -> None:
        """The browser's keys, mouse, size, focus and pings, to the tab's process (textual-serve's envelopes)."""
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *rest = json.loads(message.data)
                data = rest[0] if rest else None
                if kind == "stdin" and isinstance(data, str):
                    await tab.send_bytes(data.encode("utf-8"))
                elif kind == "resize" and isinstance(data, dict):
                    await tab.set_terminal_size(_clamp(str(data.get("width")), 80, SIZE_LIMIT[0]),
                                                _clamp(str(data.get("height")), 24, SIZE_LIMIT[1]))
                elif kind == "ping" and isinstance(data, str):
                    await ws.send_json(["pong", data[:40]])
                elif kind == "blur":
                    await tab.blur()
                elif kind == "focus":
                    await tab.focus()
            except (ValueError, TypeError, RecursionError):
                continue  # not one of textual.js's envelopes (JSON nested 5,000 deep too): ignored

    async def _end(self, tab: Tab) -> None:
        """The tab is closed: hang up on its process, as a dropped SSH connection does (the game autosaves and the
        app exits); whatever is left of its group after QUIT_SECONDS is killed (no orphan)."""
        process = tab._process
        if process is None:  # it never started: a spare taken for it ends
            if tab.spare is not None:
                tab.spare.discard()
            return
        for sig in (signal.SIGHUP, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, sig)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_SECONDS)
                if sig == signal.SIGHUP:  # the group's stragglers too
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(process.pid, signal.SIGKILL)
                break
        if tab._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(tab._task, QUIT_SECONDS)
