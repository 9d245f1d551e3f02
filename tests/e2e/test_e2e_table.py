"""A hosted table in real terminals: tmux runs `dune-tui host --no-play` (two human seats, a bot in the third,
a fixed seed) and two `dune-tui join CODE` panes at 80x24.  Both humans play the whole game by key presses
(seed_search.py found a seed where the keys lead the two humans into a battle against each other).  At that
battle, while both commit forms are open, one client is killed with SIGKILL; the other screen and the host's
log say the seat is away; the same join command in the same pane brings the commit form back, and the game
goes on to the end.  No Traceback anywhere, and the host's save holds the finished game."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pytest
from e2e_terminal import PYTHON, Tmux, have

from dune_tui import saves

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]

SEED = 33  # seed_search.py: a battle between the two humans in round 1 with these keys
SEATS = ("human", "human", "random")
ACTIVE = ("Land troops", "Move troops")  # `2` lands or moves; `1` is Done (seed_search.key_action)
STABLE = 0.3  # seconds a screen must stay unchanged before a key: past the panel's key guard (0.2 s)
TERM = {"TERM": "xterm-256color"}
JOIN = re.compile(r"(seat \d+|spectators)\b.*?dune-tui join (\S+)")


def host_argv(save_dir: Path, log: Path, seed: int = SEED) -> list[str]:
    """The headless host, its log (stderr) in a file; its codes go to the pane."""
    seats = " ".join(f"--seat {s}" for s in SEATS)
    return ["sh", "-c", f"exec {PYTHON} -m dune_tui host --no-play {seats} --pause 0 --bots thread --seed {seed} "
                        f"--save-dir {save_dir} 2>{log}"]


def join_argv(code: str) -> list[str]:
    return [PYTHON, "-m", "dune_tui", "join", code]


def panel(screen: str) -> list[str]:
    """The decision panel's lines: under its title, left of the log, above the footer."""
    lines = screen.splitlines()
    top = next((i for i, line in enumerate(lines) if line.startswith("─") and "Log" in line), None)
    if top is None:
        return []
    column = lines[top].index("Log") - 1
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
        self.look()
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


def read_codes(tmux: Tmux) -> dict[str, str]:
    screen = tmux.wait_for("spectators", name="host", timeout=30)
    return dict(JOIN.findall(screen))


def host_log(path: Path) -> str:
    return path.read_text() if path.exists() else ""


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path)
    yield t
    t.kill()


def test_two_joined_terminals_play_a_whole_game_with_a_sealed_battle_and_a_rejoin(tmux, tmp_path):
    started = time.monotonic()
    save_dir, log = tmp_path / "saves", tmp_path / "host.log"
    tmux.start(host_argv(save_dir, log), name="host", width=200)
    codes = read_codes(tmux)
    assert set(codes) == {"seat 1", "seat 2", "spectators"}
    tmux.start(join_argv(codes["seat 1"]), env=TERM, name="ann")
    tmux.start(join_argv(codes["seat 2"]), env=TERM, name="bob")
    ann, bob = Player(tmux, "ann"), Player(tmux, "bob")
    battle: tuple[str, str] | None = None
    end = time.monotonic() + 80
    while not (ann.over and bob.over):
        assert time.monotonic() < end, f"no game over within 80 s:\n{ann.screen}\n{bob.screen}"
        ann.look(), bob.look()
        if battle is None and all(p.settled and in_commit(p.screen) for p in (ann, bob)):
            battle = kill_and_rejoin(tmux, ann, bob, codes["seat 2"], log)
            continue
        for p in (ann, bob):  # until the battle, a commit form waits a little for the other's to open
            if battle is None and in_commit(p.screen) and time.monotonic() - p.changed < 3:
                continue
            p.step()
        time.sleep(0.02)
    played = time.monotonic() - started
    assert battle is not None, "the two humans never met in a battle"
    assert battle[0] == battle[1], "both commit forms were for the same battle"
    for p in (ann, bob):
        p.wait(lambda s: "New game" in s or " q " in s.splitlines()[-1], "the game-over footer")
        assert "Winner" in p.screen or "Nobody wins" in p.screen
        p.press("q")
    for name in ("ann", "bob"):
        _wait(lambda n=name: tmux.pane("#{pane_dead}", n) == "1", f"{name}'s client leaving")
    _wait(lambda: tmux.pane("#{pane_dead}", "host") == "1", "the host ending after its clients left", 40)
    text = host_log(log)
    assert "Traceback" not in text and "Traceback" not in tmux.screen("host"), text
    assert "the game is over" in text
    game = saves.load(saves.latest_autosave(save_dir))
    assert game.state.over
    assert ann.keys + bob.keys >= 40, "a real game was played by keys"
    print(f"whole game in {played:.1f} s; {ann.keys} + {bob.keys} keys; the end {time.monotonic() - started:.1f} s")


def kill_and_rejoin(tmux: Tmux, ann: Player, bob: Player, bob_code: str, log: Path) -> tuple[str, str]:
    """Both commit forms are open: kill Bob's client, see him away, Ann seals, Bob rejoins to his form."""
    battle = (battle_of(ann.screen), battle_of(bob.screen))
    assert "battle in" in battle[0], battle
    os.kill(tmux.pid("bob"), signal.SIGKILL)
    _wait(lambda: re.search(r"seat 2 \(.*\) left", host_log(log)), "the host's log saying seat 2 left")
    ann.wait(lambda s: "is away" in s, "the notice that seat 2 is away")
    ann.press("Enter")  # Ann seals her commit while Bob is away
    ann.wait(lambda s: "Waiting for seat 2" in s and "(away)" in s, "Ann waiting for Bob, away")
    tmux.respawn(join_argv(bob_code), env=TERM, name="bob")
    screen = bob.wait(in_commit, "Bob's commit form after the rejoin")
    bob.wait(lambda s: "have sealed theirs" in s, "the other side's sealed note")
    assert battle_of(screen) == battle[1], "the rejoined screen is the commit form of the same battle"
    return battle


def _wait(condition, what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never happened within {timeout} s: {what}")
        time.sleep(0.05)
