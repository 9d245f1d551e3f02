"""The deciding seat's view crosses the wire once (protocol 6): the Board before a request already showed it, so
the request's frame goes without it, and the joined client has it back in the request, as an in-process one."""

from __future__ import annotations

import asyncio
import random

from net_helpers import ANN, Hosted, Player, bot, hear, say, state_fields, until

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.session import Session
from dune_tui.table.messages import Board, DecisionRequest


def game(seed: int = 3) -> Session:
    return Session(Options(players=2, seed=seed), [ANN, bot()], bots_secret=seed)


def test_a_request_after_the_board_that_showed_its_view_crosses_without_it(save_dir):
    async def main():
        async with Hosted(game()) as hosted:
            reader, writer = await hosted.raw()
            await say(writer, hosted.hello(0))
            welcome = await hear(reader)
            assert all(r.view is not None for r in welcome.requests), "a Welcome's requests keep their views"
            rng, frames = random.Random(1), []
            for r in welcome.requests:
                await say(writer, Decision(r.id, r.seat, rng.choice(r.legal)))
            while sum(isinstance(f, DecisionRequest) for f in frames) < 8:
                frames.append(await hear(reader))
                if isinstance(frames[-1], DecisionRequest):
                    r = frames[-1]
                    await say(writer, Decision(r.id, r.seat, rng.choice(r.legal)))
            writer.close()
            return frames

    frames = asyncio.run(main())
    requests = [f for f in frames if isinstance(f, DecisionRequest)]
    assert all(r.view is None for r in requests), "the view of the Board just before was sent again"
    sizes = [len(wire.encode(f)) for f in frames if isinstance(f, Board)]
    assert len(wire.encode(requests[0])) < min(sizes) / 2, "a request is now far smaller than a view"


def test_the_joined_client_gets_each_request_with_the_view_the_table_asked_with(save_dir):
    played = game(5)

    async def main():
        async with Hosted(played) as hosted:
            here: list = []
            hosted.table.attach(0, here.append)  # the table's own requests, as an in-process screen gets them
            ann = Player(await hosted.join(0), answer=True, seed=2)
            await until(lambda: len(ann.of(DecisionRequest)) >= 8, "eight requests over the wire")
            ann.remote.close()
            return [m for m in here if isinstance(m, DecisionRequest)], ann.of(DecisionRequest)

    asked, got = asyncio.run(main())
    by_id = {r.id: r for r in asked}
    assert len(got) >= 8 and all(r.id in by_id for r in got)
    assert [state_fields(r.view) for r in got] == [state_fields(by_id[r.id].view) for r in got]


def test_a_board_crosses_as_it_did_and_a_request_with_another_view_keeps_its_own():
    played = game(7)
    request = played.controller.pending()[0]
    board = Board(seat=request.seat, view=request.view, decisions=0)
    views = wire.OneView()
    assert wire.encode(views.outgoing(board)) == wire.encode(board), "a Board's frame is the same bytes"
    assert views.outgoing(request).view is None
    other = wire.OneView()
    other.outgoing(Board(seat=request.seat, view=played.controller.rules.view(played.state, -1), decisions=0))
    assert other.outgoing(request) is request, "not the view shown: it crosses with its own"
