"""Two players at a hosted table, each in a tmux pane: the keys they press (the same rule as seed_search.py), the
decision panel read off the screen, the host's codes read off its pane."""

from __future__ import annotations

import re
import time
from pathlib import Path

from e2e_terminal import PYTHON, Tmux

SEED = 33  # seed_search.py: a battle between the two humans in round 1 with these keys
SEATS = ("human", "human", "random")
ACTIVE = ("Land troops", "Move troops")  # `2` opens a landing or a move, `2` again takes it; `1` is Done
STABLE = 0.25  # seconds a screen must stay unchanged before a key: past the panel's key guard (0.2 s)
TERM = {"TERM": "xterm-256color"}
JOIN = re.compile(r"(seat \d+|spectators)\b[^\n]*\n\s*dune-tui join (\S+)")  # a seat's line, then its code's


def host_argv(save_dir: Path, log: Path, seed: int = SEED) -> list[str]:
    """The headless host, its log (stderr) in a file; its codes go to the pane."""
    seats = " ".join(f"--seat {s}" for s in SEATS)
    return ["sh", "-c", f"exec {PYTHON} -m dune_tui host --no-play {seats} --pause 0 --bots thread --seed {seed} "
                        f"--save-dir {save_dir} 2>{log}"]


def join_argv(code: str | None) -> list[str]:
    """`dune-tui join CODE`, or `dune-tui join` that asks for the code (None)."""
    return [PYTHON, "-m", "dune_tui", "join", *([code] if code else [])]


def panel(screen: str) -> list[str]:
    """The decision panel's lines: under its title, left of the log, above the footer."""
    lines = screen.splitlines()
    top = next((i for i, line in enumerate(lines) if line.startswith("─")), None)
    if top is None:
        return []
    column = lines[top].index("Log") - 1 if "Log" in lines[top] else 47  # a notice may cover the log's title
    return [line[:column].strip() for line in lines[top + 1:-1]]


def key_for(screen: str) -> str | None:
    """The key a player presses on this screen, if any (the same rule as seed_search.key_action)."""
    if "the commits are revealed" in screen:
        return "Enter"
    if "Your decision" not in screen:
        return None
    if "Seal commit" in screen:
        return "Enter"  # nothing committed
    if "1-7 Mark" in screen:
        return "a"
    lines = panel(screen)
    if lines and lines[0].startswith(ACTIVE) and any(line.startswith("2 ") for line in lines):
        return "2"
    return "1"


def in_commit(screen: str) -> bool:
    return "Your decision" in screen and "Seal commit" in screen


def battle_of(screen: str) -> str:
    """The commit form's question and battle: the prompt (it names the battle) and the troops there."""
    return " ".join(panel(screen)[:3])


class Player:
    """One pane's player: presses a key once the screen has settled, never twice on the same screen."""

    def __init__(self, tmux: Tmux, name: str) -> None:
        self.tmux, self.name = tmux, name
        self.screen = ""
        self.changed = time.monotonic()
        self.pressed_on = ""
        self.pressed_at = 0.0
        self.keys = 0

    def look(self) -> str:
        screen = self.tmux.screen(self.name)
        assert "Traceback" not in screen, screen
        if screen != self.screen:
            self.screen, self.changed = screen, time.monotonic()
        return screen

    @property
    def settled(self) -> bool:
        return time.monotonic() - self.changed >= STABLE

    @property
    def over(self) -> bool:
        return "Game over" in self.screen

    def press(self, key: str) -> None:
        self.tmux.keys(key, name=self.name)
        self.keys += 1
        self.pressed_on, self.pressed_at = self.screen, time.monotonic()

    def step(self) -> None:
        """Press the key for the screen last looked at, if it has settled and was not answered yet."""
        if not self.settled or self.over:
            return
        if self.screen == self.pressed_on and time.monotonic() - self.pressed_at < 4:
            return  # the last key is still on its way
        key = key_for(self.screen)
        if key is not None:
            self.press(key)

    def wait(self, condition, what: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.look()
            if condition(screen):
                return screen
            time.sleep(0.02)
        raise AssertionError(f"{self.name}: {what} not on the screen within {timeout} s:\n{self.screen}")


def play(players: list[Player], at_battle, stop=None, limit: float = 150.0):
    """Both players press their keys until both see the game over (or `stop()`).  The first time both
    commit forms are open (a commit form waits up to 3 s for the other's), `at_battle()` runs instead of
    the keys, once; its result is returned (None if the humans never met in a battle).  (A whole game takes
    50-75 s on 2 busy cores; `limit` only catches a stuck game.)"""
    battle = None
    end = time.monotonic() + limit
    while not all(p.over for p in players) and not (stop and stop()):
        assert time.monotonic() < end, f"no game over within {limit} s:\n" + "\n".join(p.screen for p in players)
        for p in players:
            p.look()
        if battle is None and all(p.settled and in_commit(p.screen) for p in players):
            battle = at_battle()
            continue
        for p in players:
            if battle is None and in_commit(p.screen) and time.monotonic() - p.changed < 3:
                continue
            p.step()
        time.sleep(0.02)
    return battle


def read_codes(tmux: Tmux) -> dict[str, str]:
    screen = tmux.wait_for("spectators", name="host", timeout=30)
    return dict(JOIN.findall(screen))


def host_log(path: Path) -> str:
    return path.read_text() if path.exists() else ""


def wait_until(condition, what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never happened within {timeout} s: {what}")
        time.sleep(0.05)
