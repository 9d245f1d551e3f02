"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration samples a determinization of the seat's view
(the rule set's `determinize`: fresh dice, the hidden Bene Gesserit
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
  commit of each strength), and neither sees the other's choice.  A joint node
  takes any number of seats choosing at once (each its own regret matching).  The move
  actually played is drawn from the average strategy.
- Priors and leaf values come from an `Evaluator` (ai/evaluator.py): the
  shipped one rolls out by the heuristic to the end of the game or, past a
  horizon of turns, values the position by `ai.games.dune.evaluate` (with two players,
  its two-player models for the searching seat, unless the config says not).
  At the levels' budgets the tree stays within the seat's own turn: the other
  seats' turns are the heuristic's rollouts (docs/STRENGTH.md).
- Chances apart from the reward: a leaf (`ai.evaluator.Leaf`) carries, besides
  the rewards the search maximises (a game nobody wins worth DRAW), each seat's
  chance to win and the chance nobody wins; each node backs them up for its
  mover (`Node.chances`, with a 95% interval over its samples) for the advisor,
  and they never steer the search.
- Any game: the engine, the evaluator and the heuristic come from the
  game's bots module that its record names (ai/games/NAME/, through
  ai/search_rules.py); a joint node is where the engine's `is_simultaneous`
  says the seats awaited (two or more) choose at once.  Dune Express has its own evaluator
  (ai/games/express/evaluator.py).
- The tree is kept between decisions: the next decision starts from the
  node matching what the seat now sees, if the previous search reached it.

Everything tunable is a `SearchConfig`; levels are configs with iteration
budgets (deterministic for a seed) and a wall-clock safety cap.  A decision
stops early once its move is settled (the runner-up could not catch the most
visited), and a bot's decisions in one turn share one budget, so a turn with
many decisions keeps nobody waiting (`settled`, `MctsAgent.spent`); the
advisor and the review search to the whole budget (`full_search`).  A set
`cancel` event stops the search within one iteration.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import time

from dune_tui.games import game_of

from .errors import AgentSpecError
from .evaluator import Evaluator, outcome
from .games import search_rules
from .search_rules import SearchRules

__all__ = ["LEVELS", "Chance", "MctsAgent", "SearchConfig", "full_search", "make", "uncapped"]


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    """Everything a search may be told.  The defaults are the measured ones (lab/LOG.md)."""

    iters: int = 700  # root visits to reach (the tree kept from the last decision counts)
    seconds: float = 2.5  # wall-clock safety cap per decision
    horizon: int | None = 2  # turns rolled out before the evaluation (None: to the end; 4 no better, twice the cost)
    minor_share: int = 4  # a minor decision (ai/search_rules.py) gets iters // minor_share
    # PUCT with the heuristic's ranking as prior: c 0.5 to 2 measured alike; a prior of 0.3 on the heuristic's pick
    # lost most Guild games, 0.5 and 0.7 alike
    puct_c: float = 0.5
    prior_top: float = 0.5  # the prior of the evaluator's first candidate
    prior_decay: float = 0.6  # each further candidate's, times the one before
    fpu_reduction: float = 0.1  # an unvisited candidate starts at the node's mean value less this
    rm_gamma: float = 0.15  # exploration of regret matching at a sealed commit
    min_visits: int = 8  # fewer root visits (cancelled at once): the heuristic answers instead
    two_player_models: bool = True  # the default evaluator values two-player leaves by the two-player models
    # How the move is drawn from the root's visits: 0 plays the most visited; T > 0 draws action i with
    # probability visits_i ** (1/T) / sum (1: in proportion to the visits), so a level can play like a novice,
    # mostly the move it found best, sometimes one it thought worse (AlphaZero's temperature)
    temperature: float = 0.0
    # Budgets (issue 47: a whole turn of normal within 3 s), counted in iterations so that a seed replays:
    # stop a decision once the runner-up could not catch the most visited candidate even if it took this share of
    # the iterations left (1: the move played never changes; None: search to the budget); only where the most
    # visited is played (temperature 0)
    stop_share: float | None = 0.5
    # a turn's decisions together get at most turn_budget * iters iterations, and once that is spent each
    # further decision of the turn gets iters // late_share (None: no turn budget); a decision of the same kind as
    # the one before it in the turn (another roll) gets half that one's budget, so the others keep theirs.
    # late_share 4, not 8: the rolls spend most of a turn's budget, and with an eighth the decisions after them
    # were starved (4 players, one seeded game's turns 1-11: a landing 39 iterations on average against 125
    # without the turn budget, a move 57 against 115, a construction 140 against 348; docs/STRENGTH.md).
    # Off for the levels (None): head to head at 4 players, normal with it won 2 of 7 decided games against normal
    # without it, 28.6% (8.2-64.1%) on 10 paired deals (docs/STRENGTH.md, "A bot's turn")
    turn_budget: float | None = None
    late_share: int = 4
    # A wall-clock safety cap on a whole turn, as `seconds` is on a decision: the bots' decisions in one turn of the
    # game together search for at most turn_seconds, and once that is spent each further one of the turn for
    # late_seconds (None: no cap).  At a table every bot's request says what the table's bots have spent in the turn
    # (DecisionRequest.bots_seconds), so the other bots' answers (an alliance, a battle's commit) count too; asked
    # without it (`sim`, `bench_levels`), a bot counts its own decisions.  On a quiet machine it binds in the longer
    # turns of normal (docs/STRENGTH.md); on a busy one, where every decision hit its own cap, a turn of 14
    # decisions took 20-35 s (issue 47).  Like `seconds`, off in the matches that measure strength
    # (benchmarks/bench_levels.py), which count iterations.
    turn_seconds: float | None = None
    late_seconds: float = 0.1
    # and once late_until seconds more are spent too, the turn's further decisions are the heuristic's, at once: the
    # late ones had added 0.1 s each to a turn of 20 decisions (its worst 3.5-4.6 s against normal's 2.5 s cap;
    # benchmarks/results/turns-s8-clock.json)
    late_until: float = 0.4


