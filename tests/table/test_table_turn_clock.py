"""A turn's bots share one clock (issue 47: a whole bot turn, its other bots' answers included, within the level's
turn cap): each bot's request says how long the table's bots have thought in this turn of the game."""

from __future__ import annotations

import asyncio
import itertools
import random
import time

from table_helpers import Client, bot, session, table, until

from dune_tui.table.messages import SPECTATOR

SECONDS = 0.02  # each answer's thinking


class SlowBots:
    """A runner whose bots answer at random after `SECONDS`, writing down what each request told them."""

    kind, specs = "thread", {}

    def __init__(self) -> None:
        self.told: list[tuple[int, int, float | None]] = []  # (turn, seat, bots_seconds)

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass

    def decide(self, request, cancel):
        self.told.append((request.view.turn, request.seat, request.bots_seconds))
        time.sleep(SECONDS)
        return random.Random(request.id).choice(request.legal)


def test_each_bot_is_told_what_the_tables_bots_thought_in_the_turn_so_far_the_other_seats_answers_too():
    game = session(4, seats=[bot(), bot(), bot(), bot()], seed=3)
    runner = SlowBots()
    t = table(game, runner=runner, autosave=False)

    async def main():
        Client(t, SPECTATOR)
        task = asyncio.create_task(t.run())
        await until(lambda: len({turn for turn, _, _ in runner.told}) > 6, "six turns", limit=200_000)
        t.close()
        await task

    asyncio.run(main())
    by_turn: dict[int, list[tuple[int, float]]] = {}
    for turn, seat, told in runner.told:
        by_turn.setdefault(turn, []).append((seat, told))
    for turn, asked in by_turn.items():
        assert asked[0][1] == 0.0, f"turn {turn} starts afresh: {asked}"
        for (_, before), (_, after) in itertools.pairwise(asked):
            assert after >= before + SECONDS * 0.9, f"turn {turn}: each answer's thinking counted: {asked}"
    answered = [(turn, seat) for turn, asked in by_turn.items() for seat, told in asked[1:] if seat != asked[0][0]]
    assert answered, "another seat's bot answered in some turn, and was told the turn's thinking so far"

