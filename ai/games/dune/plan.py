"""A seat's position as the heuristic reads it: strengths, holdings, threats,
and what each movement target is worth this turn (in troop-strength units)."""

from __future__ import annotations

from dune_tui.games.dune import NU
from dune_tui.games.dune.data import (
    CORRINO,
    FACTION_UNITS,
    GUILD,
    HARVESTER,
    LOCATIONS,
    POLAR_SINK,
    SMUGGLERS,
    STRATEGIC,
    UNIT_STRENGTH,
)
from dune_tui.games.dune.queries import held_among, held_regions, movement_targets, neighbours, strategic_occupants

from . import board


class Ctx:
    """The facts about one seat's position a decision needs (computed lazily)."""

    __slots__ = ("_foes", "_held", "_mine", "_movable", "_occupied", "_targets", "_threat", "ally", "friends", "me",
                 "memo", "need", "seat", "state")

    def __init__(self, state, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.me = state.seat_faction[seat]
        active = state.active_faction
        if self.me == active:
            self.ally = state.ally
        elif state.ally == self.me:
            self.ally = active
        else:
            self.ally = -1
        self.friends = (1 << self.me if self.me >= 0 else 0) | (1 << self.ally if self.ally >= 0 else 0)  # none yet: 0
        self.need = board.needed(state)
        self._held = None
        self._threat = None
        self.memo: dict = {}  # what other modules' rules of thumb read once of the board (dice_policy: kills)
        self._targets = {}
        self._mine = None
        self._occupied = None

    def _table(self) -> None:
        """My strength, my movable strength and the enemies' power in each location."""
        s = self.state
        me, friends = self.me, self.friends
        mine, movable, foes = [0] * 10, [0] * 10, [0] * 10
        for loc in LOCATIONS:
            m, foes[loc], others = board.sides_at(s, loc, me, friends)
            mine[loc] = m
            if m and loc in STRATEGIC and not others:
                m -= _weakest(s, loc, me)  # keep one troop in a region held alone
            movable[loc] = m if s.storm_free(loc) else 0
        self._mine, self._movable, self._foes = mine, movable, foes

    def mine(self, loc: int) -> int:
        if self._mine is None:
            self._table()
        return self._mine[loc]

    def foes(self, loc: int) -> int:
        if self._mine is None:
            self._table()
        return self._foes[loc]

    def mobile(self, target: int, landing: int = 0) -> int:
        """Strength I could move into `target` now (keeping one troop in each strategic region I hold
        alone), plus `landing` more I could land first."""
        if self._mine is None:
            self._table()
        return landing + sum(map(self._movable.__getitem__, neighbours(self.state, target)))

    def occupied(self) -> list[int]:
        """The factions in each strategic region (bitmasks), read once."""
        if self._occupied is None:
            self._occupied = strategic_occupants(self.state)
        return self._occupied

    def held_by(self, mask: int) -> int:
        """How many strategic regions the factions in `mask` hold with nobody else there (queries.held_alone)."""
        return held_among(self.occupied(), mask)

    @property
    def held(self) -> list[int]:
        if self._held is None:
            self._held = held_regions(self.state, 1 << self.me)
        return self._held

    def threat(self) -> int:
        """-1, or the enemy faction closest to winning alone (it holds need-1 regions or more)."""
        if self._threat is None:
            self._threat = -1
            s = self.state
            best = self.need - 2
            occupied = self.occupied()
            for f in range(8):
                if f != self.me and s.in_play(f) and not self.friends >> f & 1:
                    h = held_among(occupied, 1 << f)
                    if h > best:
                        best, self._threat = h, f
        return self._threat

    def alliance_held(self) -> int:
        if self.ally < 0:
            return 0
        return self.held_by(self.friends)


def _weakest(state, loc: int, faction: int) -> int:
    """The strength of `faction`'s weakest troop in `loc` (it has one there)."""
    return min(UNIT_STRENGTH[u] for u in FACTION_UNITS[faction] if state.board[loc * NU + u])


def landing_potential(state, faction: int) -> int:
    """Strength the active faction can still land this turn (spice and card allowing)."""
    spice = state.spice_die + state.spice_other
    if faction in (CORRINO, GUILD):
        spice += state.store[faction]
    pool = state.reserve if faction == SMUGGLERS else state.card
    units = sorted((UNIT_STRENGTH[u] for u in FACTION_UNITS[faction] for _ in range(pool[u])), reverse=True)
    return sum(units[:spice])


def target_value(ctx: Ctx, r: int, landing: int) -> float:
    """How much taking `r` as the movement target is worth now (in troop-strength units)."""
    key = r * 1000 + landing
    v = ctx._targets.get(key)
    if v is None:
        v = ctx._targets[key] = _target_value(ctx, r, landing)
    return v


def _target_value(ctx: Ctx, r: int, landing: int) -> float:
    s = ctx.state
    if r == POLAR_SINK:
        return 0.3
    power = ctx.mobile(r, landing)
    mine = ctx.mine(r)
    foes = ctx.foes(r)
    if r not in STRATEGIC:
        if s.constr[r] == HARVESTER and not mine and power > foes:
            return 1.2 - 0.3 * foes
        return 0.05 if power else 0.0
    if foes == 0:
        if mine:
            return 0.4 if power else 0.0
        value = 3.0 if power else 0.0
    elif power + mine > foes:
        value = 3.5 - 0.3 * foes
        owner = s.occupants(r)
        threat = ctx.threat()
        if threat >= 0 and owner == 1 << threat:
            value += 4.0  # break the hold of the faction about to win
    else:
        return 0.05
    if value and len(ctx.held) + 1 >= ctx.need and r not in ctx.held:
        value += 20.0  # the winning move
    if s.constr[r] == HARVESTER:
        value += 0.6
    return value


def best_target(ctx: Ctx, landing: int) -> tuple[int, float]:
    """The best movement target the region die allows now, and its value."""
    s = ctx.state
    best, value = POLAR_SINK, target_value(ctx, POLAR_SINK, landing)
    for loc, _ in movement_targets(s):
        v = target_value(ctx, loc, landing)
        if v > value:
            best, value = loc, v
    return best, value
