"""`dune-tui host --no-play` in a child process, joined over loopback: a whole game by two joined humans;
SIGTERM saves, `host --load` resumes with new codes (the old ones no longer open it)."""

from __future__ import annotations

import asyncio
import re
import signal
import sys

from net_helpers import Player, until

from dune_tui import saves
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.table.messages import GameOver, Welcome

SEAT = re.compile(r"^  (seat \d+|spectators)\b.*:$")  # a seat's line; its join command is the next line
JOIN = re.compile(r"^    dune-tui join (\S+)$")


async def start_host(*args: str, save_dir) -> tuple[asyncio.subprocess.Process, dict[str, str]]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "dune_tui", "host", "--no-play", "--pause", "0", "--bots", "thread",
        "--save-dir", str(save_dir), *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    found: dict[str, str] = {}
    seat = None
    while "spectators" not in found:
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode().rstrip("\n")
        assert line, f"the host printed no codes: {(await proc.stderr.read()).decode()}"
        assert len(line) <= 79, f"{line!r} wraps in an 80-column terminal"
        if (match := SEAT.match(line)) is not None:
            seat = match.group(1)
        elif (match := JOIN.match(line)) is not None:
            found[seat] = match.group(1)
    return proc, found


async def seats_1_and_2_play_to_the_end(proc, codes: dict[str, str]) -> tuple[int, str, Player, Player]:
    """Seats 1 and 2 of a started host joined by clients answering at random until both hear the end; then they
    leave and the host exits. Returns its exit status, its log (stderr) and the two clients."""
    ann = Player(await RemoteTable.join(codes["seat 1"]), answer=True, seed=1)
    bob = Player(await RemoteTable.join(codes["seat 2"]), answer=True, seed=2)
    await until(lambda: ann.of(GameOver) and bob.of(GameOver), "the end", limit=120_000)
    ann.remote.close()
    bob.remote.close()
    status = await asyncio.wait_for(proc.wait(), 60)
    return status, (await proc.stderr.read()).decode(), ann, bob


def test_a_headless_host_is_played_to_the_end_by_two_joined_terminals(save_dir):
    async def main():
        proc, codes = await start_host("--seat", "human", "--seat", "human", "--seat", "random", "--seed", "21",
                                       save_dir=save_dir)
        assert set(codes) == {"seat 1", "seat 2", "spectators"}
        return await seats_1_and_2_play_to_the_end(proc, codes)

    status, log, ann, _ = asyncio.run(main())
    assert status == 0, log
    assert "seat 1 joined" in log and "the game is over" in log
    game = saves.load(saves.latest_autosave(save_dir))
    assert game.state.over and ann.of(GameOver)[0].decisions == len(game.log)


def test_sigterm_saves_and_host_load_resumes_with_new_codes(save_dir):
    async def main():
        proc, codes = await start_host("--seat", "human", "--seat", "random", "--seed", "4", save_dir=save_dir)
        ann = Player(await RemoteTable.join(codes["seat 1"]), answer=True, seed=1)
        await until(lambda: len([m for m in ann.got if type(m).__name__ == "Closed"]) >= 3, "a few decisions")
        ann.answer = False
        proc.send_signal(signal.SIGTERM)
        status = await asyncio.wait_for(proc.wait(), 60)
        err = (await proc.stderr.read()).decode()
        reason = await asyncio.wait_for(ann.remote.wait_closed(), 30)
        path = re.search(r"dune-tui host --load (\S+)", err).group(1)
        proc2, codes2 = await start_host("--load", path, save_dir=save_dir)
        try:
            await RemoteTable.join(codes2["seat 1"].rsplit("/", 1)[0] + "/" + codes["seat 1"].rsplit("/", 1)[1])
        except JoinRefused as e:
            old = str(e)
        again = Player(await RemoteTable.join(codes2["seat 1"]))
        welcome = again.of(Welcome)[0]
        proc2.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc2.wait(), 60)
        return status, err, reason, path, codes, codes2, old, welcome

    status, err, reason, path, codes, codes2, old, welcome = asyncio.run(main())
    assert status == 0 and "saving the game" in err
    assert "host has closed" in reason
    assert codes2["seat 1"] != codes["seat 1"]
    assert "wrong code" in old, "the old code does not open the resumed table"
    assert welcome.resumed and welcome.decisions == len(saves.load(path).log) > 0


def test_join_without_a_code_asks_for_it_unechoed_out_of_sight_of_ps(monkeypatch):
    from dune_tui import ui
    from dune_tui.cli import main
    from dune_tui.commands import host as commands
    from dune_tui.commands import play

    asked, joined = [], []
    monkeypatch.setattr(ui, "has_terminal", lambda: True)
    monkeypatch.setattr(commands.getpass, "getpass", lambda prompt: asked.append(prompt) or "127.0.0.1:9/abc")
    monkeypatch.setattr(play, "join_and_play", lambda code: joined.append(code) or 0)
    assert main(["join"]) == 0
    assert asked and "Join code" in asked[0] and joined == ["127.0.0.1:9/abc"]
    monkeypatch.setattr(commands.getpass, "getpass", lambda prompt: (_ for _ in ()).throw(EOFError))
    assert main(["join"]) == 2
