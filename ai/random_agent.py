"""The random bot: a uniformly random legal action.  The floor every bot must beat."""

from __future__ import annotations

import random


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, request, cancel=None):
        return self.rng.choice(request.legal)
