"""The browser front door in a real browser (issue 44): `dune-tui serve --web` with Debian's Chromium driven by
Playwright. A tab shows the main menu, a solo game against a bot is set up by keys and a click, the player's whole
first turn is played by clicks and keys, and the screen follows a resize of the window. Nothing is fetched from
anywhere but the server."""

from __future__ import annotations

import re

import pytest
from e2e_browser import Browser, needs_browser, web_server

pytestmark = [pytest.mark.e2e, needs_browser]


def to_play(screen: str) -> str:
    """Whose turn the board's header says ("F Fremen")."""
    found = re.search(r"· (\S+ [^·]+?) to play", screen)
    return found.group(1) if found else ""


def test_a_solo_game_in_a_browser_tab(tmp_path):
    with web_server(tmp_path) as (url, log), Browser() as browser:
        tab = browser.tab(url)
        menu = tab.wait_for("New game")
        assert "Tables on this server" in menu
        tab.keys("n")
        tab.wait_for("seed:")
        tab.keys("ArrowLeft")  # two players: the player and one bot
        tab.wait_for("◀ 3 ▶")
        tab.keys("ArrowLeft")
        tab.wait_for("◀ 2 ▶")
        tab.click_text("seed:", 2)  # the seed's field, by the mouse
        tab.type("7")
        tab.wait_for("▊  7 ")
        tab.keys("Enter")
        first = tab.wait_for("Your decision", timeout=30)
        assert "Arrakis" in first and "Keep at least one die" in first
        mine = to_play(first)
        assert mine, first

        tab.click_text("╭6")  # a click on the spice die marks it: the decision panel forecasts the spice
        tab.wait_for("Spice: ")
        tab.keys("a")  # keep all, end the roll
        pressed = 0
        screen = tab.wait_until(lambda s: "Keep at least one die" not in s, "the roll is over")
        while to_play(screen) == mine:  # the rest of the turn: the highlighted choice of each decision
            if "Your decision" in screen or "Press Enter" in screen:
                tab.keys("Enter")
                pressed += 1
                before = screen
                screen = tab.wait_until(lambda s, b=before: s != b, "the decision is taken", timeout=10)
            else:
                screen = tab.screen()
            assert pressed < 40, screen
        assert to_play(screen) and to_play(screen) != mine  # the turn passed to the bot
        assert "Traceback" not in screen

        width, height = tab.size()
        tab.page.set_viewport_size({"width": 900, "height": 640})
        tab.wait_until(lambda s: tab.size()[0] < width, "the terminal is narrower")
        narrow, rows = tab.size()
        tab.wait_until(lambda s: "Arrakis" in s and any(len(line) == narrow and line[0] == line[-1] == "─"
                                                        for line in s.split("\n")),
                       "the board is drawn to the new width (the decision panel's rule from edge to edge)")
        assert rows < height
        assert browser.outside == []  # nothing fetched from anywhere else
    assert "guest:1 opened a tab" in log.read_text()
