"""X36 at the table: one human proposes to end a Dune Express game without a round limit; every other human
seat must say yes (bots agree); a no leaves the game as it was; a yes from all ends it at the end of the round."""

from __future__ import annotations

import asyncio
import random

from table_helpers import Client, bot, table, until

from dune_tui.controller import Decision
from dune_tui.games.express import AGREE_END, Options, end_offered
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import AnswerEnd, EndProposal, GameOver, ProposeEnd, Refused, Welcome

ANN, BOB = SeatConfig(kind="human", name="Ann"), SeatConfig(kind="human", name="Bob")


def _at_proposal(seats, seed=5) -> Session:
    """A Dune Express game without a round limit, played at random until a human may propose in round 2."""
    game = Session(Options(rules="express", players=len(seats), seed=seed), seats, bots_secret=seed)
    c, r = game.controller, random.Random(seed)
    while not (c.state.round >= 2 and game.seats[c.state.active].is_human and end_offered(c.state, c.state.active)):
        assert not c.over
        request = c.pending()[0]
        batches = c.submit(Decision(request.id, request.seat, r.choice(request.legal)))
        game.history.extend({id(e): e for b in batches for e in b.events}.values())
    return game


async def _play_out(t, clients) -> None:
    """Answer every open request at random until the game is over."""
    r = random.Random(1)
    while not t.controller.over:
        for c in clients:
            for req in c.open_requests():
                c.send(Decision(req.id, req.seat, r.choice(req.legal)))
        await asyncio.sleep(0.001)


def test_x36_a_no_leaves_the_game_a_yes_from_every_human_ends_it_at_the_end_of_the_round(save_dir):
    asyncio.run(_a_no_leaves_the_game_a_yes_from_every_human_ends_it_at_the_end_of_the_round())


async def _a_no_leaves_the_game_a_yes_from_every_human_ends_it_at_the_end_of_the_round():
    game = _at_proposal([ANN, BOB, bot()])
    t = table(game)
    clients = {s: Client(t, s) for s in (0, 1)}
    runner = asyncio.create_task(t.run())
    me = game.controller.state.active
    other, mine = clients[1 - me], clients[me]
    await until(lambda: mine.open_requests(), "the proposer is asked")
    decisions, round_ = len(game.log), game.controller.state.round

    other.send(ProposeEnd())  # not their turn: refused to them alone, in the game's words
    assert other.of(Refused)[-1].reason == ("this game cannot be ended by agreement now: An end by agreement is "
                                            "proposed at the roll of your own turn (X36).")
    mine.send(ProposeEnd())
    assert other.of(EndProposal)[-1] == EndProposal(seat=me, round=round_, waiting=(1 - me,))
    mine.send(ProposeEnd())
    assert "already open" in mine.of(Refused)[-1].reason
    late = Client(t, 1 - me)  # a rejoining screen is told of the open proposal
    assert late.of(Welcome)[0].proposal == EndProposal(seat=me, round=round_, waiting=(1 - me,))
    t.detach(late.conn)
    other.send(AnswerEnd(yes=False))
    for c in clients.values():
        closed = c.of(EndProposal)[-1]
        assert closed.seat == -1 and f"({'Bob' if me == 0 else 'Ann'}) said no" in closed.text
    assert len(game.log) == decisions and game.controller.state.limit == 0  # nothing happened

    mine.send(ProposeEnd())
    other.send(AnswerEnd(yes=True))
    assert "Everybody agreed to end the game at the end of round" in mine.of(EndProposal)[-1].text
    assert game.log[-1].action == AGREE_END and game.log[-1].seat == me
    assert game.controller.state.limit == round_
    await _play_out(t, clients.values())
    await until(lambda: all(c.of(GameOver) for c in clients.values()), "the game over")
    result = clients[0].of(GameOver)[0].state.result
    assert (result.reason, result.round, result.winners) == ("agreed", round_, ())
    assert result.text.startswith(f"The players agreed to end the game in round {round_}")
    await runner


def test_x36_one_human_with_bots_ends_it_alone(save_dir):
    asyncio.run(_one_human_with_bots_ends_it_alone())


async def _one_human_with_bots_ends_it_alone():
    game = _at_proposal([ANN, bot(), bot()], seed=3)
    t = table(game)
    me = Client(t, 0)
    runner = asyncio.create_task(t.run())
    await until(lambda: me.open_requests(), "the human is asked")
    me.send(ProposeEnd())
    assert game.log[-1].action == AGREE_END
    assert "Everybody agreed" in me.of(EndProposal)[-1].text
    await _play_out(t, [me])
    await until(lambda: me.of(GameOver), "the game over")
    assert me.of(GameOver)[0].state.result.reason == "agreed"
    await runner


def test_x36_the_first_game_never_offers_it(save_dir):
    asyncio.run(_the_first_game_never_offers_it())


async def _the_first_game_never_offers_it():
    from table_helpers import session

    t = table(session(2))
    me = Client(t, 0)
    runner = asyncio.create_task(t.run())
    await until(lambda: me.open_requests(), "the human is asked")
    me.send(ProposeEnd())
    assert me.of(Refused)[-1].reason == "this game cannot be ended by agreement now" and not me.of(EndProposal)
    t.close()
    await runner
