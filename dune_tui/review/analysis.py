"""The search's judgement of every decision of a saved game, as the deciding seat could see it.

For decision k by seat s, from s's view only (the bots' and the advisor's no-cheat rule):
- the search (`ai.mcts`, the advisor's settings with an iteration budget, so the figures are the same every
  time) names the option it prefers;
- `rollouts` paired determinizations of the view (the same fresh dice for both) play the option taken and the
  preferred one on by the search's own evaluator: each one's chance of winning, without the luck of the dice
  that follow (the dice to come are drawn afresh);
- the rollouts after the option taken also give every seat's chance at the next position: the line per seat.

A chance of winning is the seat's own (alone or in an alliance), one treatment everywhere: a rollout that ends
the game counts 1 for each winner and 0 for the others, a game nobody wins 0 for everyone (and 1 for the chance
that nobody wins, kept apart, `nobody`); a rollout stopped at the search's horizon counts the evaluator's
chances (ai.evaluator.Leaf, not the search's reward, which values a game nobody wins a little); the opening
position is judged by the same rollouts, and a finished game's last position by its result.

An unfinished game reviewed by one seat is judged from that seat's view only, at its own decisions: nothing of
another seat's secrets reaches the figures.  `marks` are the decisions that threw most away.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable

import msgspec

from dune_tui.ai.evaluator import outcome
from dune_tui.ai.games import search_rules
from dune_tui.ai.mcts import LEVELS, MctsAgent, full_search

from ..controller import DecisionRequest

VERSION = 2  # bump when the figures' meaning changes: older caches are recomputed (2: chances, not rewards)
THRESHOLD = 0.05  # a decision that loses less than this is not marked
SHOWN = 0.005  # a chance that nobody wins is worded where it rounds to 1% or more
START = 1 << 24  # the opening position's rollouts are seeded as a decision no game reaches


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
    nobody: float = 0.0  # the chance that nobody wins after the option taken

    def line(self) -> str:
        """ "Corrino 34% → 12%: Move 4 troops from Arrakeen; the search preferred Land 2 in Carthag, 31%", with
        "(nobody 60%)", the chance that nobody wins, after the chances where that is 1% or more."""
        drawn = f" (nobody {pct(self.nobody)})" if self.nobody >= SHOWN else ""
        head = f"{self.side} {pct(self.before)} → {pct(self.after)}{drawn}: {self.action}"
        return f"{head}; the search preferred {self.best}, {pct(self.best_chance)}" if self.best else head


class Analysis(msgspec.Struct, kw_only=True):
    """The figures for one save file (`digest`), one budget and one way of looking (`seat`: None, each
    deciding seat's view; else that seat's only).  `chances[k][s]`: seat s's chance of winning at position k
    (None where the review may not say), `nobody[k]` the chance that nobody wins there (as the seat judging it
    saw it); `complete` False when it was cancelled part-way."""

    version: int = VERSION
    digest: str
    budget: Budget
    seat: int | None
    decisions: list[Judged]
    chances: list[list[float | None]]
    nobody: list[float | None] = []
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
    config = full_search(dataclasses.replace(LEVELS["normal"], iters=budget.iters, seconds=60.0))
    first = only if only is not None else (review.log[0][0] if review.log else 0)
    start, drawn = rollouts(g, engine, engine.view(review.states[0], first), first, None, budget.rollouts, START,
                            config.horizon)
    chances: list[list[float | None]] = [[None if only not in (None, s) else start[s] for s in range(n)]]
    nobody: list[float | None] = [drawn]
    judged: list[Judged] = []
    total = len(review.log)
    complete = True
    for k, (seat, action) in enumerate(review.log):
        if cancel is not None and cancel.is_set():
            complete = False
            break
        row, none = list(chances[-1]), nobody[-1]
        if only is None or seat == only:
            view = engine.view(review.states[k], seat)
            best = preferred(g, view, seat, engine.legal_actions(review.states[k], seat), config, k)
            taken, none = rollouts(g, engine, view, seat, action, budget.rollouts, k, config.horizon)
            better = taken if best == action else rollouts(g, engine, view, seat, best, budget.rollouts, k,
                                                           config.horizon)[0]
            before = row[seat] if row[seat] is not None else start[seat]
            row = [taken[s] if only in (None, s) else None for s in range(n)]
            judged.append(Judged(
                decision=k, seat=seat, side=review.side_name(seat), action=review.action_text(k),
                before=before, after=taken[seat], best="" if best == action else
                rules.describe.action_text(view, best), best_chance=better[seat],
                loss=max(0.0, better[seat] - taken[seat]) if best != action else 0.0, nobody=none))
        chances.append(row)
        nobody.append(none)
        if progress is not None:
            progress(k + 1, total)
    if complete and review.over:
        end = outcome(review.states[-1], engine.returns)
        chances[-1] = [float(r) if only in (None, s) else None for s, r in enumerate(end.wins)]
        nobody[-1] = end.nobody
    return Analysis(digest=review.digest, budget=budget, seat=only, decisions=judged, chances=chances,
                    nobody=nobody, complete=complete)


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


def rollouts(g, engine, view, seat: int, action: tuple | None, count: int, k: int,
             horizon: int | None) -> tuple[list[float], float]:
    """Every seat's mean chance of winning after `seat` plays `action` (None: from `view` as it is), and the mean
    chance that nobody wins, over `count` determinizations of `view` (seeded by the decision, so two options of
    one decision meet the same dice): a finished rollout by its result, an unfinished one by the evaluator's
    chances at the horizon (ai.evaluator.Leaf)."""
    wins, nobody = [0.0] * view.n, 0.0
    done = 0
    for j in range(count):
        s = engine.determinize(view, k * 100_003 + j)
        turn = s.turn + horizon if horizon is not None else None
        if action is not None:
            try:
                engine.apply(s, seat, action, check=False)
            except Exception:  # not playable in this determinization (another seat's secret)
                continue
        leaf = g.evaluator.evaluate(s, seat, turn) if s.result is None else outcome(s, engine.returns)
        for i, x in enumerate(leaf.wins):
            wins[i] += x
        nobody += leaf.nobody
        done += 1
    if not done:
        return [1.0 / view.n] * view.n, 0.0  # (every option meets the same: nothing told apart)
    return [w / done for w in wins], nobody / done
