"""A hosted table journals the decisions of its remote seats like its own: a host killed mid-turn loses none
that its players were shown."""

from __future__ import annotations

import asyncio

from net_helpers import ANN, BOB, Hosted, Player, until

from dune_tui import saves
from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.session import Session
from dune_tui.table.messages import DecisionRequest


def test_remote_seats_decisions_survive_the_host_killed_mid_turn(tmp_path):
    game = Session(Options(players=2, seed=5), [ANN, BOB], bots_secret=5)
    stop = 37

    class Remote(Player):
        def _take(self, message) -> None:  # answers until `stop` decisions are made, then waits
            if not isinstance(message, DecisionRequest) or len(game.log) < stop:
                super()._take(message)

    async def main():
        hosted = Hosted(game, save_dir=tmp_path)
        await hosted.__aenter__()
        ann = Remote(await RemoteTable.join(hosted.address(0)), answer=True, seed=1)
        bob = Remote(await RemoteTable.join(hosted.address(1)), answer=True, seed=2)
        await until(lambda: len(game.log) >= stop and hosted.table.asked, "the decisions")
        await until(lambda: all(p.of(DecisionRequest) for p in (ann, bob)), "both asked")
        hosted.task.cancel()  # the host dies: no close, no save
        hosted.table.runner.close()
        await hosted.server.close()

    asyncio.run(main())
    path = saves.autosave_path(game.game_id, tmp_path)
    assert len(saves.read_save(path).log) < len(game.log)
    resumed = saves.load(path)
    assert resumed.log == game.log and resumed.recovery.startswith("Recovered")
