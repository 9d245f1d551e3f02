"""A hosted table in real terminals: tmux runs `dune-tui host --no-play` (two human seats, a bot in the third,
a fixed seed) and two `dune-tui join CODE` panes at 80x24.  Both humans play the whole game by key presses
(seed_search.py found a seed where the keys lead the two humans into a battle against each other).  At that
battle, while both commit forms are open, one client is killed with SIGKILL; the other screen and the host's
log say the seat is away; `dune-tui join` in the same pane, the same code typed at its prompt, brings the
commit form back, and the game goes on to the end.  No Traceback anywhere, and the host's save holds the
finished game."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pytest
from e2e_players import TERM, Player, battle_of, host_argv, host_log, in_commit, join_argv, play, read_codes, wait_until
from e2e_terminal import Tmux, have

from dune_tui import saves

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]


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
    assert "run `dune-tui join` alone" in tmux.screen("host")  # the hint for a shared machine
    tmux.start(join_argv(codes["seat 1"]), env=TERM, name="ann")
    tmux.start(join_argv(codes["seat 2"]), env=TERM, name="bob")
    ann, bob = Player(tmux, "ann"), Player(tmux, "bob")
    battle = play([ann, bob], lambda: kill_and_rejoin(tmux, ann, bob, codes["seat 2"], log))
    played = time.monotonic() - started
    assert battle is not None, "the two humans never met in a battle"
    assert battle[0] == battle[1], "both commit forms were for the same battle"
    for p in (ann, bob):
        p.wait(lambda s: "New game" in s or " q " in s.splitlines()[-1], "the game-over footer")
        assert "Winner" in p.screen or "Nobody wins" in p.screen
        p.press("q")
    for name in ("ann", "bob"):
        wait_until(lambda n=name: tmux.pane("#{pane_dead}", n) == "1", f"{name}'s client leaving")
    wait_until(lambda: tmux.pane("#{pane_dead}", "host") == "1", "the host ending after its clients left", 40)
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
    wait_until(lambda: re.search(r"seat 2 \(.*\) left", host_log(log)), "the host's log saying seat 2 left")
    ann.wait(lambda s: "is away" in s, "the notice that seat 2 is away")
    ann.press("Enter")  # Ann seals her commit while Bob is away
    ann.wait(lambda s: "Waiting for seat 2" in s and "(away)" in s, "Ann waiting for Bob, away")
    tmux.respawn(join_argv(None), env=TERM, name="bob")  # this time the code is typed at the prompt
    tmux.wait_for("Join code", name="bob")
    tmux.keys("-l", bob_code, name="bob")
    tmux.keys("Enter", name="bob")
    assert bob_code not in Path(f"/proc/{tmux.pid('bob')}/cmdline").read_text(), "the code is out of `ps`"
    screen = bob.wait(in_commit, "Bob's commit form after the rejoin")
    bob.wait(lambda s: "have sealed theirs" in s, "the other side's sealed note")
    assert battle_of(screen) == battle[1], "the rejoined screen is the commit form of the same battle"
    return battle
