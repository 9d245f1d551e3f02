"""The search's evaluation at its horizon: each seat's chance to win, from what
every seat can see.

A logistic model per seat on a few features (strategic regions held alone,
troop strength on the map and the card, turns left, the Guild's default win, and whether a win is still
reachable: the regions still needed against the seat's own turns left, at one new region a turn since a move
targets one zone; the others' reach; the Guild's default when no other seat can reach a win), and a second
model of the chance that nobody wins a game without the Guild; the seats' chances are made consistent with it
(`chances`: they fill what nobody's leaves, an alliance's two seats counted both).  Both fitted on heuristic
self-play.  The weights are data: `ai/models/*.json`, each with the command that fitted it
(`python -m lab.fit_eval ...`).

Two more models value the two-player positions the first judges worst, each
fitted on such games of the search against the heuristic: the non-Guild side
facing the Spacing Guild, which must hold four regions before the Guild's
default win, and either side of a game without the Guild, where the first
model sees little but a likely draw.  They read how close the seat is to its
fourth region and what could strike at it.  Which values a search uses is its
`SearchConfig.two_player_models` (`leaf_value` below).

A leaf's value is the search's reward (a game nobody wins worth DRAW); beside it, each `Leaf` carries the chances
themselves, each seat's to win and the chance that nobody does, which the advisor and the review show: the
general model's consistent chances (without the Guild too: the no-Guild model is fitted on rewards, a game
nobody won labelled DRAW, which cannot be split), the facing-Guild model's unspread.
"""

from __future__ import annotations

import math

from dune_tui.games.dune.data import (
    BENE_GESSERIT,
    GUILD,
    POLAR_SINK,
    REGION_DIE,
    STRATEGIC,
    STRATEGIC_ORDER,
    ZONE_REGIONS,
)
from dune_tui.games.dune.queries import held_alone, held_among, strategic_occupants

from ...evaluator import DRAW, Leaf  # (DRAW: the search's value of a game nobody wins; the models' too)
from ...fitted import Calibration, calibrated, calibration, group, model
from . import board

_GENERAL, _NOBODY = model("general"), model("nobody")
_SHOWN = calibration("calibration")
_FACING_GUILD, _FACING_RIVAL = model("facing_guild"), model("facing_rival")


def features(s, seat: int, reach: list[bool] | None = None, occupied: list[int] | None = None) -> list[float]:
    """What the model reads for one seat (its faction's position); `reach`, each seat's `reachable`, and
    `occupied`, the strategic regions' `strategic_occupants`, if known."""
    f = s.seat_faction[seat]
    need = board.needed(s)
    held = 0
    present = 0
    if occupied is None:
        occupied = strategic_occupants(s)
    for occ in occupied:
        if occ >> f & 1:
            if occ == 1 << f:
                held += 1
            else:
                present += 1
    on_map = board.total_strength(s, f)
    in_sink = board.strength(s, POLAR_SINK, f)
    card = board.card_strength(s, f)
    best_other = 0
    for g in range(8):
        if g != f and s.in_play(g):
            best_other = max(best_other, held_among(occupied, 1 << g))
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
        *reach_features(s, seat, held, need, reach),
    ]


def missing(s, seat: int, occupied: list[int] | None = None) -> int:
    """How many more strategic regions `seat` must hold alone to win (R11); `occupied`: as `features`."""
    mask = 1 << s.seat_faction[seat]
    return board.needed(s) - (held_alone(s, mask) if occupied is None else held_among(occupied, mask))


def reachable(s, seat: int, occupied: list[int] | None = None) -> bool:
    """Whether `seat` can still win alone in its own turns left at one new strategic region a turn: a move
    targets one zone, which has at most one strategic region (contested regions emptied by a battle elsewhere, a
    worm or an assassin can still add one; the model weighs this, it is not a rule)."""
    return missing(s, seat, occupied) <= board.turns_left(s, seat)


def idle_region_die(s, seat: int) -> bool:
    """Whether `seat`, rolling its dice with no turn to spare (a new strategic region needed in every turn it has
    left), sees the unkept region die on a zone that brings none this turn: every strategic region there already
    its own alone, or under the storm.  Keeping that die gives up the win (issue 47's blunder)."""
    if s.phase != "roll" or seat != s.active or s.kept >> REGION_DIE & 1:
        return False
    if not 0 < missing(s, seat) == board.turns_left(s, seat):
        return False
    mine = 1 << s.seat_faction[seat]
    return not any(r in STRATEGIC and s.storm_free(r) and s.occupants(r) != mine
                   for r in ZONE_REGIONS[s.dice[REGION_DIE]])


