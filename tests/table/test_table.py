"""The table with in-process fake clients (no Textual): whole games, answers, refusals, what a spectator
sees, rejoining, the pace and saving."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from table_helpers import HUMAN, Client, at_commit, bot, session, state_fields, table, until

from dune_tui import saves
from dune_tui.controller import Decision
from dune_tui.games.dune import HIDDEN, SEALED, Options
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import (
    SPECTATOR,
    Board,
    Closed,
    DecisionRequest,
    EventBatch,
    GameOver,
    Notice,
    Pace,
    Refused,
    Save,
    Saved,
    SaveFailed,
    Sealed,
    SeatInfo,
    Seats,
    SetPace,
    Skip,
    Thinking,
    Welcome,
)

BOB = SeatConfig(kind="human", agent="", name="Bob")


def test_a_whole_game_of_bots_reaches_the_end_and_the_watcher_gets_the_result(save_dir):
    game = session(3, seats=[bot(), bot(), bot()], seed=2)
    t = table(game)

    async def main():
        watcher = Client(t, SPECTATOR)
        await t.run()
        return watcher

    watcher = asyncio.run(main())
    assert game.state.over and t.closed
    over, = watcher.of(GameOver)
    assert over.state.result == game.state.result
    assert over.decisions == len(game.log) == watcher.of(Board)[-1].decisions
    thinking = [m.seat for m in watcher.of(Thinking)]
    assert set(thinking) == {-1, 0, 1, 2} and thinking[-1] == -1, "each bot thinks, then nobody"
    assert len(saves.load(saves.latest_autosave(save_dir)).log) == len(game.log), "the end is saved"


def test_a_human_client_answers_its_requests_and_only_its_own():
    game = session(2, seed=5)
    t = table(game)

    async def main():
        me = Client(t, 0, answer=True, seed=1)
        await t.run()
        return me

    me = asyncio.run(main())
    assert game.state.over
    asked = me.of(DecisionRequest)
    assert asked and {r.seat for r in asked} == {0}
    assert sorted(m.id for m in me.of(Closed)) == sorted(r.id for r in asked)
    assert sum(1 for e in game.log if e.seat == 0) == len(asked)
    assert not me.of(Refused)
    assert all(b.seat == 0 for b in me.of(EventBatch)) and all(b.view.viewer == 0 for b in me.of(Board))


def test_a_decision_for_another_seat_a_stale_one_and_an_illegal_one_are_refused_to_that_client_only():
    game = session(2, seats=[HUMAN, BOB], seed=3)
    t = table(game)

    async def main():
        a, b, watcher = Client(t, 0), Client(t, 1), Client(t, SPECTATOR)
        task = asyncio.create_task(t.run())
        await until(lambda: a.open_requests() or b.open_requests())
        asked, other = (a, b) if a.open_requests() else (b, a)
        request = asked.open_requests()[0]
        before = len(game.log), len(game.history), len(watcher.got), game.state.phase, game.state.awaiting
        heard = len(asked.got), len(other.got)
        other.send(Decision(request.id, request.seat, request.legal[0]))  # for a seat that is not its own
        other.send(Decision(request.id, other.conn.seat, request.legal[0]))  # not asked of that seat
        asked.send(Decision(request.id + 1000, request.seat, request.legal[0]))  # no such open request
        asked.send(Decision(request.id, request.seat, ("nonsense", 99)))  # illegal: the engine says no
        after = len(game.log), len(game.history), len(watcher.got), game.state.phase, game.state.awaiting
        assert after == before, "the state is unchanged and nobody else heard of it"
        assert [type(m) for m in asked.got[heard[0]:]] == [Refused, Refused]
        assert [type(m) for m in other.got[heard[1]:]] == [Refused, Refused]
        assert "seat" in other.got[-2].reason and "not asked" in asked.got[-2].reason
        asked.send(Decision(request.id, request.seat, request.legal[0]))  # now properly
        assert len(game.log) == before[0] + 1
        asked.send(Decision(request.id, request.seat, request.legal[0]))  # the same again: stale
        assert isinstance(asked.got[-1], Refused) and asked.got[-1].id == request.id
        assert len(game.log) == before[0] + 1
        t.close()
        await task

    asyncio.run(main())


def bene_gesserit_game() -> Session:
    options = Options(players=5, seed=11, factions=("atreides", "bg", "fremen", "harkonnen", "guild"))
    return Session(options, [bot() for _ in range(5)], bots_secret=options.seed)


def test_a_spectator_sees_public_information_only_no_prediction_no_sealed_commit():
    game = bene_gesserit_game()
    t = table(game)

    async def main():
        watcher = Client(t, SPECTATOR)
        await t.run()
        return watcher

    watcher = asyncio.run(main())
    assert any(e.kind == "prediction" for e in game.history) and any(e.kind == "reveal" for e in game.history)
    assert not watcher.of(DecisionRequest)
    seen = [e for b in watcher.of(EventBatch) for e in b.events]
    assert seen and all(e.to is None for e in seen)
    assert not any(e.kind == "prediction" for e in seen) and any(e.kind == "prediction_made" for e in seen)
    views = [m.view for m in watcher.got if isinstance(m, (Board, Welcome))]
    assert all(v.viewer == SPECTATOR and v.rng is None for v in views)
    assert all(v.prediction in (-1, HIDDEN) for v in views)
    commits = [c for v in views if v.phase == "commit" for c in v.b_commits]
    assert SEALED in commits and set(commits) <= {None, SEALED}, "a sealed commit never reaches a spectator"
    assert any(m.seat >= 0 for m in watcher.of(Sealed)), "but that a side has sealed is public (R10)"
    over, = watcher.of(GameOver)
    assert all(e.to is None for e in over.history)


def test_the_bots_commit_is_sealed_before_the_human_is_asked():
    """R10: the bot's commit is in (sealed in the human's view) before the human's request arrives."""
    game = at_commit()
    t = table(game, resumed=True)

    async def main():
        me = Client(t, 0)
        task = asyncio.create_task(t.run())
        await until(lambda: me.open_requests())
        t.close()
        await task
        return me

    me = asyncio.run(main())
    request, = me.open_requests()
    assert request.phase == "commit" and game.state.awaiting == (0,)
    boards = [m for m in me.got[:me.got.index(request)] if isinstance(m, Board)]
    assert SEALED in boards[-1].view.b_commits, "the board says the bot's commit is in, not what it is"
    assert set(request.view.b_commits) <= {None, SEALED}  # the request's view is from before either sealed
    sealed = [m for m in me.got if isinstance(m, Sealed) and m.seat == 1]
    assert sealed and me.got.index(sealed[-1]) < me.got.index(request) and "sealed theirs" in sealed[-1].text


