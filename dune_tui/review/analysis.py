"""The search's judgement of every decision of a saved game, as the deciding seat could see it.

For decision k by seat s, from s's view only (the bots' and the advisor's no-cheat rule):
- the search (`ai.mcts`, the advisor's settings with an iteration budget, so the figures are the same every
  time) names the option it prefers;
- `rollouts` paired determinizations of the view (the same fresh dice for both) play the option taken and the
  preferred one on by the search's own evaluator: each one's chance of winning, without the luck of the dice
  that follow (the dice to come are drawn afresh);
- the rollouts after the option taken also give every seat's chance at the next position: the line per seat.

An unfinished game reviewed by one seat is judged from that seat's view only, at its own decisions: nothing of
another seat's secrets reaches the figures.  `marks` are the decisions that threw most away.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable

import msgspec

from ai.mcts import LEVELS, MctsAgent
from ai.search_rules import search_rules

from ..controller import DecisionRequest

VERSION = 1  # bump when the figures' meaning changes: older caches are recomputed
THRESHOLD = 0.05  # a decision that loses less than this is not marked


class Budget(msgspec.Struct, frozen=True, kw_only=True):
    """The work per decision: search iterations (the advisor: 700 within 0.9 s) and paired rollouts."""

    iters: int = 60
    rollouts: int = 24


class Judged(msgspec.Struct, kw_only=True):
    """One decision judged: the seat's chance before it and after it, and the option the search preferred."""

    decision: int  # 0-based index in the save's log
    seat: int  # 0-based
    side: str  # the seat's faction or house
    action: str  # what was played, in words
    before: float  # the seat's chance at the position before it (the rollouts after the previous decision)
    after: float  # its chance after the option taken
    best: str  # the option the search preferred, in words ("" when it is the one taken)
    best_chance: float  # its chance after that option
    loss: float  # best_chance - after: what the decision threw away (0 when the search agreed)

    def line(self) -> str:
        """ "Corrino 34% → 12%: Move 4 troops from Arrakeen; the search preferred Land 2 in Carthag, 31%" """
        head = f"{self.side} {pct(self.before)} → {pct(self.after)}: {self.action}"
        return f"{head}; the search preferred {self.best}, {pct(self.best_chance)}" if self.best else head


class Analysis(msgspec.Struct, kw_only=True):
    """The figures for one save file (`digest`), one budget and one way of looking (`seat`: None, each
    deciding seat's view; else that seat's only).  `chances[k][s]`: seat s's chance at position k (None where
    the review may not say); `complete` False when it was cancelled part-way."""

    version: int = VERSION
    digest: str
    budget: Budget
    seat: int | None
    decisions: list[Judged]
    chances: list[list[float | None]]
    complete: bool = True


def pct(x: float | None) -> str:
    return "?" if x is None else f"{round(100 * x)}%"


def marks(analysis: Analysis, limit: int | None = None) -> list[Judged]:
    """The decisions that threw most away, worst first (those losing at least THRESHOLD)."""
    worst = sorted((j for j in analysis.decisions if j.loss >= THRESHOLD), key=lambda j: (-j.loss, j.decision))
    return worst[:limit]


def analyse(review, budget: Budget | None = None, *, progress: Callable[[int, int], None] | None = None,
            cancel: threading.Event | None = None) -> Analysis:
    """Judge every decision of `review` (a steps.Review) that its seat may see; `progress(done, total)` after
    each; a set `cancel` stops within a decision (the result then says `complete=False`)."""
    budget = budget or Budget()
    rules, n, only = review.rules, review.players, (None if review.over else review.seat)
    engine = rules.engine
    g = search_rules(rules.name)
    config = dataclasses.replace(LEVELS["normal"], iters=budget.iters, seconds=60.0)
    chances: list[list[float | None]] = [[None if only not in (None, s) else 1.0 / n for s in range(n)]]
    judged: list[Judged] = []
    total = len(review.log)
    complete = True
    for k, (seat, action) in enumerate(review.log):
        if cancel is not None and cancel.is_set():
            complete = False
            break
        row = list(chances[-1])
        if only is None or seat == only:
            view = engine.view(review.states[k], seat)
            best = preferred(g, view, seat, engine.legal_actions(review.states[k], seat), config, k)
            taken = rollouts(g, engine, view, seat, action, budget.rollouts, k, config.horizon)
            better = taken if best == action else rollouts(g, engine, view, seat, best, budget.rollouts, k,
                                                           config.horizon)
            before = row[seat] if row[seat] is not None else 1.0 / n
            row = [taken[s] if only in (None, s) else None for s in range(n)]
            judged.append(Judged(
                decision=k, seat=seat, side=review.side_name(seat), action=review.action_text(k),
                before=before, after=taken[seat], best="" if best == action else
                rules.describe.action_text(view, best), best_chance=better[seat],
                loss=max(0.0, better[seat] - taken[seat]) if best != action else 0.0))
        chances.append(row)
        if progress is not None:
            progress(k + 1, total)
    if complete and review.over:
        chances[-1] = [float(r) if only in (None, s) else None
                       for s, r in enumerate(engine.returns(review.states[-1]))]
    return Analysis(digest=review.digest, budget=budget, seat=only, decisions=judged, chances=chances,
                    complete=complete)


def preferred(g, view, seat: int, legal: list, config, k: int) -> tuple:
    """The option the search (or, where the bots do not search, the heuristic) prefers, from `view`."""
    legal = [tuple(a) for a in legal]
    if len(legal) == 1:
        return legal[0]
    if view.phase in g.at_once:
        return tuple(g.choose(view, seat, legal, MctsAgent(k).rng))
    request = DecisionRequest(id=k, seat=seat, phase=view.phase, prompt="", view=view, legal=tuple(legal))
    agent = MctsAgent(k, config, name="review")
    root = agent.search(request)
    if root.joint:  # a sealed commit: the mixed strategy's most played commit
        side = root.seats.index(seat)
        average = root.average(side)
        pick = root.actions[side][max(range(len(average)), key=average.__getitem__)]
    elif root.visits and sum(root.visits):
        pick = root.actions[root.best()]
    else:
        pick = g.choose(view, seat, legal, agent.rng)
    pick = tuple(pick)
    return pick if pick in legal else tuple(g.choose(view, seat, legal, agent.rng))


def rollouts(g, engine, view, seat: int, action: tuple, count: int, k: int, horizon: int | None) -> list[float]:
    """Every seat's mean reward after `seat` plays `action`, over `count` determinizations of `view` (seeded by
    the decision, so two options of one decision meet the same dice)."""
    totals = [0.0] * view.n
    done = 0
    for j in range(count):
        s = engine.determinize(view, k * 100_003 + j)
        turn = s.turn + horizon if horizon is not None else None
        try:
            engine.apply(s, seat, action, check=False)
        except Exception:  # not playable in this determinization (another seat's secret)
            continue
        r = g.evaluator.evaluate(s, seat, turn) if s.result is None else engine.returns(s)
        if s.result is not None and not any(r):
            r = [1.0 / view.n] * view.n  # nobody won: as the evaluator's draws
        for i, x in enumerate(r):
            totals[i] += x
        done += 1
    return [t / done for t in totals] if done else [1.0 / view.n] * view.n
