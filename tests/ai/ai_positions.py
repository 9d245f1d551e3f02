"""Game positions for the bot tests, reached by seeded play (no timing involved)."""

from __future__ import annotations

import random

from dune_tui.ai.games.dune import heuristic
from dune_tui.controller import DecisionRequest
from dune_tui.games.dune import Options, apply, legal_actions, new_game, view
from dune_tui.games.dune.describe import prompt

FACTIONS_BY_COUNT = {
    2: ("atreides", "guild"),
    3: ("harkonnen", "fremen", "corrino"),
    4: ("atreides", "harkonnen", "fremen", "corrino"),
    5: ("atreides", "fremen", "corrino", "guild", "bg"),
    6: ("harkonnen", "fremen", "tleilaxu", "corrino", "bg", "smugglers"),
    7: ("atreides", "harkonnen", "fremen", "tleilaxu", "guild", "bg", "smugglers"),
    8: ("atreides", "harkonnen", "fremen", "tleilaxu", "corrino", "guild", "bg", "smugglers"),
}


def request(state, seat: int) -> DecisionRequest:
    return DecisionRequest(id=1, seat=seat, phase=state.phase, prompt=prompt(state, seat), view=view(state, seat),
                           legal=tuple(legal_actions(state, seat)), sealed=state.phase == "commit")


def play(state, rng: random.Random, steps: int, epsilon: float = 0.3) -> None:
    """Advance by `steps` decisions, mostly heuristic, sometimes random."""
    for _ in range(steps):
        if state.over:
            return
        seat = state.awaiting[0]
        legal = legal_actions(state, seat)
        a = rng.choice(legal) if rng.random() < epsilon else heuristic.choose(state, seat, legal)
        apply(state, seat, a)


def reach(players: int, seed: int, phase: str, limit: int = 3000, epsilon: float = 0.3):
    """A state of a seeded game at a decision of `phase`, or None."""
    rng = random.Random(seed)
    s = new_game(Options(players=players, seed=seed, factions=FACTIONS_BY_COUNT[players]))
    for _ in range(limit):
        if s.over:
            return None
        if s.phase == phase and len(legal_actions(s, s.awaiting[0])) > 1:
            return s
        play(s, rng, 1, epsilon)
    return None


def find(players: int, phase: str, seeds=range(200), epsilon: float = 0.3):
    for seed in seeds:
        s = reach(players, seed, phase, epsilon=epsilon)
        if s is not None:
            return s
    raise LookupError(f"no {phase} decision found with {players} players")
