"""The browser front door in a real browser (issue 44): `dune-tui serve --web` with Debian's Chromium driven by
Playwright. A tab shows the main menu, a solo game against a bot is set up by keys and a click, the player's whole
first turn is played by clicks and keys, and the screen follows a resize of the window; two players, each in a tab
opened by their own one-time link (`dune-tui link`, the kernel saying who asks), sit at one table of the server and
see each other's moves. Nothing is fetched from anywhere but the server."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from e2e_browser import Browser, link_as, needs_browser, play_turn, server_dir, to_play, web_server

from dune_tui.games.dune import Options
from dune_tui.net.identity import my_login
from dune_tui.seats import seat_config
from dune_tui.server import control
from dune_tui.session import Session
from tests.server.test_daemon import save_of

pytestmark = [pytest.mark.e2e, needs_browser]


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
        tab.wait_until(lambda s: "Keep at least one die" not in s, "the roll is over")
        screen = play_turn(tab, mine)  # the rest of the turn: the highlighted choice of each decision
        assert to_play(screen) and to_play(screen) != mine  # the turn passed to the bot

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


def log_lines(screen: str) -> list[str]:
    """The log panel's lines (right of the board, below its "Log" rule)."""
    lines = screen.split("\n")
    top = next(i for i, line in enumerate(lines) if "Log─" in line)
    column = lines[top].index("Log─") - 1
    return [line[column:].strip() for line in lines[top + 1:] if line[column:].strip()]


def test_two_players_in_two_tabs_at_one_table_see_each_others_moves(tmp_path):
    me = my_login()
    with web_server(tmp_path) as (_, log), Browser() as browser:
        where = server_dir(log)
        game = Session(Options(players=2, seed=7), [seat_config(f"user:{me}"), seat_config("user:nobody")],
                       bots_secret=7)
        assert isinstance(control.ask(where, control.OpenTable(save=save_of(game), pause=0)), control.Opened)
        asked = subprocess.run([sys.executable, "-m", "dune_tui", "link"], capture_output=True, text=True,
                               env={**os.environ, "DUNE_TUI_SERVER": str(where)}, timeout=30)
        assert asked.returncode == 0 and "once" in asked.stderr, asked
        mine, theirs = asked.stdout.strip(), link_as("nobody", where)
        tabs = [browser.tab(mine, width=1100, height=760), browser.tab(theirs, width=1100, height=760)]
        for tab in tabs:
            tab.wait_for("New game")
            tab.keys("t")
            tab.wait_for(f"{me}'s table")
            tab.keys("Enter")
        host, guest = tabs
        assert "you" in host.wait_for("nobody, seat 2") and f"{me}, seat 1" in guest.wait_for(f"{me}, seat 1")

        # nobody's setup, by a key in their tab: root's tab shows it in its log
        option = re.compile(r"^ 2 (\w[\w']*(?: \w[\w']*)*)", re.M)  # the second choice (the log is beside it)
        choice = guest.wait_until(lambda s: "Your decision as [H] Harkonnen" in s and option.search(s),
                                  "nobody's setup asks for a region")
        region = option.search(choice).group(1)
        guest.keys("2")
        seen = host.wait_until(lambda s: any(line.startswith("Harkonnen setup") for line in log_lines(s)),
                               "root's tab logs nobody's setup")
        assert region in " ".join(log_lines(seen)), seen
        assert "Great Flat" in guest.wait_for("Great Flat │")  # (and the board moved in both)

        # root's roll, kept whole by a key in their tab: nobody's tab moves on past the roll with it
        host.wait_for("Your decision as [C] Corrino")
        host.wait_for("a Keep all")
        before = log_lines(guest.wait_for("Waiting for seat 1 [C] Corrino"))
        host.keys("a")
        seen = guest.wait_until(lambda s: "▶roll" not in s and log_lines(s) != before,
                                "nobody's tab shows root's roll kept and the turn moving on")
        assert "Traceback" not in seen
    text = log.read_text()
    assert f"seat 1 joined from {me}" in text and "seat 2 joined from nobody" in text


def test_a_table_s_link_opens_the_tab_at_the_table_and_leaving_it_shows_the_menu(tmp_path):
    """Issue 44 (board ≤ 2 s after navigation): a link made for a table (`dune-tui link TABLE`) opens the tab's
    process at that table, the board its first screen, never the menu; leaving the table shows the main menu, the
    tab still the player's."""
    me = my_login()
    with web_server(tmp_path) as (_, log), Browser() as browser:
        where = server_dir(log)
        game = Session(Options(players=2, seed=11), [seat_config(f"user:{me}"), seat_config("heuristic")],
                       bots_secret=11)
        opened = control.ask(where, control.OpenTable(save=save_of(game), pause=0))
        asked = subprocess.run([sys.executable, "-m", "dune_tui", "link", opened.table], capture_output=True,
                               text=True, env={**os.environ, "DUNE_TUI_SERVER": str(where)}, timeout=30)
        assert asked.returncode == 0, asked
        tab = browser.tab(asked.stdout.strip(), width=1100, height=760)
        first = tab.wait_for("Arrakis", "New game", "Tables on this server")
        assert "Arrakis" in first and "New game" not in first, first  # the board first: no menu on the way
        assert re.search(r"Corrino +you", tab.wait_for("Your decision as [C] Corrino"))  # the player's seat
        tab.keys("q")
        tab.wait_for("back to the main menu")
        tab.keys("y")
        assert "Tables on this server" in tab.wait_for("New game")
    assert f"seat 1 joined from {me}" in log.read_text()
