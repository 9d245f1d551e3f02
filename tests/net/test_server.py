"""The table over real loopback sockets: two joined humans play a whole game, a sealed commit stays sealed,
a dropped client rejoins to the same screen, a second connection replaces the first, an away seat is taken
over by a bot, chat reaches everyone cleaned, and a spectator sees public information only."""

from __future__ import annotations

import asyncio

import msgspec
from net_helpers import (
    ANN,
    BOB,
    Hosted,
    Player,
    bot,
    play_until,
    state_fields,
    two_players_and_a_watcher_play_to_the_end,
    until,
)

from dune_tui import saves
from dune_tui.controller import Decision
from dune_tui.games.dune import HIDDEN, SEALED, Options, State
from dune_tui.net.client import JoinRefused, RemoteTable
from dune_tui.session import Session
from dune_tui.table.messages import (
    SPECTATOR,
    Board,
    Chat,
    DecisionRequest,
    EventBatch,
    GameOver,
    Refused,
    Seats,
    Welcome,
)


def states_in(message) -> list[State]:
    if isinstance(message, (Board, Welcome)):
        return [message.view, *[r.view for r in message.requests]] if isinstance(message, Welcome) else [message.view]
    if isinstance(message, DecisionRequest):
        return [message.view]
    return []


def assert_no_secrets(player: Player, seat: int) -> None:
    """Nothing a seat may not see: no dice generator or seed, no other side's sealed commit, no prediction
    unless the seat is the Bene Gesserit's, no event addressed to others."""
    for message in player.got:
        for v in states_in(message):
            assert v.rng is None and v.options.seed == 0 and v.viewer == seat
            if v.prediction not in (-1, HIDDEN):
                assert v.seat_faction[seat] == 6 if seat >= 0 else False
            if v.phase == "commit":
                sides = (v.active, v.faction_seat[v.b_def])
                for side, commit in zip(sides, v.b_commits):
                    assert side == seat or commit in (None, SEALED)
        events = message.events if isinstance(message, (EventBatch, Welcome)) else []
        assert all(e.to is None or seat in e.to for e in events)


def test_two_joined_humans_and_a_bot_play_a_whole_game_over_loopback(save_dir):
    game = Session(Options(players=3, seed=21), [ANN, BOB, bot()], bots_secret=21)

    ann, bob, watcher = two_players_and_a_watcher_play_to_the_end(game)
    assert game.state.over
    for seat, p in ((0, ann), (1, bob), (SPECTATOR, watcher)):
        assert {r.seat for r in p.of(DecisionRequest)} <= {seat}
        assert not p.of(Refused)
        assert p.of(GameOver)[0].state.result == game.state.result
        assert_no_secrets(p, seat)
    asked = {r.id for r in ann.of(DecisionRequest)} | {r.id for w in ann.of(Welcome) for r in w.requests}
    assert sum(1 for e in game.log if e.seat == 0) == len(asked)
    assert len(saves.load(saves.latest_autosave(save_dir)).log) == len(game.log)


def both_to_commit() -> Session:
    """Two humans, both to seal their battle commit."""
    for seed in range(1, 80):
        game = Session(Options(players=2, seed=seed, factions=("atreides", "harkonnen")), [ANN, BOB], bots_secret=seed)
        try:
            return play_until(game, lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=seed)
        except AssertionError:
            continue
    raise AssertionError("no battle")


def test_a_sealed_commit_between_two_humans_stays_sealed_and_a_dropped_client_rejoins_to_the_same_screen():
    game = both_to_commit()
    first, second = game.state.awaiting

    async def main():
        async with Hosted(game) as hosted:
            one = Player(await RemoteTable.join(hosted.address(first)))
            two = Player(await RemoteTable.join(hosted.address(second)))
            await until(lambda: one.open_requests() and two.open_requests(), "both asked to commit")
            request = one.open_requests()[0]
            assert request.sealed
            commit = max(request.legal, key=lambda a: len(str(a)))
            one.send(Decision(request.id, first, commit))
            await until(lambda: not one.open_requests(), "the first side's commit is in")
            await until(lambda: any(SEALED in b.view.b_commits for b in two.of(Board)), "the second sees it sealed")
            board = two.of(Board)[-1]
            two.remote.close()  # dropped mid-commit
            await until(lambda: any(not s.connected for s in one.of(Seats)[-1].seats), "the seat shows as away")
            again = Player(await RemoteTable.join(hosted.address(second)))
            welcome = again.of(Welcome)[0]
            twice = Player(await RemoteTable.join(hosted.address(second)))  # replaces `again`
            await until(lambda: again.remote.closed, "the older connection is closed")
            return one, two, board, welcome, twice, again

    one, two, board, welcome, twice, again = asyncio.run(main())
    assert state_fields(welcome.view) == state_fields(board.view)
    assert SEALED in welcome.view.b_commits and welcome.requests and welcome.requests[0].sealed
    same = twice.of(Welcome)[0]
    assert state_fields(same.view) == state_fields(welcome.view)
    assert [r.id for r in same.requests] == [r.id for r in welcome.requests]
    assert same.events == welcome.events and same.decisions == welcome.decisions
    assert "another terminal" in again.remote.reason
    for p, seat in ((one, first), (two, second), (again, second), (twice, second)):
        assert_no_secrets(p, seat)


