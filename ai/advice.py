"""The advisor: the search's opinion of one human decision, from that seat's view only.

`analyse` runs the search bot on a `DecisionRequest` (the seat's view and legal actions, the same no-cheat rule as
the bots) and returns the legal actions it looked at, best first, with their root visits and estimated chance of
winning.  It searches with a fresh tree and random stream of the agent's seed, so a bot's own `decide` answers as
it would have without the advice.
"""

from __future__ import annotations

import dataclasses

from . import heuristic
from .games.dune import HEURISTIC_PHASES
from .mcts import LEVELS, MctsAgent

ADVICE_CONFIG = dataclasses.replace(LEVELS["normal"], seconds=0.9)  # an answer within a second (0.9-1.0 s measured)
TOP = 4  # options shown


@dataclasses.dataclass(frozen=True)
class Advice:
    """One option: `share` is its part of the root's visits (0 to 1), `value` the mean chance of winning the
    search found for it (None where it keeps none: an unvisited option, a sealed commit's mixed strategy)."""

    action: tuple
    visits: float
    share: float
    value: float | None


def analyse(request, *, agent: MctsAgent | None = None, cancel=None, top: int = TOP) -> list[Advice]:
    """The search's `top` options for `request`, most visited first (reads `request.view` and `request.legal`)."""
    legal = list(request.legal)
    base = agent or MctsAgent(0, ADVICE_CONFIG, name="advisor")
    if len(legal) == 1 or request.phase in HEURISTIC_PHASES:  # the bots answer these at once, by the heuristic
        ranked = heuristic.ranked(request.view, request.seat, legal)
        return [Advice(tuple(a), 0, 1.0 if i == 0 else 0.0, None) for i, a in enumerate(ranked[:top])]
    fresh = MctsAgent(base.seed, base.config, base.evaluator, base.name)
    root = fresh.search(request, cancel)
    stats = [(a, v, q) for a, v, q in root.statistics(request.seat) if a in legal]
    total = sum(v for _, v, _ in stats) or 1.0
    stats.sort(key=lambda x: (-x[1], -(x[2] or 0.0)))
    return [Advice(tuple(a), v, v / total, q) for a, v, q in stats[:top]]
