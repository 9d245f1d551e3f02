"""Dune: The Dice Game as an OpenSpiel Python game, and OpenSpiel's ISMCTS as one of our agents.

An outside yardstick for `ai.mcts` (issue 24, item 5); the product never imports this.

- **Registered** as `python_dune` (`pyspiel.load_game("python_dune", {"players": 4, "seed": 7})`; an optional
  `factions` parameter, comma-separated keys by seat).  Sequential, imperfect information, general sum: the
  returns are `dune_tui.games.dune.returns` (1.0 per winning seat, an alliance wins twice, nobody at all is all 0.0).
- **Actions** are indices into `legal_actions(state, seat)`, whose order the engine fixes for a state; the
  same information set gives the same list, so an index names the same action in every determinization.
- **The sealed battle commit** is simultaneous in the engine (both sides await).  OpenSpiel's ISMCTS wants
  one player at a time, so the game asks the first awaiting seat (the attacker) and then the other, whose
  information state shows the attacker's commit only as sealed (`view` hides it): the usual sequential
  form of a simultaneous move, with the same information for each side.
- **Chance stays in the engine** (`ChanceMode.SAMPLED_STOCHASTIC`): the dice generator is part of the engine's
  state and draws inside `apply` (rerolls, the storm, worms), several times within one decision.  Explicit
  chance nodes would mean splitting the engine's forced steps at every draw; ISMCTS does not need them,
  because every simulation starts from a fresh determinization (new dice from a new seed), so the dice after
  the root differ from one simulation to the next anyway.
- **The information state string** is the engine's `observation_key(state, seat)` (what the seat observes
  now: not the history, which ISMCTS does not need; our own search keys its nodes the same way).
- **The resampler** given to `ISMCTSBot` is `determinize` of the seat's view; when the searching seat is the
  defender of a sealed commit, the attacker's taken-back commit is redrawn uniformly from its legal commits
  (ISMCTS knows nothing better about the other side's secret), so the defender is to move again.
"""

from __future__ import annotations

import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms.mcts import Evaluator, RandomRolloutEvaluator

from dune_tui.ai.games.dune import heuristic
from dune_tui.games.dune import (
    Options,
    apply,
    determinize,
    legal_actions,
    new_game,
    observation_key,
    returns,
    view,
)

SHORT_NAME = "python_dune"
MAX_ACTIONS = 1024  # the most legal actions measured in random games is 127 (the ways to keep dice)
MAX_LENGTH = 10_000  # decisions; random games take 240 on average, 460 at most in 60 measured

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Dune: The Dice Game (rules v1.06)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": 2, "seed": 1, "factions": ""},
)


def info_string(state, seat: int) -> str:
    """The information state string of `seat`: the engine's observation key, as text."""
    return f"p{seat} {observation_key(state, seat).hex()}"


class DuneGame(pyspiel.Game):
    """A game of `players` seats whose dice come from `seed` (and `factions` by seat, if given)."""

    def __init__(self, params=None):
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        info = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=0, num_players=players,
                                min_utility=0.0, max_utility=1.0, max_game_length=MAX_LENGTH)
        super().__init__(_GAME_TYPE, info, params)
        factions = tuple(f for f in str(params["factions"]).split(",") if f) or None
        self.options = Options(players=players, seed=int(params["seed"]), factions=factions)

    def new_initial_state(self):
        return DuneState(self, new_game(self.options).copy())

    def wrap(self, engine_state) -> DuneState:
        """An OpenSpiel state over an engine state (a full state, or a seat's view for a search root)."""
        return DuneState(self, engine_state)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return KeyObserver()


class DuneState(pyspiel.State):
    """An engine state behind OpenSpiel's verbs; `engine` is the engine's State."""

    def __init__(self, game, engine_state):
        super().__init__(game)
        self.engine = engine_state

    def __deepcopy__(self, memo):  # what `clone()` calls
        return DuneState(self.get_game(), self.engine.copy())

    def current_player(self):
        s = self.engine
        if s.over:
            return pyspiel.PlayerId.TERMINAL
        return s.to_move[0]

    def _legal_actions(self, player):
        return list(range(len(legal_actions(self.engine, player))))

    def _apply_action(self, action):
        s = self.engine
        seat = s.to_move[0]
        apply(s, seat, legal_actions(s, seat)[action], check=False)

    def _action_to_string(self, player, action):
        return repr(legal_actions(self.engine, player)[action])

    def is_terminal(self):
        return self.engine.over

    def returns(self):
        return returns(self.engine)

    def __str__(self):
        s = self.engine
        return f"round {s.round} turn {s.turn} phase {s.phase} to move {s.to_move}"


