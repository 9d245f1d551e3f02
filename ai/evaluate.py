"""The search's evaluation at its horizon: each seat's chance to win, from what
every seat can see.

A logistic model per seat on a few features (strategic regions held alone,
troop strength on the map and the card, turns left, the Guild's default win)
whose weights were fitted on heuristic self-play (`benchmarks/bench_ai_fit_eval.py`).

A second model values the one position the first judges worst: the non-Guild
side of a two-player game with the Spacing Guild, which must hold four regions
before the Guild's default win (docs/STRENGTH.md, "Facing the Guild").  It
reads how close the side is to the fourth region and was fitted on such games.
"""

from __future__ import annotations

import math

from dune_tui.engine.data import BENE_GESSERIT, GUILD, LOCATIONS, POLAR_SINK, STRATEGIC_ORDER
from dune_tui.engine.rules.victory import held_regions

from . import board
from .weights import FACING_GUILD, WEIGHTS

# The facing-Guild model's log-odds z are spread as (z + SHIFT) / SCALE: its raw chances (0.002-0.13 in most
# positions) differ too little for the search to see past its prior; spread they span about 0.1-0.8
# (docs/STRENGTH.md: 174 against 141 of 2,000 games won at easy; a wider spread, / 0.8, no better).
FACING_GUILD_SHIFT, FACING_GUILD_SCALE = 3.5, 1.2


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


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(s) -> list[float]:
    """Each seat's estimated chance to win, in [0, 1]."""
    w = WEIGHTS[_group(s.n)]
    return [_logistic(sum(a * b for a, b in zip(w, features(s, seat)))) for seat in range(s.n)]


def facing_guild_features(s, seat: int) -> list[float]:
    """What the facing-Guild model reads for the non-Guild `seat` of a two-player game with the Guild."""
    me = s.seat_faction[seat]
    held = guild_alone = guild_weak = empty = 0
    margins = []
    guild_stacks = []
    for r in STRATEGIC_ORDER:
        m, g = board.strength(s, r, me), board.strength(s, r, GUILD)
        if m and not g:
            held += 1
        elif g and not m:
            guild_alone += 1
            guild_weak += g <= 2
        elif not m and not g:
            empty += 1
        if g:
            guild_stacks.append(g)
        margins.append(m - g)
    margins.sort(reverse=True)
    left = board.turns_left(s, seat)
    fourth = max(-6, min(6, margins[3])) / 6  # how far the fourth-best region is from being mine
    sink = board.strength(s, POLAR_SINK, me)  # the Polar Sink borders every region: a reserve to strike from
    strike = max(-6, min(6, sink + board.leader_power(s, me) - min(guild_stacks, default=0))) / 6
    three = 1.0 if held >= 3 else 0.0
    return [
        1.0,
        held / 4,
        three,
        guild_alone / 4,
        guild_weak / 4,
        empty / 4,
        board.total_strength(s, me) / 10,
        board.total_strength(s, GUILD) / 10,
        board.card_strength(s, me) / 10,
        board.card_strength(s, GUILD) / 10,
        left / 6,
        fourth,
        fourth * left / 6,
        held / 4 * left / 6,
        1.0 if left <= 1 else 0.0,
        three * left / 6,
        sink / 10,
        strike,
        three * strike,
        three * (strike > 0),
    ]


def facing_guild(s, seat: int) -> list[float]:
    """Both seats' values when `seat` faces the Guild alone (two players): the non-Guild seat's from the
    facing-Guild model, spread (FACING_GUILD_SHIFT/SCALE); the Guild's is the rest."""
    z = sum(a * b for a, b in zip(FACING_GUILD, facing_guild_features(s, seat)))
    p = _logistic((z + FACING_GUILD_SHIFT) / FACING_GUILD_SCALE)
    return [p, 1.0 - p] if seat == 0 else [1.0 - p, p]
