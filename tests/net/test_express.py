"""Dune Express over the network: its views and events cross the wire field for field, a hostile table's
malformed Express view is refused with a sentence, two joined humans play an Express game to the end over
loopback, and `dune-tui host --rules express --variant ...` hosts one that two terminals play to the end (a rule
set the screen cannot draw is refused with a sentence)."""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest
from net_helpers import ANN, BOB, Hosted, bot, state_fields, two_players_and_a_watcher_play_to_the_end, until
from test_host_command import seats_1_and_2_play_to_the_end, start_host

from dune_tui import saves
from dune_tui.controller import Decision, EventBatch
from dune_tui.games import express
from dune_tui.net import wire
from dune_tui.net.client import RemoteTable
from dune_tui.net.views import NotAView, to_wire
from dune_tui.session import Session
from dune_tui.table import messages as m
from dune_tui.table.messages import SPECTATOR, DecisionRequest, GameOver, Refused, Welcome

VARIANT = "houses,shorter:4,thumper"


def roundtrip(message):
    frame = wire.encode(message)
    return wire.decode(frame[4:])


def an_express_game(players: int = 4, seed: int = 3, variant: str = VARIANT) -> Session:
    """The Bene Gesserit play (with more than two players), so a view hides their round."""
    houses = ("bg", "fremen", "harkonnen", "atreides", "guild", "corrino")[:players] if players > 2 else None
    return Session(express.with_variants(variant, players=players, seed=seed, houses=houses), [bot()] * players,
                   bots_secret=seed)


def test_express_views_come_back_field_for_field():
    game = an_express_game()
    c, rng = game.controller, random.Random(3)
    hidden = 0
    while not c.state.over:
        for seat in range(-1, game.options.players):
            v = express.view(c.state, seat)
            back = roundtrip(m.Board(seat=seat, view=v, decisions=len(c.log))).view
            assert type(back) is express.State and state_fields(back) == state_fields(v)
            assert back.rng is None and back.options == v.options and back.options.seed == 0
            hidden += v.prediction == express.HIDDEN
        r = c.pending()[0]
        c.submit(Decision(r.id, r.seat, rng.choice(express.legal_actions(c.state, r.seat))))
    assert hidden, "a view hid the Bene Gesserit's round"


def express_events() -> list:
    """Every event of a short random game of Dune Express with the houses' abilities."""
    s = express.new_game(express.with_variants("houses,shorter:3,thumper", players=4, seed=6))
    events, rng = express.opening_events(s), random.Random(6)
    while not s.over:
        seat = s.to_move[0]
        events += express.apply(s, seat, rng.choice(express.legal_actions(s, seat)))
    return events


def test_express_events_cross_in_a_batch_a_welcome_and_a_game_over():
    events = express_events()
    assert {"game_over", "turn_start"} <= {e.kind for e in events}  # kinds the first game has too, other payloads
    assert roundtrip(EventBatch(0, events)) == EventBatch(0, events)
    final = express.view(an_express_game(players=2).state, 0)
    back = roundtrip(Welcome(seat=0, game_id="g", seats=(), view=final, events=events))
    assert back.events == events and state_fields(back.view) == state_fields(final)
    over = roundtrip(GameOver(seat=0, state=final, history=events, decisions=9, seats=()))
    assert over.history == events and type(over.state) is express.State
    again = roundtrip(Welcome(seat=0, game_id="g", seats=(), view=final, events=[], over=over))
    assert again.over.history == events


def test_the_authoritative_express_state_cannot_be_sent():
    game = an_express_game(players=2)
    with pytest.raises(NotAView):
        to_wire(game.state)
    with pytest.raises(NotAView):
        wire.encode(m.Board(seat=0, view=game.state, decisions=0))


def tampered_board(view, **fields) -> bytes:
    """A Board frame's body whose Express view has `fields` changed (as a hostile table would send it)."""
    body = msgspec.msgpack.decode(wire.encode(m.Board(seat=0, view=view, decisions=1))[4:])
    body["view"].update(fields)
    return msgspec.msgpack.encode(body)


@pytest.mark.parametrize("fields, says", [
    ({"rng": 12345}, "Expected `null`, got `int` - at `$.view.rng`"),
    ({"board": "lots"}, "at `$.view.board`"),
    ({"seat_faction": [0, 1]}, "unknown field `seat_faction`"),
    ({"rules": "chess"}, "Invalid value 'chess' - at `$.view.rules`"),
    ({"options": {"rules": "express", "players": "two"}}, "at `$.view.options.players`"),
])
def test_a_malformed_express_view_is_refused_with_a_sentence(fields, says):
    view = express.view(an_express_game(players=2).state, 0)
    with pytest.raises(wire.FrameError) as refused:
        wire.decode(tampered_board(view, **fields))
    assert "not a message of this protocol" in str(refused.value) and says in str(refused.value)


