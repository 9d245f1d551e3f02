"""Find a seed for tests/e2e/test_e2e_table.py: play the hosted game in process with the keys its driver
presses (`a` on a roll, Enter on a battle commit (nothing committed), `2` on a landing or a move (`1` is
Done), `1` on any other list), and report the
seeds whose game has a battle between the two humans (both commit forms open at once).

    .venv/bin/python tests/e2e/seed_search.py 1 40        # seeds 1..40
"""

from __future__ import annotations

import asyncio
import sys

from dune_tui.cli import parse_args
from dune_tui.commands.host import session_for
from dune_tui.controller import Decision
from dune_tui.games.dune.data import ALL_DICE_MASK
from dune_tui.table import Table
from dune_tui.table.messages import DecisionRequest, GameOver, Welcome
from dune_tui.ui.games.dune.words import FIRST_GAME
from dune_tui.ui.widgets.choices import group

HUMANS = (0, 1)
ACTIVE = ("Land troops", "Move troops")  # prompts where `2` lands or moves (`1` is Done)


def host_args(seed: int, *seats: str) -> list[str]:
    """`dune-tui host` as the e2e test runs it (without the save directory)."""
    seat_args = [a for s in seats for a in ("--seat", s)]
    return ["host", "--no-play", *seat_args, "--pause", "0", "--bots", "thread", "--seed", str(seed)]


def key_action(request) -> tuple:
    """What the driver's key does to this request: `a` keeps all dice, Enter seals an empty commit, `1`
    picks the first option of a list."""
    if request.phase == "roll":
        return ("keep", ALL_DICE_MASK & ~request.view.kept)
    if request.phase == "commit":
        return ("commit", (), ())
    choices = group(request.legal, request.view, FIRST_GAME)
    if request.prompt.startswith(ACTIVE) and len(choices) > 1:
        return choices[1].action
    return choices[0].action


async def play(seed: int, seats: tuple[str, ...]) -> tuple[int, list[int], int]:
    """(decisions by each human, rounds with a human-human battle commit, total decisions)."""
    session, _ = session_for(parse_args(host_args(seed, *seats)))
    table = Table(session, bots="thread", pause=0.0, autosave=False)
    open_commits: dict[int, int] = {}
    battles: list[int] = []
    counts = dict.fromkeys(HUMANS, 0)
    done = asyncio.Event()

    def take(seat: int, message) -> None:
        requests = message.requests if isinstance(message, Welcome) else [message]
        if isinstance(message, GameOver):
            done.set()
        for r in requests:
            if not isinstance(r, DecisionRequest) or r.seat != seat:
                continue
            action = key_action(r)
            if action not in r.legal:
                raise AssertionError(f"seed {seed}: the key's action {action} is not legal at {r.phase}")
            if r.phase == "commit":
                open_commits[seat] = r.view.round
                if len(open_commits) == 2:
                    battles.append(r.view.round)
            counts[seat] += 1
            asyncio.get_running_loop().call_soon(answer, seat, r, action)

    def answer(seat: int, r, action) -> None:
        open_commits.pop(seat, None) if r.phase == "commit" else None
        table.receive(conns[seat], Decision(r.id, seat, action))

    conns = {s: table.attach(s, lambda m, s=s: take(s, m)) for s in HUMANS}
    task = asyncio.get_running_loop().create_task(table.run())
    await asyncio.wait_for(done.wait(), 120)
    table.close()
    await task
    return counts[0] + counts[1], battles, len(session.log)


def main() -> None:
    first, last = int(sys.argv[1]), int(sys.argv[2])
    seats = tuple(sys.argv[3:]) or ("human", "human", "random")
    for seed in range(first, last + 1):
        human, battles, total = asyncio.run(play(seed, seats))
        print(f"seed {seed}: {human} human decisions of {total}; human battles in rounds {battles}", flush=True)


if __name__ == "__main__":
    main()