LEVELS = {
    # a novice: a short search that looks no further than its own turn and plays in proportion to its visits
    "easy": SearchConfig(iters=100, seconds=1.0, horizon=1, temperature=1.0, two_player_models=False),
    "normal": SearchConfig(iters=700, seconds=2.5, turn_seconds=2.3),
    "hard": SearchConfig(iters=2000, seconds=7.0, turn_seconds=15.0),
}


def full_search(config: SearchConfig) -> SearchConfig:
    """`config` searching to its whole budget, never stopping early: what the advisor and the review show are
    the root's samples (shares of the visits, chances with their intervals), so they get all of them."""
    return dataclasses.replace(config, stop_share=None, turn_budget=None, turn_seconds=None)


def uncapped(config: SearchConfig) -> SearchConfig:
    """`config` without its wall-clock caps, a decision's and a turn's: its iterations alone decide, so a bot's
    seed replays its game on any machine, however busy (the strength matches, the tests that pin decisions)."""
    return dataclasses.replace(config, seconds=1e9, turn_seconds=None)


@functools.cache
def prior(k: int, top: float = 0.5, decay: float = 0.6) -> tuple[float, ...]:
    """The prior over k ranked actions: `top` on the first, the rest decaying by rank."""
    if k == 1:
        return (1.0,)
    rest = [decay ** i for i in range(k - 1)]
    s = sum(rest)
    return (top, *((1 - top) * r / s for r in rest))


def settled(visits: list[int], gain: float) -> bool:
    """Whether the most visited candidate stays the most visited though the runner-up gains `gain` more visits."""
    first = second = 0
    for v in visits:
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > gain


@dataclasses.dataclass(frozen=True)
class Chance:
    """What the search's samples say of one option: the mover's chance to win (alone or in an alliance), the
    half-width of its 95% interval (1.96 standard errors of the samples' mean), and the chance nobody wins."""

    win: float
    margin: float
    nobody: float


def chance(n: int, won: float, won2: float, drawn: float) -> Chance:
    """The Chance of `n` samples whose chances to win sum to `won` (their squares to `won2`) and the chances that
    nobody wins to `drawn`.  One sample has no spread: its margin is the widest there is, 0.5."""
    mean = won / n
    if n < 2:
        return Chance(mean, 0.5, drawn / n)
    var = max(0.0, (won2 - n * mean * mean) / (n - 1))
    return Chance(mean, min(0.5, 1.96 * math.sqrt(var / n)), drawn / n)


