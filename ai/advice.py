"""The advisor: the search's opinion of one human decision, from that seat's view only.

`analyse` runs the search bot on a `DecisionRequest` (the seat's view and legal actions, the same no-cheat rule as
the bots) and returns the legal actions it looked at, best first, with their root visits and estimated chance of
winning.  It searches with a fresh tree and random stream of the agent's seed, so a bot's own `decide` answers as
it would have without the advice.  The chance of winning is the seat's own (alone or in an alliance), apart from
the chance that nobody wins; the search chooses by its reward, which counts a game nobody wins as a little
(ai/evaluator.py, DRAW), so `value` is that reward, not a chance.
"""

from __future__ import annotations

import dataclasses
import random

from .mcts import LEVELS, MctsAgent, full_search

# an answer within a second (0.9-1.0 s measured)
ADVICE_CONFIG = full_search(dataclasses.replace(LEVELS["normal"], seconds=0.9))
TOP = 4  # options shown


@dataclasses.dataclass(frozen=True)
class Advice:
    """One option: `share` is its part of the root's visits (0 to 1), `value` the search's mean reward for it;
    `win` the seat's chance of winning the search found for it, `margin` the half-width of that figure's 95%
    interval over the search's samples, `nobody` the chance that nobody wins (all None where the search keeps
    none: an unvisited option, a sealed commit's mixed strategy)."""

    action: tuple
    visits: float
    share: float
    value: float | None
    win: float | None = None
    margin: float | None = None
    nobody: float | None = None


def analyse(request, *, agent: MctsAgent | None = None, cancel=None, top: int = TOP) -> list[Advice]:
    """The search's `top` options for `request`, most visited first (reads `request.view` and `request.legal`)."""
    legal = list(request.legal)
    base = agent or MctsAgent(0, ADVICE_CONFIG, name="advisor")
    rules = base.game(request.view)  # the game's heuristic, its at-once phases
    if len(legal) == 1 or request.phase in rules.at_once:  # the bots answer these at once, by the heuristic
        ranked = rules.ranked(request.view, request.seat, legal, random.Random(base.seed))
        return [Advice(tuple(a), 0, 1.0 if i == 0 else 0.0, None) for i, a in enumerate(ranked[:top])]
    fresh = MctsAgent(base.seed, full_search(base.config), base.evaluator, base.name)
    root = fresh.search(request, cancel)
    rows = root.statistics(request.seat)
    chances = root.chances() or [None] * len(rows)
    stats = [(a, v, q, c) for (a, v, q), c in zip(rows, chances) if a in legal]
    total = sum(v for _, v, _, _ in stats) or 1.0
    stats.sort(key=lambda x: (-x[1], -(x[2] or 0.0)))
    return [Advice(tuple(a), v, v / total, q, *((c.win, c.margin, c.nobody) if c else ()))
            for a, v, q, c in stats[:top]]