class KeyObserver:
    """Information state and observation strings: both the engine's observation key."""

    def __init__(self):
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return info_string(state.engine, player)


pyspiel.register_game(_GAME_TYPE, DuneGame)


# ------------------------------------------------------------------ ISMCTS as an agent


def resample(view_state, seat: int, seed: int):
    """A full engine state consistent with what `seat` sees in `view_state`, with `seat` to move
    (a sealed commit of the other side redrawn uniformly)."""
    s = determinize(view(view_state, seat) if view_state.viewer < 0 else view_state, seed)
    r = random.Random(seed)
    while s.to_move and s.to_move[0] != seat:  # the other side of a sealed commit chooses again
        other = s.to_move[0]
        apply(s, other, r.choice(legal_actions(s, other)), check=False)
    return s


class HeuristicRollouts(Evaluator):
    """Leaves valued by one game played to the end by our heuristic (the knowledge our `mcts` rolls out with),
    every action equally likely a priori: OpenSpiel's search with our playouts."""

    def evaluate(self, state):
        s = state.engine.copy()
        while not s.over:
            seat = s.to_move[0]
            apply(s, seat, heuristic.choose(s, seat, legal_actions(s, seat)), check=False)
        return np.array(returns(s))

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class IsmctsAgent:
    """OpenSpiel's `ISMCTSBot` answering our DecisionRequests, from the seat's view only.

    `seconds` per decision: the search runs OpenSpiel's own loop until the time is up (checked before each
    simulation), the same wall clock as `ai.mcts`'s `time=` budget.  `iters` instead fixes the number of
    simulations.  Leaves are OpenSpiel's random rollouts to the end of the game (`RandomRolloutEvaluator`),
    or with `rollouts="heuristic"` our heuristic's (`HeuristicRollouts`); UCT with c = `uct_c`; the final move
    is the most visited (OpenSpiel's defaults)."""

    def __init__(self, game: DuneGame, seed: int = 0, seconds: float | None = 0.3, iters: int | None = None,
                 uct_c: float = 2.0, rollouts: str = "random") -> None:
        self.game = game
        self.seconds = seconds
        self.rng = random.Random(seed)
        np_rng = np.random.RandomState(seed % 2**32)
        evaluator = {"random": lambda: RandomRolloutEvaluator(1, np_rng), "heuristic": HeuristicRollouts}[rollouts]()
        self.bot = _TimedBot(game, evaluator, uct_c, iters or 10**9, random_state=np_rng)
        self.bot.set_resampler(self._resample)
        budget = f"time={seconds}" if iters is None else f"iters={iters}"
        self.name = f"ismcts:{budget}" + ("" if rollouts == "random" else f",rollouts={rollouts}")
        self.last_iterations = 0

    def _resample(self, root: DuneState, player: int) -> DuneState:
        self.bot.simulations += 1
        return self.game.wrap(resample(root.engine, player, self.rng.getrandbits(62)))

    def decide(self, request, cancel=None):
        legal = list(request.legal)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        root = self.game.wrap(request.view)
        self.bot.simulations = 0
        self.bot.deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        index = int(self.bot.step(root))
        self.last_iterations = self.bot.simulations
        return legal_actions(request.view, request.seat)[index]


class _TimeUp(Exception):
    pass


class _TimedBot(ismcts.ISMCTSBot):
    """ISMCTSBot whose loop of simulations also ends at a deadline, once the root has a visited child (the tree
    so far chooses the move)."""

    deadline: float | None = None
    simulations = 0

    def sample_root_state(self, state):
        searched = self._root_node.total_visits > 0  # the first simulation only expands the root
        if searched and self.deadline is not None and time.perf_counter() > self.deadline:
            raise _TimeUp
        return super().sample_root_state(state)

    def run_search(self, state):
        try:
            return super().run_search(state)
        except _TimeUp:
            return self.get_final_policy(state, self._root_node)