def test_a_hostile_table_sending_a_malformed_express_view_is_left_with_the_reason():
    """A table in the middle passes the Hello and the Welcome on, then sends a view carrying a dice generator."""
    game = Session(express.with_variants(VARIANT, players=2, seed=4), [ANN, bot()], bots_secret=4)

    async def main():
        async with Hosted(game) as hosted:
            view = express.view(game.state, 0)

            async def middle(reader, writer):
                up_reader, up_writer = await hosted.raw()
                hello = await wire.read(reader, wire.TO_TABLE_LIMIT)
                up_writer.write(wire.encode(hello))
                welcome = await wire.read(up_reader, wire.TO_CLIENT_LIMIT)
                writer.write(wire.encode(welcome))
                body = tampered_board(view, rng=987654321)
                writer.write(wire.HEADER.pack(len(body)) + body)
                await writer.drain()
                up_writer.close()

            server = await asyncio.start_server(middle, "127.0.0.1", 0)
            port = server.sockets[0].getsockname()[1]
            code = hosted.codes.by_seat[0]
            remote = await RemoteTable.join(f"127.0.0.1:{port}/{code}")
            reason = await asyncio.wait_for(remote.wait_closed(), 30)
            server.close()
            return remote, reason

    remote, reason = asyncio.run(main())
    assert isinstance(remote.welcome.view, express.State)
    assert reason.startswith("the table sent something this dune-tui cannot read")
    assert "$.view.rng" in reason


def test_two_joined_humans_and_a_bot_play_an_express_game_to_the_end_over_loopback(save_dir):
    game = Session(express.with_variants(VARIANT, players=3, seed=21), [ANN, BOB, bot("heuristic")], bots_secret=21)

    ann, bob, watcher = two_players_and_a_watcher_play_to_the_end(game)
    assert game.state.over
    for seat, p in ((0, ann), (1, bob), (SPECTATOR, watcher)):
        assert {r.seat for r in p.of(DecisionRequest)} <= {seat} and not p.of(Refused)
        over = p.of(GameOver)[0]
        assert over.state.result == game.state.result and type(over.state) is express.State
        for message in p.got:
            views = [message.view] if isinstance(message, (m.Board, Welcome, DecisionRequest)) else []
            for v in views:
                assert v.rng is None and v.options.seed == 0 and v.viewer == seat
                bg = v.house_seat[express.data.BENE_GESSERIT]
                assert v.prediction in (-1, express.HIDDEN) or (seat >= 0 and bg == seat)
        batches = p.of(EventBatch)
        assert batches and all(isinstance(e, express.Event) for b in batches for e in b.events)
        assert all(e.to is None or seat in e.to for b in batches for e in b.events)
    asked = {r.id for r in ann.of(DecisionRequest)} | {r.id for w in ann.of(Welcome) for r in w.requests}
    assert sum(1 for e in game.log if e.seat == 0) == len(asked)
    assert saves.load(saves.latest_autosave(save_dir)).options.rules == "express"


def test_a_headless_host_of_dune_express_is_played_to_the_end_by_two_joined_terminals(save_dir):
    async def main():
        proc, codes = await start_host("--rules", "express", "--variant", "houses,shorter:3,thumper",
                                       "--seat", "human", "--seat", "human", "--seat", "heuristic",
                                       "--faction", "bg", "--faction", "fremen", "--faction", "corrino",
                                       "--seed", "5", save_dir=save_dir)
        return await seats_1_and_2_play_to_the_end(proc, codes)

    status, log, ann, bob = asyncio.run(main())
    assert status == 0, log
    assert "seat 1 joined" in log and "the game is over" in log
    game = saves.load(saves.latest_autosave(save_dir))
    o = game.options
    assert (o.rules, o.abilities, o.round_limit, o.thumper) == ("express", True, 3, True) and game.state.over
    assert ann.of(GameOver)[0].decisions == len(game.log) and type(ann.of(GameOver)[0].state) is express.State
    def predictions(p):
        return {x.view.prediction for x in p.got if isinstance(x, (m.Board, Welcome, DecisionRequest))}

    assert any(r >= 0 for r in predictions(ann)), "the Bene Gesserit (seat 1) see their round"
    assert predictions(bob) <= {-1, express.HIDDEN}, "the Fremen never do"