class Node:
    """One information set: the seats to move, their candidate actions and statistics."""

    __slots__ = ("actions", "children", "drawn", "joint", "key", "n", "ranked", "regret", "seats", "strat",
                 "visits", "wins", "won", "won2")

    def __init__(self, s, key: bytes, evaluator: Evaluator, engine, lazy: bool = False) -> None:
        legal_actions = engine.legal_actions
        self.key = key
        self.n = 0
        self.children: dict = {}
        self.seats = s.awaiting
        self.joint = len(s.awaiting) > 1 and engine.is_simultaneous(s)  # two or more seats choosing at once
        self.ranked = True
        if self.joint:
            self.actions = [evaluator.prior(s, seat, legal_actions(s, seat)) for seat in self.seats]
            self.regret = [[0.0] * len(a) for a in self.actions]
            self.strat = [[0.0] * len(a) for a in self.actions]
            self.visits = self.wins = self.won = self.won2 = self.drawn = None
        elif self.seats:
            seat = self.seats[0]
            legal = legal_actions(s, seat)
            self.ranked = not lazy
            self.actions = evaluator.prior(s, seat, legal) if self.ranked else list(legal)
            self.visits = [0] * len(self.actions)
            self.wins = [0.0] * len(self.actions)  # the sum of the mover's rewards (what the search maximises)
            # beside them, the outcomes apart (what the advisor shows): the sums of the mover's chance to win, of
            # its square (for the samples' spread) and of the chance that nobody wins
            self.won = [0.0] * len(self.actions)
            self.won2 = [0.0] * len(self.actions)
            self.drawn = [0.0] * len(self.actions)
            self.regret = self.strat = None
        else:
            self.actions = []

    def rank(self, s, evaluator: Evaluator) -> None:
        """A lazy node's candidates in the evaluator's order, once, before its first selection (nothing visited)."""
        self.actions = evaluator.prior(s, self.seats[0], self.actions)
        self.ranked = True

    # ------------------------------------------------------ single mover
    def select(self, cfg: SearchConfig) -> int:
        """PUCT (AlphaZero's rule) with the evaluator's order as the prior: while the values are flat the
        visits follow the heuristic, and an alternative takes over only when it is found clearly better."""
        k = len(self.actions)
        priors = prior(k, cfg.prior_top, cfg.prior_decay)
        visits, wins = self.visits, self.wins
        sqrt_n = math.sqrt(self.n + 1)
        total = sum(wins)
        fpu = total / self.n if self.n else 0.5
        c, reduction = cfg.puct_c, cfg.fpu_reduction
        best, best_v = 0, -1e9
        for i in range(k):
            v = visits[i]
            q = wins[i] / v if v else fpu - reduction
            u = q + c * priors[i] * sqrt_n / (1 + v)
            if u > best_v:
                best, best_v = i, u
        return best

    def best(self) -> int:
        return max(range(len(self.actions)), key=lambda i: (self.visits[i], -i))

    def statistics(self, seat: int) -> list[tuple[object, float, float | None]]:
        """(action, visits, mean value for `seat`) per candidate; at a sealed commit the average strategy's
        share of the visits, with no value (regret matching keeps none)."""
        if self.joint:
            side = self.seats.index(seat)
            return [(a, p * self.n, None) for a, p in zip(self.actions[side], self.average(side))]
        if self.visits is None:
            return []
        return [(a, v, w / v if v else None) for a, v, w in zip(self.actions, self.visits, self.wins)]

    def chances(self) -> list[Chance | None]:
        """Per candidate, the mover's chance to win and the chance that nobody wins as the search's samples found
        them (None: unvisited); none at a sealed commit (regret matching keeps no values)."""
        if self.joint or self.visits is None:
            return []
        return [chance(v, w, w2, d) if v else None
                for v, w, w2, d in zip(self.visits, self.won, self.won2, self.drawn)]

    # ------------------------------------------------------- simultaneous
    def policy(self, side: int) -> list[float]:
        pos = [max(r, 0.0) for r in self.regret[side]]
        total = sum(pos)
        k = len(pos)
        if total <= 0:
            return [1.0 / k] * k
        return [p / total for p in pos]

    def select_joint(self, rng: random.Random, gamma: float) -> tuple[tuple[int, ...], tuple[list[float], ...]]:
        """Each seat's pick by its regret matching (mixed with `gamma` exploration), in seat order, and the
        probabilities it was drawn with."""
        picks, probs = [], []
        for side in range(len(self.seats)):
            sigma = self.policy(side)
            k = len(sigma)
            mixed = [(1 - gamma) * p + gamma / k for p in sigma]
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
        return tuple(picks), tuple(probs)

    def update_joint(self, picks, probs, rewards) -> None:
        for side in range(len(self.seats)):
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


