"""A real browser at the server's browser front door: Debian's Chromium, driven by Playwright (never a browser
Playwright downloads), and the screen read back from the page's own terminal (xterm.js's buffer: what it draws).

    with web_server(tmp_path) as (url, log):
        with Browser() as browser:
            tab = browser.tab(url)
            tab.wait_for("New game")
            tab.keys("n")
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("DUNE_TUI_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

# textual.js keeps its xterm.js terminal in a closure; a setter on Object.prototype catches the moment it is
# stored (`this.terminal = new Terminal(...)`) and keeps it where the test can read its buffer.
HOOK = """
Object.defineProperty(Object.prototype, "terminal", {configurable: true,
  set(v) { Object.defineProperty(this, "terminal", {value: v, writable: true, configurable: true, enumerable: true});
           if (v && v.buffer) window.__terminal = v; },
  get() { return undefined; }});
"""
SCREEN = """() => { const t = window.__terminal; if (!t) return "";
  const b = t.buffer.active, out = [];
  for (let y = 0; y < t.rows; y++) {
    const l = b.getLine(b.viewportY + y); out.push(l ? l.translateToString(true, 0, t.cols) : ""); }
  return out.join("\\n"); }"""


def browser_missing() -> str:
    """Why the browser tests cannot run here, or ""."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (Debian's package `chromium`)"
    return ""


needs_browser = pytest.mark.skipif(bool(browser_missing()), reason=browser_missing() or "ok")


@contextlib.contextmanager
def web_server(workdir: Path, *extra: str):
    """`dune-tui serve --web 0` in a directory of its own: yields its page's address and its log file."""
    state = Path(tempfile.mkdtemp(prefix="dt-")) / "s"  # short: a Unix socket's path is at most 107 bytes
    state.parent.chmod(0o711)  # other users reach the server's sockets by name (the server's directory is 0711)
    log = workdir / "server.log"
    env = {**os.environ, "DUNE_TUI_SAVE_DIR": str(workdir / "saves")}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "dune_tui", "serve", "--state-dir", str(state), "--web", "0",
                                 "--bots", "thread", *extra], stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end:
            if found := re.search(r"front door is open at (http://\S+)", log.read_text()):
                break
            assert proc.poll() is None, log.read_text()
            time.sleep(0.05)
        else:
            raise AssertionError(f"the server did not open its browser front door:\n{log.read_text()}")
        yield found.group(1), log
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(state.parent, ignore_errors=True)


class Tab:
    def __init__(self, page) -> None:
        self.page = page

    def screen(self) -> str:
        return self.page.evaluate(SCREEN)

    def size(self) -> tuple[int, int]:
        return tuple(self.page.evaluate("() => window.__terminal ? [window.__terminal.cols, window.__terminal.rows]"
                                        " : [0, 0]"))

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        """The screen once it shows one of `texts`."""
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            assert "Traceback" not in screen, screen
            if any(t in screen for t in texts):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"none of {texts} within {timeout} s:\n{screen}")

    def wait_until(self, check, what: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if check(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"no screen where {what} within {timeout} s:\n{screen}")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def click_text(self, text: str, offset: int = 0) -> None:
        """A mouse click on the cell where `text` is drawn (its first character, moved `offset` cells)."""
        lines = self.wait_for(text).split("\n")
        row = next(y for y, line in enumerate(lines) if text in line)
        column = lines[row].index(text) + offset
        box = self.page.locator(".xterm-screen").bounding_box()
        cols, rows = self.size()
        self.page.mouse.click(box["x"] + (column + 0.5) * box["width"] / cols,
                              box["y"] + (row + 0.5) * box["height"] / rows)


class Browser:
    def __enter__(self):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.outside: list[str] = []  # every request to another address than the server's
        return self

    def tab(self, url: str, *, width: int = 1280, height: int = 800) -> Tab:
        page = self.browser.new_page(viewport={"width": width, "height": height})
        origin = re.match(r"https?://[^/]+", url).group(0)
        page.on("request", lambda r: None if r.url.startswith((origin, "data:")) else self.outside.append(r.url))
        page.add_init_script(HOOK)
        page.goto(url)
        tab = Tab(page)
        page.wait_for_function("() => window.__terminal", timeout=20_000)
        page.locator(".xterm-helper-textarea").focus()
        return tab

    def __exit__(self, *exc) -> None:
        self.browser.close()
        self._playwright.stop()


# A stdlib client, for a user who cannot run this checkout's Python: one frame to the control socket, the answer's
# bytes back as hex.
ASKER = """
import socket, struct, sys
s = socket.socket(socket.AF_UNIX); s.settimeout(10); s.connect(sys.argv[1]); s.sendall(bytes.fromhex(sys.argv[2]))
data = b""
while len(data) < 4 or len(data) < 4 + struct.unpack(">I", data[:4])[0]:
    chunk = s.recv(65536)
    if not chunk: break
    data += chunk
print(data[4:].hex())
"""


def link_as(user: str, where: Path) -> str:
    """The one-time link that `user` (another Unix user) gets from the server: a MakeLink asked from a process of
    theirs (the kernel says who asks)."""
    import msgspec

    from dune_tui.server import control

    runner = shutil.which("setpriv")
    if runner is None or os.getuid() != 0:
        pytest.skip("another user's link needs root and setpriv")
    out = subprocess.run([runner, f"--reuid={user}", f"--regid={user}" if user != "nobody" else "--regid=nogroup",
                          "--clear-groups", "/usr/bin/python3", "-c", ASKER, str(where / "control.sock"),
                          control.frame(control.MakeLink()).hex()], capture_output=True, text=True, timeout=20)
    assert out.returncode == 0, out.stderr
    answer = msgspec.msgpack.decode(bytes.fromhex(out.stdout.strip()), type=control.Answer)
    assert isinstance(answer, control.Done), answer
    return answer.text


def server_dir(log: Path) -> Path:
    return Path(re.search(r"serving \d+ tables? in (\S+) ", log.read_text()).group(1))


def play_turn(tab: Tab, mine: str, limit: int = 40) -> str:
    """Take the highlighted choice of each decision (keep all dice on a roll) until the header says another side
    is to play; the screen then."""
    screen = tab.screen()
    pressed = 0
    while to_play(screen) in ("", mine):
        if "Your decision" in screen or "Press Enter" in screen:
            before = screen
            for tries in range(3):  # a key within the decision panel's guard (DecisionPanel.GUARD) is not taken
                tab.keys("a" if "a Keep all" in screen else "Enter")
                pressed += 1
                try:
                    screen = tab.wait_until(lambda s, b=before: s != b, "the decision is taken", timeout=4)
                    break
                except AssertionError:
                    if tries == 2:
                        raise
        else:
            time.sleep(0.05)
            screen = tab.screen()
        assert pressed < limit, screen
    return screen


def to_play(screen: str) -> str:
    """Whose turn the board's header says ("F Fremen")."""
    found = re.search(r"· (\S+ [^·]+?) to play", screen)
    return found.group(1) if found else ""
