"""A table keeps its game through the keeper it is given (the table server gives its own store): every decision
before any client hears of it, a checkpoint at each turn's end, the end, the close; the default keeps files."""

from __future__ import annotations

import asyncio

from table_helpers import Client, bot, session, table, until

from dune_tui import saves
from dune_tui.table.keeper import FileKeeper, Keeper
from dune_tui.table.messages import SPECTATOR, Board, GameOver, Save, SaveFailed


class Recording(Keeper):
    """Keeps nothing, writes down what it is told and what the watching client had seen by then."""

    def __init__(self) -> None:
        self.told: list[tuple] = []
        self.seen: list = []  # a client's messages

    def decided(self, at: int, entry) -> None:
        boards = [m for m in self.seen if isinstance(m, Board)]
        self.told.append(("decided", at, entry.seat, boards[-1].decisions if boards else 0))

    def checkpoint(self, force: bool = False):
        self.told.append(("checkpoint", force))
        return None, None

    def finished(self) -> None:
        self.told.append(("finished",))

    def closed(self) -> None:
        self.told.append(("closed",))


def test_a_given_keeper_is_told_every_decision_before_any_client_and_no_file_is_written(save_dir):
    game = session(2, seats=[bot(), bot()], seed=4)
    keeper = Recording()
    t = table(game, keeper=keeper)
    assert t.keeper is keeper and keeper.session is game

    async def main():
        watcher = Client(t, SPECTATOR)
        keeper.seen = watcher.got  # (what the watcher had been sent when the keeper is told)
        await t.run()
        return watcher

    watcher = asyncio.run(main())
    assert game.state.over and watcher.of(GameOver)
    decided = [told for told in keeper.told if told[0] == "decided"]
    assert [at for _, at, _, _ in decided] == list(range(len(game.log)))
    assert [seat for _, _, seat, _ in decided] == [e.seat for e in game.log]
    assert all(shown == at for _, at, _, shown in decided), "the watcher had not heard of a decision yet"
    assert keeper.told[0] == ("checkpoint", True), "a new game is kept at once"
    assert keeper.told.count(("checkpoint", False)) == len(game.log), "then after every decision (a turn may end)"
    assert keeper.told[-2:] == [("finished",), ("closed",)]
    assert not save_dir.exists(), "the default's files are not written"


def test_a_keeper_that_keeps_no_files_refuses_the_hosts_save():
    t = table(session(2), keeper=Keeper())
    host = Client(t, 0, host=True)
    host.send(Save(name="mine", ref=4))
    assert host.got[-1] == SaveFailed(reason="this table keeps no saves", ref=4)
    assert t.last_saved is None and t.exit_note() == "" and t.autosave(force=True) == (None, None)


def test_the_default_keeper_keeps_the_files_where_the_table_says(tmp_path):
    t = table(session(2, seats=[bot(), bot()], seed=4), save_dir=tmp_path)
    assert isinstance(t.keeper, FileKeeper) and t.save_dir == tmp_path

    async def main():
        task = asyncio.create_task(t.run())
        await until(lambda: len(t.session.log) >= 3, "three decisions")
        t.close()
        await task

    asyncio.run(main())
    path = saves.latest_autosave(tmp_path)
    assert path == t.last_saved and len(saves.load(path).log) == len(t.session.log), "the journal has the rest"