class MctsAgent:
    """An ISMCTS bot (ai.agent.Agent): `decide` answers a DecisionRequest from the seat's view only."""

    def __init__(self, seed: int = 0, config: SearchConfig | None = None, evaluator: Evaluator | None = None,
                 name: str = "mcts") -> None:
        self.seed = seed
        self.config = config or LEVELS["normal"]
        self.evaluator = evaluator  # None: the rule set's own (ai/search_rules.py)
        self.name = name
        self.rng = random.Random(seed)
        self.tree: Node | None = None
        self.last_iterations = 0
        # the game's turn, the iterations this bot's decisions spent in it, the last one's phase and how many
        # decisions of that phase came in a row
        self.spent: tuple = (None, 0, None, 0)
        self.clock: tuple = (None, 0.0)  # the game's turn and the wall clock this bot's searches spent in it
        self.rules: dict[str, SearchRules] = {}  # by rule set, made when a game of it first asks

    def __getstate__(self):  # the kept tree and the rule sets' modules are caches: do not ship them
        return {**self.__dict__, "tree": None, "last_iterations": 0, "rules": {}}

    def __setstate__(self, d) -> None:
        self.__dict__.update(d)

    # ------------------------------------------------------------ deciding
    def game(self, view) -> SearchRules:
        """The engine, evaluator and heuristic of the rule set the view's game is played by."""
        name = game_of(view.options).name
        g = self.rules.get(name)
        if g is None:
            g = self.rules[name] = search_rules(name, self.config.two_player_models, self.seed, self.evaluator)
        return g

    def decide(self, request, cancel=None):
        legal = list(request.legal)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        view, seat = request.view, request.seat
        g = self.game(view)
        if request.phase in g.at_once or self._seconds(view.turn, request.bots_seconds) <= 0:
            return g.choose(view, seat, legal, self.rng)
        root = self.search(request, cancel)
        return self._final(root, seat, legal, view)

    def search(self, request, cancel=None) -> Node:
        """Grow the tree for `request` (from `request.view` only) and return its root; `decide` picks from it."""
        view, seat = request.view, request.seat
        g = self.game(view)
        engine = g.engine
        key = engine.observation_key(view, seat)
        root = self._reuse(key)
        if root is None:
            probe = engine.determinize(view, self.rng.getrandbits(62))
            root = Node(probe, key, g.evaluator, engine, getattr(g.evaluator, "lazy", False))
        self.tree = root
        cfg = self.config
        target = cfg.iters // cfg.minor_share if request.phase in g.minor else cfg.iters
        target, most = self._turn_allowance(view.turn, request.phase, target)
        settles = cfg.stop_share is not None and cfg.temperature == 0 and not root.joint and bool(root.actions)
        start = time.perf_counter()
        deadline = start + self._seconds(view.turn, request.bots_seconds)
        i = 0
        while root.n < target and i < most:
            if cancel is not None and cancel.is_set():
                break
            if i & 7 == 7:
                if time.perf_counter() > deadline:
                    break
                if settles and settled(root.visits, (target - root.n) * cfg.stop_share):
                    break
            s = engine.determinize(view, self.rng.getrandbits(62))
            self._iterate(root, s, seat, g)
            i += 1
        self.last_iterations = i
        self.spent = (view.turn, self.spent[1] + i, request.phase, self.spent[3])
        self.clock = (view.turn, self.clock[1] + time.perf_counter() - start)
        return root

    def _seconds(self, turn: int, told: float | None = None) -> float:
        """This decision's wall-clock cap: the config's `seconds`, within what is left of the turn's `turn_seconds`,
        after `told` seconds the table's bots have spent in it (None: this bot's own).  Once that is spent,
        `late_seconds`; once `late_until` more are too, 0 (the heuristic answers)."""
        cfg = self.config
        if cfg.turn_seconds is None:
            return cfg.seconds
        if self.clock[0] != turn:
            self.clock = (turn, 0.0)
        left = cfg.turn_seconds - (self.clock[1] if told is None else told)
        if left >= cfg.late_seconds:
            return min(cfg.seconds, left)
        return cfg.late_seconds if left > -cfg.late_until else 0.0

    def _turn_allowance(self, turn: int, phase: str, target: int) -> tuple[int, int]:
        """This decision's root visits to reach and the iterations it may spend of its turn's budget
        (SearchConfig.turn_budget): half the budget of the decision before it when that was of the same kind."""
        cfg = self.config
        if cfg.turn_budget is None:
            return target, 2 * target
        _, spent, last, repeats = self.spent if self.spent[0] == turn else (turn, 0, None, 0)
        repeats = repeats + 1 if phase == last else 0
        self.spent = (turn, spent, last, repeats)
        late = cfg.iters // cfg.late_share
        target = max(late, target >> repeats)
        return target, min(2 * target, max(late, int(cfg.turn_budget * cfg.iters) - spent))

    def _final(self, root: Node, seat: int, legal: list, view):
        g = self.game(view)

        def heuristic_choice():
            return g.choose(view, seat, legal, self.rng)

        if root.n < self.config.min_visits:  # cancelled at once: the heuristic beats a barely searched tree
            return heuristic_choice()
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
                    return a if a in legal else heuristic_choice()
            return heuristic_choice()
        if root.visits is None or not root.actions or sum(root.visits) == 0:
            return heuristic_choice()
        action = root.actions[self._drawn(root) if self.config.temperature > 0 else root.best()]
        return action if action in legal else heuristic_choice()

    def _drawn(self, root: Node) -> int:
        """An index drawn in proportion to visits ** (1 / temperature)."""
        inverse = 1.0 / self.config.temperature
        weights = [v ** inverse for v in root.visits]
        return self.rng.choices(range(len(weights)), weights)[0]

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
    def _iterate(self, root: Node, s, seat: int, g: SearchRules) -> None:
        cfg, evaluator = self.config, g.evaluator
        engine = g.engine
        apply, observation_key, simultaneous = engine.apply, engine.observation_key, engine.is_simultaneous
        lazy = getattr(evaluator, "lazy", False)
        path = []
        node = root
        leaf = None
        horizon_turn = s.turn + cfg.horizon if cfg.horizon is not None else None
        while True:
            if s.result is not None:
                leaf = outcome(s, g.engine.returns)
                break
            if node.joint and len(s.awaiting) == len(node.seats) and simultaneous(s):
                picks, probs = node.select_joint(self.rng, cfg.rm_gamma)
                for mover, actions, pick in zip(node.seats, node.actions, picks):
                    apply(s, mover, actions[pick], check=False)
                choice = picks
                path.append((node, picks, probs))
            else:
                if node.joint or not node.actions or node.seats != s.awaiting:
                    break  # should not happen: the key fixes who moves
                if not node.ranked:
                    node.rank(s, evaluator)
                i = node.select(cfg)
                apply(s, node.seats[0], node.actions[i], check=False)
                choice = i
                path.append((node, i, None))
            k = observation_key(s, seat)
            child = node.children.get((choice, k))
            if child is None:
                child = Node(s, k, evaluator, engine, lazy)
                node.children[(choice, k)] = child
                node = child
                break
            node = child
        if leaf is None:
            leaf = evaluator.evaluate(s, seat, horizon_turn)
        rewards, chances, nobody = leaf
        node.n += 1
        for n, choice, probs in path:
            n.n += 1
            if probs is not None:
                n.update_joint(choice, probs, rewards)
            else:
                mover = n.seats[0]
                n.visits[choice] += 1
                n.wins[choice] += rewards[mover]
                w = chances[mover]
                n.won[choice] += w
                n.won2[choice] += w * w
                n.drawn[choice] += nobody


def make(arg: str | None, seed: int) -> MctsAgent:
    """Build from a spec argument: easy, normal, hard, iters=N, time=SECONDS."""
    if arg is None or arg.lower() in LEVELS:
        level = (arg or "normal").lower()
        return MctsAgent(seed, LEVELS[level], name=f"mcts:{level}")
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
        config = dataclasses.replace(base, iters=number, seconds=max(base.seconds, number / 50), turn_seconds=None)
        return MctsAgent(seed, config, name=f"mcts:iters={number}")
    if not 0.01 <= number <= 600:
        raise AgentSpecError(f"mcts:time must be 0.01 to 600 seconds, not {value}")
    config = dataclasses.replace(base, iters=10**9, seconds=number, turn_seconds=None)
    return MctsAgent(seed, config, name=f"mcts:time={value}")
