"""The game in a plain terminal (issue 25): TERM=xterm (8 colours) and NO_COLOR=1 at 80x24 in tmux.  What the
pane shows as text alone — the map with its zones, the storm, troops by faction letter, the lit regions' keys and
the map cursor, the dice faces, the houses — is the whole game; no colour but greys reaches the terminal."""

from __future__ import annotations

import re
import time

import pytest
from e2e_terminal import PYTHON, Tmux, game_command, have

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]

PLAIN = {"TERM": "xterm", "NO_COLOR": "1"}
MAP_KEYS = "←↑↓→ Move"  # the footer while the map has the keys
MAP_ROWS = slice(1, 12)
MAP_WIDTH = 47  # at 80 columns; the house cards are on its right
DICE_ROWS = slice(12, 15)
HUE = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[1-6]|4[1-6]|9[1-6]|10[1-6]|[34]8;[25];[0-9;]*)m")  # not a grey


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path, 80, 24)
    yield t
    t.kill()


def rows(screen: str, part: slice, cols: slice = slice(None)) -> str:
    return "\n".join(line[cols] for line in screen.splitlines()[part])


def drawn_map(screen: str) -> str:
    return rows(screen, MAP_ROWS, slice(MAP_WIDTH))


def settled(tmux: Tmux, text: str) -> str:
    """The screen once `text` is on it and the footer's keys are drawn."""
    tmux.wait_for(text)
    return tmux.wait_for("? Help")


def to_a_region_decision(tmux: Tmux, limit: float = 60.0) -> str:
    """Answer with default keys (keep all dice; the highlighted option) until the map lights regions; each
    time once the footer shows the form's keys (a new question takes none for a moment, and has no focus)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        screen = tmux.screen()
        assert "Traceback" not in screen and "Game over" not in screen, screen
        footer = screen.rstrip().splitlines()[-1] if screen.strip() else ""
        if "Your decision" in screen and ("1-9 Pick" in footer or "1-7 Mark" in footer):  # past the key guard
            if re.search(r"\[\d", drawn_map(screen)):
                time.sleep(0.5)  # the footer may lag a frame behind: make sure the list has the keys
                again = tmux.screen()
                if again == screen or ("1-9 Pick" in again and re.search(r"\[\d", drawn_map(again))):
                    return again
                continue
            tmux.keys("a" if "1-7 Mark" in screen else "Enter")
            changed = time.monotonic() + 3.0
            while time.monotonic() < changed and tmux.screen() == screen:
                time.sleep(0.02)
        else:
            time.sleep(0.02)
    raise AssertionError(f"no decision about regions within {limit} s:\n{tmux.screen()}")


def test_the_board_reads_from_letters_alone_with_term_xterm_and_no_color(tmux, tmp_path):
    tmux.start(game_command(PYTHON, str(tmp_path / "saves")), env=PLAIN)
    settled(tmux, "Your decision")
    screen = tmux.wait_for("Polar Sink")  # the map (a loaded machine drew the panel and its footer a frame first)
    assert not HUE.search(tmux.run("capture-pane", "-p", "-e", "-t", "game")), "NO_COLOR: greys only"
    board = drawn_map(screen)
    for zone in range(1, 7):
        assert re.search(rf"[╭┬├┤]{zone}[─ ]", board) or f"{zone} ≋" in board or f"{zone}≋" in board, zone
    assert "≋STORM" in board and "░" in board, "the storm's zone by its word and its shading"
    assert "Polar Sink" in board
    houses = re.findall(r"[ ▶]([A-Z]) (Atreides|Harkonnen|Fremen|Tleilaxu|Corrino|Guild|Bene|Smugglers)",
                        rows(screen, slice(1, 4), slice(MAP_WIDTH, None)))
    letters = {letter for letter, _ in houses}
    assert len(letters) == 2, "each house by its letter and name"
    troops = re.findall(r"(?<![A-Za-z])([A-Z])(\d+)(?:\+\d+s)?(?![a-z])", board)
    assert troops and {letter for letter, _ in troops} <= letters, "troops by their house's letter and count"
    dice = rows(screen, DICE_ROWS)
    # the four faction dice, by their kind (one showing a faction nobody plays says "absent" instead)
    assert dice.count("faction") + dice.count("absent") == 4
    assert "region" in dice and "spice" in dice and "Kanly" in dice
    assert re.search(r"\d (East|West)", dice), "the region die: its zone and the storm's way"
    assert any(f"{letter} " in dice for letter in letters | {"A", "B", "C", "F", "G", "H", "S", "T"})
    assert "rerolls:" in dice and "up to 6" in dice

    screen = to_a_region_decision(tmux)
    board = drawn_map(screen)
    keys = re.findall(r"\[(\d)[\],…]", board)
    assert keys, board
    for key in keys:
        assert re.search(rf"^ {key} \S", screen, re.M), f"the lit key [{key}] is an option of the list"
    tmux.keys("BTab")  # shift+Tab: the map takes the keys
    screen = tmux.wait_for(MAP_KEYS)
    board = drawn_map(screen)
    assert board.count("▶[") == 1 and "┃" in board, "the cursor: ▶ before the region's key, a heavy frame"
    assert "⏎ Pick" in screen.splitlines()[-1] or "⏎ Pick" in screen
    tmux.keys("Right", "Down", "Left", "Up")
    tmux.keys("Enter")
    end = time.monotonic() + 10
    while MAP_KEYS in tmux.screen() and time.monotonic() < end:
        time.sleep(0.05)
    assert MAP_KEYS not in tmux.screen(), "Enter on the map answered the decision: the keys are the list's again"