def test_leaving_and_rejoining_gives_the_same_screen():
    game = session(3, seed=6)
    t = table(game)

    async def main():
        first, watcher = Client(t, 0), Client(t, SPECTATOR)
        task = asyncio.create_task(t.run())
        await until(lambda: first.open_requests())
        again = Client(t, 0)
        t.detach(first.conn)
        t.detach(again.conn)
        assert not watcher.of(Seats)[-1].seats[0].connected, "the seat shows as away"
        later = Client(t, 0)
        assert watcher.of(Seats)[-1].seats[0].connected
        w1, w2 = again.got[0], later.got[0]
        assert isinstance(w1, Welcome) and isinstance(w2, Welcome)
        assert w2.events == w1.events and w2.requests == w1.requests and w2.decisions == w1.decisions
        assert state_fields(w2.view) == state_fields(w1.view)
        assert [r.id for r in w2.requests] == [r.id for r in first.open_requests()]
        heard = len(first.got)
        request = w2.requests[0]
        later.send(Decision(request.id, 0, request.legal[0]))
        await until(lambda: len(game.log) > w2.decisions)
        assert len(first.got) == heard, "a detached client hears nothing more"
        assert later.of(EventBatch)
        t.close()
        await task

    asyncio.run(main())


def test_a_failed_autosave_is_told_to_the_clients_and_the_host_can_save_elsewhere(tmp_path):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the save directory should be")
    game = session(2, seed=9)
    t = table(game, save_dir=blocked)

    async def main():
        host, guest = Client(t, 0, host=True), Client(t, SPECTATOR)
        task = asyncio.create_task(t.run())
        await until(lambda: host.open_requests())
        assert host.of(SaveFailed) and guest.of(SaveFailed), "a new game's first save failed: everyone is told"
        assert "could not be saved" in t.exit_note()
        guest.send(Save(directory=str(tmp_path / "guest")))
        assert isinstance(guest.got[-1], Refused) and not (tmp_path / "guest").exists()
        host.send(Save(directory=str(blocked), ref=1))
        assert isinstance(host.got[-1], SaveFailed) and host.got[-1].ref == 1
        host.send(Save(directory=str(tmp_path / "elsewhere"), ref=2))
        saved = host.got[-1]
        assert isinstance(saved, Saved) and saved.ref == 2
        assert len(saves.load(saved.path).log) == len(game.log)
        assert t.exit_note() == ""
        host.send(Save(name="my game", ref=3))
        assert isinstance(host.got[-1], Saved) and (tmp_path / "elsewhere" / "my game.dune.json").exists()
        t.close()
        await task

    asyncio.run(main())


