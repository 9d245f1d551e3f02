"""The search's evaluation at its horizon: each seat's chance to win, from what
every seat can see.

A logistic model per seat on a few features (strategic regions held alone,
troop strength on the map and the card, turns left, the Guild's default win)
whose weights were fitted on heuristic self-play (`benchmarks/bench_ai_fit_eval.py`).
"""

from __future__ import annotations

import math

from dune_tui.engine.data import BENE_GESSERIT, GUILD, LOCATIONS, POLAR_SINK, STRATEGIC_ORDER
from dune_tui.engine.rules.victory import held_regions

from . import board
from .weights import WEIGHTS


def features(s, seat: int) -> list[float]:
    """What the model reads for one seat (its faction's position)."""
    f = s.seat_faction[seat]
    need = board.needed(s)
    held = 0
    present = 0
    for r in STRATEGIC_ORDER:
        occ = s.occupants(r)
        if occ >> f & 1:
            if occ == 1 << f:
                held += 1
            else:
                present += 1
    on_map = sum(board.strength(s, loc, f) for loc in LOCATIONS)
    in_sink = board.strength(s, POLAR_SINK, f)
    card = board.card_strength(s, f)
    best_other = 0
    for g in range(8):
        if g != f and s.in_play(g):
            best_other = max(best_other, len(held_regions(s, 1 << g)))
    left = board.turns_left(s, seat) / 6
    guild = 1.0 if f == GUILD else 0.0
    bg_guild = 1.0 if f == BENE_GESSERIT and s.prediction == GUILD else 0.0
    progress = (s.round - 1) / 5
    return [
        1.0,
        held / need,
        1.0 if held >= need - 1 else 0.0,
        present / 5,
        on_map / 10,
        in_sink / 10,
        card / 10,
        best_other / need,
        1.0 if best_other >= need - 1 else 0.0,
        left,
        guild,
        guild * progress,
        bg_guild * progress,
        (held / need) * (1 - left),
    ]


def _group(n: int) -> str:
    return "2" if n == 2 else ("3" if n == 3 else "4+")


def evaluate(s) -> list[float]:
    """Each seat's estimated chance to win, in [0, 1]."""
    w = WEIGHTS[_group(s.n)]
    out = []
    for seat in range(s.n):
        x = features(s, seat)
        z = sum(a * b for a, b in zip(w, x))
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return out