def test_an_away_seat_is_taken_over_by_a_bot_and_the_game_ends():
    game = Session(Options(players=2, seed=8), [ANN, BOB], bots_secret=8)

    async def main():
        async with Hosted(game, takeover="random", after=0.01) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)), answer=True, seed=3)
            await hosted.task
            await until(lambda: ann.of(GameOver), "the end")
            return ann

    ann = asyncio.run(main())
    assert game.state.over
    bob = [s for m in ann.of(Seats) for s in m.seats if s.seat == 1]
    assert any(s.stand_in == "random" and not s.connected for s in bob)


def test_chat_reaches_every_seat_cleaned_and_is_in_a_rejoin_welcome():
    game = Session(Options(players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            bob = Player(await RemoteTable.join(hosted.address(1)))
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            ann.send(Chat(text="ally with me?\x1b[2J\u202e" + "x" * 1000, seat=1, name="Bob"))
            await until(lambda: bob.of(Chat) and watcher.of(Chat) and ann.of(Chat), "everyone hears it")
            late = Player(await RemoteTable.join(hosted.address(1)))
            return ann, bob, watcher, late

    ann, bob, watcher, late = asyncio.run(main())
    line = bob.of(Chat)[0]
    assert line == watcher.of(Chat)[0] == ann.of(Chat)[0]
    side = game.controller.game.side_name(game.state.seat_faction[0])
    assert (line.seat, line.name) == (0, f"Seat 1 · {side} (Ann)"), "who said it is the table's to say"
    assert "\x1b" not in line.text and "\u202e" not in line.text and len(line.text) <= 300
    assert [msgspec.structs.replace(c, after=0) for c in late.of(Welcome)[0].chat] == [line]


def test_a_spectator_cannot_decide_and_gets_public_events_only():
    game = Session(Options(players=5, seed=3, factions=("bg", "atreides", "fremen", "guild", "corrino")),
                   [ANN, bot(), bot(), bot(), bot()], bots_secret=3)

    async def main():
        async with Hosted(game) as hosted:
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            ann = Player(await RemoteTable.join(hosted.address(0)))
            await until(lambda: ann.open_requests(), "Ann asked")
            r = ann.open_requests()[0]
            watcher.send(Decision(r.id, 0, r.legal[0]))
            watcher.send(Decision(r.id, SPECTATOR, r.legal[0]))
            await until(lambda: len(watcher.of(Refused)) == 2, "both refused")
            return watcher, ann

    watcher, ann = asyncio.run(main())
    assert_no_secrets(watcher, SPECTATOR)
    assert watcher.of(Welcome)[0].view.prediction in (-1, HIDDEN)
    assert ann.open_requests(), "the spectator's tries did not answer Ann's request"


def test_joining_a_closed_port_or_with_a_wrong_code_says_why():
    game = Session(Options(players=2, seed=5), [ANN, bot()], bots_secret=5)

    async def main():
        async with Hosted(game) as hosted:
            try:
                await RemoteTable.join(f"127.0.0.1:{hosted.server.port}/not-a-code")
            except JoinRefused as e:
                wrong = str(e)
            port = hosted.server.port
        try:
            await RemoteTable.join(f"127.0.0.1:{port}/x")
        except JoinRefused as e:
            closed = str(e)
        return wrong, closed

    wrong, closed = asyncio.run(main())
    assert "wrong code" in wrong
    assert "cannot reach" in closed