def test_the_exit_note_names_the_last_good_save(tmp_path):
    game = session(2, seed=9)
    t = table(game, save_dir=tmp_path)
    path, error = t.autosave(force=True)
    assert error is None
    t.save_dir = tmp_path / "gone" / "x"
    (tmp_path / "gone").write_text("")
    assert t.autosave(force=True)[1]
    assert str(path) in t.exit_note()


def test_the_pace_holds_a_bots_step_and_skip_plays_on():
    game = session(3, seed=11)  # seat 3 (a bot) makes the Harkonnen setup before the human plays
    t = table(game, pause=60.0)

    async def main():
        me = Client(t, 0)
        task = asyncio.create_task(t.run())
        await until(lambda: t.holding, "a bot step held by the pause")
        decisions = len(game.log)
        for _ in range(20):
            await asyncio.sleep(0)
        assert len(game.log) == decisions
        me.send(Skip())
        await until(lambda: me.open_requests(), "the human's request after skipping")
        assert len(game.log) > decisions
        paces = me.of(Pace)
        assert paces[0].skipping and not paces[-1].skipping, "skipping lasts until the human's decision"
        me.send(SetPace(pause=1.0))
        assert me.got[-1] == Pace(pause=1.0) and t.pause == 1.0
        t.close()
        await task

    asyncio.run(main())


def test_a_broken_bot_plays_a_random_legal_move_and_the_clients_are_told():
    game = session(2, seats=[bot("nosuchbot"), bot()], seed=4)
    t = table(game)

    async def main():
        watcher = Client(t, SPECTATOR)
        task = asyncio.create_task(t.run())
        await until(lambda: watcher.of(Notice) and len(game.log) > 3)
        t.close()
        await task
        return watcher

    watcher = asyncio.run(main())
    assert "Bot of seat 1 failed" in watcher.of(Notice)[0].text


def test_only_human_seats_and_spectators_may_attach():
    t = table(session(2, seed=1))
    with pytest.raises(ValueError):
        t.attach(1, print)  # a bot's seat: its view is nobody's business
    with pytest.raises(ValueError):
        t.attach(5, print)


@pytest.mark.parametrize("message", [
    Seats(seats=(SeatInfo(seat=0, name="Ann", kind="human"), SeatInfo(seat=1, agent="mcts:hard", connected=True))),
    Pace(pause=0.5, skipping=True), Refused(reason="no", id=3), SaveFailed(reason="disk full", last_good="/x"),
    Saved(path="/x", ref=2), Sealed(seat=1, text="The Fremen have sealed theirs."), Thinking(seat=2, prompt="?"),
    Notice(text="hi"), Skip(), SetPace(pause=2.0), Save(name="n", directory="/d", ref=1),
])
def test_the_messages_without_views_cross_a_wire_as_they_are(message):
    union = Seats | Pace | Refused | SaveFailed | Saved | Sealed | Thinking | Notice | Skip | SetPace | Save
    for codec in (msgspec.json, msgspec.msgpack):
        assert codec.decode(codec.encode(message), type=union) == message


def test_a_process_runner_closed_while_its_child_starts_stops_the_child(monkeypatch):
    """The table closes (Ctrl-C at the host's prompt) while its bots' child is starting in the warm-up thread: close
    must not join a process not yet started (AssertionError, a traceback on the host's terminal), and the child,
    once started, is stopped."""
    from multiprocessing.context import SpawnProcess

    from dune_tui.table.bots import make_runner

    runner = make_runner("process", {1: "random"}, 7)
    real_start, started = SpawnProcess.start, []

    def closed_first(child) -> None:
        runner.close()  # the table closes between the child's making and its start
        real_start(child)
        started.append(child)

    monkeypatch.setattr(SpawnProcess, "start", closed_first)
    runner.start()
    assert started and not started[0].is_alive() and runner.fallback is None


def test_ctrl_c_on_the_terminal_never_reaches_the_bots_child():
    """Ctrl-C goes to the terminal's whole foreground group: the host's bots' child too, which is still starting
    while the host waits at its prompt.  The child must not take it (a half-started Python's traceback on the host's
    terminal, a dead bot): the host stops the game, and the child with it."""
    import os
    import signal
    import threading

    from dune_tui.table.bots import make_runner

    game = session(2, seats=[bot(), bot()])
    runner = make_runner("process", {0: "random", 1: "random"}, 7)
    try:
        runner.start()
        child = runner._proc.pid
        os.kill(child, signal.SIGINT)  # at once: the child is importing
        request = game.controller.pending()[0]
        assert runner.decide(request, threading.Event()) in request.legal
        os.kill(child, signal.SIGINT)  # and waiting for the next decision
        assert runner.decide(request, threading.Event()) in request.legal
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, []), "the host still hears Ctrl-C"
    finally:
        runner.close()
