"""Find a deal for a guided first game (ui/games/NAME/lesson.toml): play the lesson's game in process with the keys
test_e2e_learn.py's player presses (seed_search.key_action's rule: `a` on a roll, Enter on a battle commit,
`2` on a landing or a move, `1` on any other list), and report, for each seed, the lesson's steps never told, the
human's decisions, the rounds played and how the game ended.  The lesson's file then fixes the seed (and the bots'
secret) with every step told and the fewest decisions.

    .venv/bin/python tests/e2e/lesson_search.py dune 1 40        # seeds 1..40 (bots' secret: the file's)
"""

from __future__ import annotations

import asyncio
import sys

import msgspec
from seed_search import ACTIVE, key_action

from dune_tui.controller import Decision
from dune_tui.game_spec import GameSpec, new_game
from dune_tui.table import Table
from dune_tui.table.messages import DecisionRequest, GameOver, Welcome
from dune_tui.ui.games import board_for
from dune_tui.ui.screens.lesson import moments, read_plan
from dune_tui.ui.widgets.choices import group

HUMAN = 0


def key_for_request(request):
    """The action the player's key gives (e2e_players.key_for): the first game's as seed_search's rule; Dune
    Express's `a` on a roll stops it, `2` lands (`1`, Done), `1` on any other list picks its first option."""
    if request.view.options.__class__.__module__.startswith("dune_tui.games.dune"):
        return key_action(request)
    if request.phase == "roll":
        return ("stop",)
    choices = group(request.legal, request.view, board_for(request.view.options).words)
    if request.prompt.startswith(ACTIVE) and len(choices) > 1:
        return choices[1].action
    return choices[0].action


async def play(name: str, seed: int, secret: int | None = None, key=key_for_request) -> dict:
    plan = read_plan(name)
    game = dict(plan.game, seed=seed)
    if secret is not None:
        game["bots_secret"] = secret
    game["factions"] = tuple(game.get("factions", ())) or None
    session = new_game(GameSpec(rules=name, **game))
    table = Table(session, bots="thread", pause=0.0, autosave=False)
    left = list(plan.steps)
    told: list[str] = []
    decisions = 0
    done = asyncio.Event()
    over: list = []

    def tell(found) -> None:
        for moment, data in found:
            for step in [s for s in left if s.told_by(moment, data)]:
                left.remove(step)
                told.append(step.title)

    def take(message) -> None:
        nonlocal decisions
        if isinstance(message, GameOver):
            over.append(message.state.result)
            done.set()
            return
        if isinstance(message, Welcome):
            tell([(f"event:{e.kind}", e.data) for e in message.events])
            requests = list(message.requests)
        else:
            tell(list(moments(message)))
            requests = [message] if isinstance(message, DecisionRequest) else []
        for r in requests:
            if r.seat != HUMAN:
                continue
            if isinstance(message, Welcome):
                tell([(f"ask:{r.phase}", None)])
            decisions += 1
            action = key(r)
            asyncio.get_running_loop().call_soon(table.receive, conn, Decision(r.id, HUMAN, action))

    conn = table.attach(HUMAN, take)
    task = asyncio.get_running_loop().create_task(table.run())
    await asyncio.wait_for(done.wait(), 120)
    table.close()
    await task
    result = over[0]
    return {"seed": seed, "untold": [s.title for s in left], "decisions": decisions, "round": result.round,
            "result": msgspec.structs.asdict(result) if hasattr(result, "__struct_fields__") else result,
            "told": told}


def main() -> None:
    name, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for seed in range(first, last + 1):
        found = asyncio.run(play(name, seed))
        print(f"seed {seed}: {found['decisions']} decisions, round {found['round']}, "
              f"{found['result'].get('reason')} {found['result'].get('winners')}; untold: {found['untold']}",
              flush=True)


if __name__ == "__main__":
    main()