def reach_features(s, seat: int, held: int, need: int, reach: list[bool] | None = None) -> list[float]:
    """Whether a win is still reachable: for `seat` (the regions short against its turns left), for the best of
    the others, and the Guild's default when no other seat can reach a win in time (R11)."""
    left = board.turns_left(s, seat)
    short = max(0, need - held - left)
    mine = 1.0 if short == 0 else 0.0
    others = 1.0 if any(reach[o] if reach else reachable(s, o) for o in range(s.n) if o != seat) else 0.0
    guild_default = 1.0 if s.seat_faction[seat] == GUILD and not others else 0.0
    return [mine, short / need, mine * held / need, mine * (1 - left / 6), others, guild_default]


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def raw_chances(s) -> list[float]:
    """Each seat's chance to win by the general model alone, every seat apart (their sum is anything)."""
    w = _GENERAL.weights[group(s.n)]
    occupied = strategic_occupants(s)
    reach = [reachable(s, seat, occupied) for seat in range(s.n)]
    return [_logistic(sum(a * b for a, b in zip(w, features(s, seat, reach, occupied)))) for seat in range(s.n)]


def nobody_features(s) -> list[float]:
    """What the nobody-wins model reads (no Guild in play): how far the game is, and how many seats can still
    reach a win in their turns left, the best holding among them."""
    need = board.needed(s)
    occupied = strategic_occupants(s)
    can = [seat for seat in range(s.n) if reachable(s, seat, occupied)]
    best = max((need - missing(s, seat, occupied) for seat in range(s.n)), default=0) / need
    return [1.0, (s.round - 1) / 5, len(can) / s.n, 1.0 if can else 0.0, best, best * (s.round - 1) / 5]


def chances(s) -> tuple[list[float], float]:
    """Each seat's chance to win (alone or in an alliance) and the chance that nobody wins, consistent: the
    chance that nobody wins from its own model (none with the Guild in play: it wins by default, R11); the seats'
    chances spread over the rest in proportion to the general model's, summing to the rest times the winners a won
    game has on average in this player-count group (an alliance's two seats win together, 4+ players), none above
    the rest."""
    players = group(s.n)
    raw = raw_chances(s)
    nobody = 0.0 if s.in_play(GUILD) else _logistic(sum(a * b for a, b in zip(_NOBODY.weights[players],
                                                                                 nobody_features(s))))
    rest = 1.0 - nobody
    scale = rest * _GENERAL.winners[players] / (sum(raw) or 1.0)
    return [min(rest, p * scale) for p in raw], nobody


def shown(wins: list[float], nobody: float, n: int, cal: Calibration = _SHOWN) -> list[float]:
    """Each seat's chance to win as a leaf shows it (the advisor's and the review's figures): `chances`' read
    through the calibration fitted on heuristic self-play (ai/models/calibration.json, `python -m lab.calibrate`),
    kept consistent with the chance that nobody wins (with 4+ players their sum between the rest and twice it,
    none above the rest; with fewer they share the rest exactly).  Not fitted for 3 players, where sharing the
    calibrated chances back over the rest undid the calibration (lab/calibrate.py).  The search's rewards keep
    `chances`' own: its choices are as they were."""
    return calibrated(cal.wins[group(n)], wins, nobody, 1.0 if n < 4 else 2.0)


def evaluate(s) -> list[float]:
    """Each seat's estimated chance to win, in [0, 1] (`chances`)."""
    return chances(s)[0]


