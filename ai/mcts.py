"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration samples a determinization of the seat's view
(`dune_tui.engine.determinize`: fresh dice, the hidden Bene Gesserit
prediction drawn, another seat's sealed battle commit taken back) and walks
one tree shared by all of them.  A node is an information set of the
searching seat: it is keyed by `observation_key` (what that seat observes), so the dice
a reroll shows lead to different children (chance is "closed loop") while
the hidden prediction and the other side's commit never split the tree.

- Ordinary decisions: PUCT (the AlphaZero selection rule) with a prior
  from the heuristic's ranking of the legal actions: half on its pick, the
  rest decaying by rank.  While the values look alike, the search plays
  like the heuristic; another action takes over only when its value is
  clearly better, so the 127 ways to keep dice or the many ways to move
  troops never flood the tree with noise.
- Battle commits are simultaneous: at a commit node both sides choose at
  once, each by regret matching over its own abstract commits (the cheapest
  commit of each strength), and neither sees the other's choice.  The move
  actually played is drawn from the average strategy.
- Leaves are valued by a heuristic rollout to the end of the game or, past a
  horizon of turns, by the evaluation in `ai.evaluate` (with two players,
  its two-player models for the searching seat).  At the levels'
  budgets the tree stays within the seat's own turn: the other seats' turns
  are the heuristic's rollouts (docs/STRENGTH.md, "Where the tree goes").
- The tree is kept between decisions: the next decision starts from the
  node matching what the seat now sees, if the previous search reached it.

Levels are iteration budgets (deterministic for a seed) with a wall-clock
safety cap; a set `cancel` event stops the search within one iteration.
"""

from __future__ import annotations

import math
import random
import time

from dune_tui.engine import apply, determinize, legal_actions, observation_key, returns
from dune_tui.engine.data import GUILD

from . import heuristic
from .evaluate import evaluate, facing_guild, facing_rival

# Decisions that rarely matter get a fraction of the budget.
MINOR_PHASES = frozenset({
    "fort_loss", "face_dancers", "worm_harvester", "offer_leader", "share", "gift", "consent", "ally_recruit",
    "axolotl", "battle_order", "ally_land", "ally_move", "recruit", "piter",
})
HEURISTIC_PHASES = frozenset({"setup_prediction", "choose_faction"})
HORIZON = 2  # turns rolled out before the evaluation (4 measured no better, at twice the cost)
RM_GAMMA = 0.15
MIN_VISITS = 8
# PUCT with the heuristic's ranking as prior (docs/STRENGTH.md: c 0.5 to 2 alike; a prior of 0.3 on the
# heuristic's pick lost most Guild games, 0.5 and 0.7 alike)
PUCT_C = 0.5
PRIOR_TOP, PRIOR_DECAY = 0.5, 0.6  # the heuristic's pick; each further candidate 0.6 times the one before
FPU_REDUCTION = 0.1  # an unvisited candidate starts at the node's mean value less this
DRAW = 0.25  # what a game nobody wins is worth to each seat: a loss, but nobody else's win either
# The two-player models of ai.evaluate: the non-Guild side facing the Guild values its leaves by facing_guild, either
# side of a game without the Guild its own value by facing_rival.
FACING_GUILD = True
FACING_RIVAL = True


def outcome(s) -> list[float]:
    """The reward of a finished game for each seat (1 a win; DRAW each when nobody won)."""
    r = returns(s)
    return r if any(r) else [DRAW] * s.n


def expected(s, seat: int) -> list[float]:
    """Each seat's value of a leaf as the searching `seat` judges it: the evaluation's chance to win plus DRAW
    times the chance that nobody does (none with the Guild in play: it wins if nobody else does); with two
    players, `seat`'s own value from the two-player models."""
    if s.in_play(GUILD):
        if FACING_GUILD and s.n == 2 and s.seat_faction[seat] != GUILD:
            return facing_guild(s, seat)
        return evaluate(s)
    p = evaluate(s)
    nobody = max(0.0, 1.0 - sum(p))
    out = [x + DRAW * nobody for x in p]
    if FACING_RIVAL and s.n == 2:
        out[seat] = facing_rival(s, seat)
    return out


_PRIORS: dict[int, list[float]] = {}


def prior(k: int) -> list[float]:
    """The prior over k ranked actions: PRIOR_TOP on the heuristic's pick, the rest decaying by rank."""
    p = _PRIORS.get(k)
    if p is None:
        if k == 1:
            p = [1.0]
        else:
            rest = [PRIOR_DECAY ** i for i in range(k - 1)]
            s = sum(rest)
            p = [PRIOR_TOP] + [(1 - PRIOR_TOP) * r / s for r in rest]
        _PRIORS[k] = p
    return p


class Node:
    """One information set: the seats to move, their candidate actions and statistics."""

    __slots__ = ("actions", "children", "joint", "key", "n", "regret", "seats", "strat", "visits", "wins")

    def __init__(self, s, key: bytes) -> None:
        self.key = key
        self.n = 0
        self.children: dict = {}
        self.seats = s.awaiting
        self.joint = s.phase == "commit" and len(s.awaiting) == 2
        if self.joint:
            self.actions = [heuristic.commit_frontier(legal_actions(s, seat)) for seat in self.seats]
            self.regret = [[0.0] * len(a) for a in self.actions]
            self.strat = [[0.0] * len(a) for a in self.actions]
            self.visits = self.wins = None
        elif self.seats:
            seat = self.seats[0]
            self.actions = heuristic.ranked(s, seat, legal_actions(s, seat))
            self.visits = [0] * len(self.actions)
            self.wins = [0.0] * len(self.actions)
            self.regret = self.strat = None
        else:
            self.actions = []

    # ------------------------------------------------------ single mover
    def select(self) -> int:
        """PUCT (AlphaZero's rule) with the heuristic's ranking as the prior: while the values are flat the
        visits follow the heuristic, and an alternative takes over only when it is found clearly better."""
        k = len(self.actions)
        priors = prior(k)
        visits, wins = self.visits, self.wins
        sqrt_n = math.sqrt(self.n + 1)
        total = sum(wins)
        fpu = total / self.n if self.n else 0.5
        best, best_v = 0, -1e9
        for i in range(k):
            v = visits[i]
            q = wins[i] / v if v else fpu - FPU_REDUCTION
            u = q + PUCT_C * priors[i] * sqrt_n / (1 + v)
            if u > best_v:
                best, best_v = i, u
        return best

    def best(self) -> int:
        return max(range(len(self.actions)), key=lambda i: (self.visits[i], -i))

    # ------------------------------------------------------- simultaneous
    def policy(self, side: int) -> list[float]:
        pos = [max(r, 0.0) for r in self.regret[side]]
        total = sum(pos)
        k = len(pos)
        if total <= 0:
            return [1.0 / k] * k
        return [p / total for p in pos]

    def select_joint(self, rng: random.Random) -> tuple[tuple[int, int], tuple[list[float], list[float]]]:
        picks, probs = [], []
        for side in (0, 1):
            sigma = self.policy(side)
            k = len(sigma)
            mixed = [(1 - RM_GAMMA) * p + RM_GAMMA / k for p in sigma]
            r = rng.random()
            i = 0
            acc = mixed[0]
            while r > acc and i < k - 1:
                i += 1
                acc += mixed[i]
            picks.append(i)
            probs.append(mixed)
            strat = self.strat[side]
            for j in range(k):
                strat[j] += sigma[j]
        return (picks[0], picks[1]), (probs[0], probs[1])

    def update_joint(self, picks, probs, rewards) -> None:
        for side in (0, 1):
            u = rewards[self.seats[side]]
            a = picks[side]
            reg = self.regret[side]
            est = u / probs[side][a]
            for j in range(len(reg)):
                reg[j] += (est if j == a else 0.0) - u

    def average(self, side: int) -> list[float]:
        s = self.strat[side]
        total = sum(s)
        if total <= 0:
            return [1.0 / len(s)] * len(s)
        return [x / total for x in s]


class Budget:
    __slots__ = ("horizon", "iters", "seconds")

    def __init__(self, iters: int, seconds: float, horizon: int | None = None) -> None:
        self.iters = iters  # root visits to reach (the tree kept from the last decision counts)
        self.seconds = seconds  # wall-clock safety cap per decision
        self.horizon = horizon  # turns to roll out before evaluating (None: to the end)


LEVELS = {
    "easy": Budget(100, 1.0, HORIZON),
    "normal": Budget(700, 2.5, HORIZON),
    "hard": Budget(2000, 7.0, HORIZON),
}


class MctsAgent:
    """An ISMCTS bot; `decide` answers a DecisionRequest from the seat's view only."""

    def __init__(self, seed: int = 0, budget: Budget | None = None, name: str = "mcts") -> None:
        self.seed = seed
        self.budget = budget or LEVELS["normal"]
        self.name = name
        self.rng = random.Random(seed)
        self.tree: Node | None = None
        self.last_iterations = 0

    def __getstate__(self):  # the kept tree is a cache: do not ship it
        return {"seed": self.seed, "budget": self.budget, "name": self.name, "rng": self.rng, "tree": None,
                "last_iterations": 0}

    def __setstate__(self, d) -> None:
        self.__dict__.update(d)

    # ------------------------------------------------------------ deciding
    def decide(self, request, cancel=None):
        legal = list(request.legal)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        view, seat = request.view, request.seat
        if request.phase in HEURISTIC_PHASES:
            return heuristic.choose(view, seat, legal)
        key = observation_key(view, seat)
        root = self._reuse(key)
        if root is None:
            probe = determinize(view, self.rng.getrandbits(62))
            root = Node(probe, key)
        self.tree = root
        budget = self.budget
        target = budget.iters // 4 if request.phase in MINOR_PHASES else budget.iters
        deadline = time.perf_counter() + budget.seconds
        i = 0
        while root.n < target and i < 2 * target:
            if cancel is not None and cancel.is_set():
                break
            if i & 7 == 7 and time.perf_counter() > deadline:
                break
            s = determinize(view, self.rng.getrandbits(62))
            self._iterate(root, s, seat)
            i += 1
        self.last_iterations = i
        return self._final(root, seat, legal, view)

    def _final(self, root: Node, seat: int, legal: list, view):
        if root.n < MIN_VISITS:  # cancelled at once: the heuristic is a better guess than a barely searched tree
            return heuristic.choose(view, seat, legal)
        if root.joint:
            side = root.seats.index(seat)
            avg = root.average(side)
            keep = [p if p >= 0.05 else 0.0 for p in avg]
            total = sum(keep) or 1.0
            r = self.rng.random() * total
            acc = 0.0
            for a, p in zip(root.actions[side], keep):
                acc += p
                if r <= acc and p > 0:
                    return a if a in legal else heuristic.choose(view, seat, legal)
            return heuristic.choose(view, seat, legal)
        if root.visits is None or not root.actions or sum(root.visits) == 0:
            return heuristic.choose(view, seat, legal)
        action = root.actions[root.best()]
        return action if action in legal else heuristic.choose(view, seat, legal)

    def _reuse(self, key: bytes) -> Node | None:
        """The node of the kept tree matching what the seat sees now (a short breadth-first look)."""
        old = self.tree
        if old is None:
            return None
        if old.key == key:
            return old
        frontier = [old]
        for _ in range(8):
            nxt = []
            for node in frontier:
                for child in node.children.values():
                    if child.key == key:
                        return child
                    nxt.append(child)
            if len(nxt) > 4000:
                return None
            frontier = nxt
            if not frontier:
                break
        return None

    # ----------------------------------------------------------- iterating
    def _iterate(self, root: Node, s, seat: int) -> None:
        path = []
        node = root
        rewards = None
        horizon_turn = s.turn + self.budget.horizon if self.budget.horizon is not None else None
        while True:
            if s.result is not None:
                rewards = outcome(s)
                break
            if node.joint and s.phase == "commit" and len(s.awaiting) == 2:
                picks, probs = node.select_joint(self.rng)
                for side in (0, 1):
                    apply(s, node.seats[side], node.actions[side][picks[side]], check=False)
                choice = picks
                path.append((node, picks, probs))
            else:
                if node.joint or not node.actions or node.seats != s.awaiting:
                    break  # should not happen: the key fixes who moves
                i = node.select()
                apply(s, node.seats[0], node.actions[i], check=False)
                choice = i
                path.append((node, i, None))
            k = observation_key(s, seat)
            child = node.children.get((choice, k))
            if child is None:
                child = Node(s, k)
                node.children[(choice, k)] = child
                node = child
                break
            node = child
        if rewards is None:
            rewards = self._rollout(s, horizon_turn, seat)
        node.n += 1
        for n, choice, probs in path:
            n.n += 1
            if probs is not None:
                n.update_joint(choice, probs, rewards)
            else:
                n.visits[choice] += 1
                n.wins[choice] += rewards[n.seats[0]]

    def _rollout(self, s, horizon_turn: int | None, seat: int) -> list[float]:
        choose = heuristic.choose
        while s.result is None:
            if horizon_turn is not None and s.turn >= horizon_turn and s.phase == "roll" and s.kept == 0:
                return expected(s, seat)
            mover = s.awaiting[0]
            apply(s, mover, choose(s, mover), check=False)
        return outcome(s)


def make(arg: str | None, seed: int) -> MctsAgent:
    """Build from a spec argument: easy, normal, hard, iters=N, time=SECONDS."""
    from .registry import AgentSpecError

    if arg is None or arg.lower() in LEVELS:
        level = (arg or "normal").lower()
        return MctsAgent(seed, LEVELS[level], f"mcts:{level}")
    key, sep, value = arg.partition("=")
    key = key.strip().lower()
    if not sep or key not in ("iters", "time"):
        raise AgentSpecError(f"mcts takes easy, normal, hard, iters=N or time=SECONDS, not {arg!r}")
    try:
        number = int(value) if key == "iters" else float(value)
    except ValueError:
        raise AgentSpecError(f"mcts:{key} needs a number, not {value!r}") from None
    base = LEVELS["normal"]
    if key == "iters":
        if not 1 <= number <= 1_000_000:
            raise AgentSpecError(f"mcts:iters must be 1 to 1000000, not {number}")
        return MctsAgent(seed, Budget(number, max(base.seconds, number / 50), base.horizon), f"mcts:iters={number}")
    if not 0.01 <= number <= 600:
        raise AgentSpecError(f"mcts:time must be 0.01 to 600 seconds, not {value}")
    return MctsAgent(seed, Budget(10**9, number, base.horizon), f"mcts:time={value}")
