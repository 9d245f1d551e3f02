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