def duel_features(s, seat: int) -> list[float]:
    """What the two-player models read for `seat`, facing the other seat's faction (the rival)."""
    me, rival = s.seat_faction[seat], s.seat_faction[1 - seat]
    held = rival_alone = rival_weak = empty = 0
    margins = []
    rival_stacks = []
    for r in STRATEGIC_ORDER:
        m, g = board.strength(s, r, me), board.strength(s, r, rival)
        if m and not g:
            held += 1
        elif g and not m:
            rival_alone += 1
            rival_weak += g <= 2
        elif not m and not g:
            empty += 1
        if g:
            rival_stacks.append(g)
        margins.append(m - g)
    margins.sort(reverse=True)
    left = board.turns_left(s, seat)
    fourth = max(-6, min(6, margins[3])) / 6  # how far the fourth-best region is from being mine
    sink = board.strength(s, POLAR_SINK, me)  # the Polar Sink borders every region: a reserve to strike from
    strike = max(-6, min(6, sink + board.leader_power(s, me) - min(rival_stacks, default=0))) / 6
    three = 1.0 if held >= 3 else 0.0
    return [
        1.0,
        held / 4,
        three,
        rival_alone / 4,
        rival_weak / 4,
        empty / 4,
        board.total_strength(s, me) / 10,
        board.total_strength(s, rival) / 10,
        board.card_strength(s, me) / 10,
        board.card_strength(s, rival) / 10,
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


def threat_features(s, seat: int) -> list[float]:
    """What the no-Guild model reads besides: the rival's threat (three regions held alone, with the turns left;
    its strength in the Polar Sink) and whether it is `seat`'s turn."""
    rival = s.seat_faction[1 - seat]
    three = 1.0 if held_alone(s, 1 << rival) >= 3 else 0.0
    mine, theirs = reachable(s, seat), reachable(s, 1 - seat)
    short = max(0, missing(s, seat) - board.turns_left(s, seat)) / 4
    return [three, three * board.turns_left(s, seat) / 6, board.strength(s, POLAR_SINK, rival) / 10,
            float(s.active == seat), float(mine), short, float(theirs), float(not mine and not theirs)]


def facing_guild(s, seat: int) -> list[float]:
    """Both seats' values when `seat` faces the Guild alone (two players): the non-Guild seat's from the
    facing-Guild model, spread (its shift and scale); the Guild's is the rest."""
    z = sum(a * b for a, b in zip(_FACING_GUILD.weights, duel_features(s, seat)))
    return _facing_guild_values(z, seat)


def _facing_guild_values(z: float, seat: int) -> list[float]:
    p = _logistic((z + _FACING_GUILD.shift) / _FACING_GUILD.scale)
    return [p, 1.0 - p] if seat == 0 else [1.0 - p, p]


def facing_rival(s, seat: int) -> float:
    """`seat`'s value in a two-player game without the Guild: its chance to win plus DRAW (0.25) times the chance
    that nobody does, from the no-Guild model (fitted on such games, a game nobody won labelled 0.25)."""
    x = duel_features(s, seat) + threat_features(s, seat)
    return _logistic(sum(a * b for a, b in zip(_FACING_RIVAL.weights, x)))


# ------------------------------------------------------------ leaf values


def general_value(s, seat: int) -> list[float]:
    """Each seat's value of a position by the general model: its chance to win, plus DRAW times the chance that
    nobody wins (none with the Guild in play: it wins if nobody else does)."""
    return general_leaf(s, seat).rewards


def duel_value(s, seat: int) -> list[float]:
    """As general_value, but with two players the searching `seat`'s own value from the two-player models:
    facing_guild for the non-Guild side facing the Guild, facing_rival for either side of a game without it."""
    if s.n != 2:
        return general_value(s, seat)
    if s.in_play(GUILD):
        return facing_guild(s, seat) if s.seat_faction[seat] != GUILD else evaluate(s)
    out = general_value(s, seat)
    out[seat] = facing_rival(s, seat)
    return out


def general_leaf(s, seat: int) -> Leaf:
    """general_value as a Leaf: the values, and apart the general model's chances to win and the chance that
    nobody wins (the rest, where the chances do not fill it; none with the Guild in play), calibrated (`shown`)."""
    p, nobody = chances(s)
    return Leaf([x + DRAW * nobody for x in p], shown(p, nobody, s.n), nobody)


def duel_leaf(s, seat: int) -> Leaf:
    """duel_value as a Leaf: the values (the facing-Guild model spread, the no-Guild model's value), and apart the
    chances (the facing-Guild model unspread; without the Guild the general model's)."""
    if s.n != 2:
        return general_leaf(s, seat)
    if s.in_play(GUILD):
        if s.seat_faction[seat] == GUILD:
            p = evaluate(s)
            return Leaf(p, p, 0.0)
        z = sum(a * b for a, b in zip(_FACING_GUILD.weights, duel_features(s, seat)))
        win = _logistic(z)
        return Leaf(_facing_guild_values(z, seat), [win, 1.0 - win] if seat == 0 else [1.0 - win, win], 0.0)
    leaf = general_leaf(s, seat)  # its chances: the general model's (fitted on wins; facing_rival's on rewards)
    leaf.rewards[seat] = facing_rival(s, seat)
    return leaf


def leaf_value(two_player_models: bool):
    """The value of a leaf a search uses (a Leaf): with or without the two-player models."""
    return duel_leaf if two_player_models else general_leaf
