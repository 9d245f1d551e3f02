"""Issue 43: the server's store keeps every chat line where it was said: a line to one's ally too, shown again after a
restart to the two allies only (never a third player or a watcher), and the watchers' lines apart from the
players' (a Welcome's players' lines are never pushed out by watchers')."""

from __future__ import annotations

import asyncio

from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.net.identity import my_login
from dune_tui.server import control
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import SPECTATOR, Chat
from tests.server.test_daemon import save_of, started, until, where  # noqa: F401 (where: a fixture)
from tests.server.test_manage import as_login  # noqa: F401 (a fixture)
from tests.sessions import play_until

LOGINS = ("ann", "bob", "cid", "dee")


def allied_game() -> tuple[list[SeatConfig], int, tuple[int, int], int]:
    """Four humans, each seat kept for its login, stopped where the active player has an ally: (seats, seed,
    (active, ally), a third seat)."""
    seats = [SeatConfig(kind="human", login=login) for login in LOGINS]
    for seed in range(1, 60):
        game = Session(Options(players=4, seed=seed), list(seats), bots_secret=seed)
        try:
            play_until(game, lambda s: s.turn > 0 and s.ally >= 0 and not s.over, seed=seed)
        except AssertionError:
            continue
        s = game.state
        pair = (s.active, s.faction_seat[s.ally])
        return seats, seed, pair, min({0, 1, 2, 3} - set(pair))
    raise AssertionError("no alliance in 60 games")


async def test_a_line_to_my_ally_is_kept_and_shown_again_to_the_allies_only_after_a_restart(where, as_login):  # noqa: F811
    seats, seed, (active, ally), third = allied_game()
    game = Session(Options(players=4, seed=seed), list(seats), bots_secret=seed)
    play_until(game, lambda s: s.turn > 0 and s.ally >= 0 and not s.over, seed=seed)
    daemon = await started(where)
    try:
        as_login.now = LOGINS[0]
        answer = await asyncio.to_thread(control.ask, where, control.OpenTable(save=save_of(game), pause=0))
        path = str(where / f"{answer.table}.sock")
        as_login.now = LOGINS[active]
        speaker = await RemoteTable.join_local(path, None, host=my_login())
        as_login.now = "eve"
        watcher = await RemoteTable.join_local(path, SPECTATOR, host=my_login())
        heard: list = []
        speaker.attach(speaker.seat, lambda m: heard.append(m) if isinstance(m, Chat) else None)
        speaker.receive(None, Chat(text="let us take Arrakeen", ally=True))
        speaker.receive(None, Chat(text="hello all"))
        watcher.receive(None, Chat(text="nice move"))
        await until(lambda: len(heard) == 3, seconds=10)
        for remote in (speaker, watcher):
            remote.close()
    finally:
        await daemon.close()
    daemon = await started(where)
    try:
        said = {}
        for who, seat in ((LOGINS[ally], None), (LOGINS[third], None), ("eve", SPECTATOR)):
            as_login.now = who
            remote = await RemoteTable.join_local(path, seat, host=my_login())
            said[who] = [(c.text, c.to) for c in remote.welcome.chat]
            remote.close()
        assert said[LOGINS[ally]] == [("let us take Arrakeen", (active, ally)), ("hello all", ()), ("nice move", ())]
        assert said[LOGINS[third]] == said["eve"] == [("hello all", ()), ("nice move", ())]
    finally:
        await daemon.close()