@pytest.mark.parametrize("args, says", [
    (["--rules", "express", "--variant", "bogus"], "unknown variant 'bogus'"),
    (["--variant", "houses"], "--variant is for --rules express"),
    (["--rules", "express", "--players", "7"], "--players must be 2 to 6 for Dune Express"),
    (["--rules", "express", "--load", "x"], "a loaded game keeps its own"),
])
def test_host_says_why_it_cannot_host_those_express_arguments(args, says, save_dir, capsys):
    from dune_tui.cli import main

    assert main(["host", "--no-play", "--save-dir", str(save_dir), *args]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_a_hostile_client_s_express_decisions_are_refused_and_the_game_goes_on():
    """Seated at an Express table, a client sends decisions no engine would take: each gets a Refused saying why,
    none is applied, and then a legal one is."""
    from net_helpers import hear, say

    game = Session(express.with_variants(VARIANT, players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            reader, writer = await hosted.raw()
            await say(writer, wire.Hello(protocol=wire.PROTOCOL, code=hosted.codes.by_seat[0]))
            requests = []
            while not requests:
                got = await hear(reader)
                requests = [*got.requests] if isinstance(got, Welcome) else [got] if isinstance(got, DecisionRequest) \
                    else []
            r = requests[0]
            before = len(game.log)
            bad = [("keep", 2**40), ("land", "Sardaukar"), ("commit", "atreides", (), ()), ("turn", 1.0, 2),
                   ("nonsense",), (), tuple(float(x) if isinstance(x, int) else x for x in r.legal[-1])]
            for action in bad:
                await say(writer, Decision(r.id, 0, action))
            body = msgspec.msgpack.encode({"type": "Decision", "id": r.id, "seat": 0, "action": [[[[[]]]]] * 100})
            writer.write(wire.HEADER.pack(len(body)) + body)
            refused = []
            while len(refused) < len(bad) + 1:
                got = await hear(reader)
                refused += [got] if isinstance(got, Refused) else []
            unchanged = len(game.log) == before
            await say(writer, Decision(r.id, 0, r.legal[0]))
            await until(lambda: len(game.log) > before, "the legal decision is played")
            writer.close()
            return refused, unchanged

    refused, unchanged = asyncio.run(main())
    assert unchanged, "no hostile decision was applied"
    assert len(refused) == 8 and all("is not a legal roll decision now" in x.reason for x in refused)


def test_x36_two_joined_humans_agree_over_loopback_to_end_a_game_without_a_round_limit():
    """One proposes, the other says no (nothing changes), then yes: the game ends at the end of the round."""
    from net_helpers import Hosted as _Hosted
    from net_helpers import Player

    game = Session(express.with_variants("", players=2, seed=4), [ANN, BOB], bots_secret=4)
    c, r = game.controller, random.Random(2)
    while not (c.state.round >= 2 and express.end_offered(c.state, c.state.active)):
        request = c.pending()[0]
        c.submit(Decision(request.id, request.seat, r.choice(request.legal)))
    me, round_ = c.state.active, c.state.round

    async def main():
        async with _Hosted(game) as hosted:
            players = [Player(await RemoteTable.join(hosted.address(s))) for s in (0, 1)]
            mine, other = players[me], players[1 - me]
            await until(lambda: mine.open_requests(), "the proposer is asked")
            before = len(game.log)
            mine.send(m.ProposeEnd())
            await until(lambda: other.of(m.EndProposal), "the other hears the proposal")
            assert other.of(m.EndProposal)[-1] == m.EndProposal(seat=me, round=round_, waiting=(1 - me,))
            other.send(m.AnswerEnd(yes=False))
            await until(lambda: mine.of(m.EndProposal)[-1].seat == SPECTATOR, "the no is heard")
            assert "said no" in mine.of(m.EndProposal)[-1].text and len(game.log) == before
            mine.send(m.ProposeEnd())
            await until(lambda: len(other.of(m.EndProposal)) == 3, "the second proposal")
            other.send(m.AnswerEnd(yes=True))
            await until(lambda: len(game.log) > before, "the agreement is played")
            assert game.log[-1].action == express.AGREE_END and game.state.limit == round_
            for p in players:
                p.answer = True
                for req in p.open_requests():
                    p.send(Decision(req.id, req.seat, p.rng.choice(req.legal)))
            await hosted.task
            await until(lambda: all(p.of(GameOver) for p in players), "both hear the end")
            return players

    players = asyncio.run(main())
    result = players[0].of(GameOver)[0].state.result
    assert (result.reason, result.round) == ("agreed", round_)
