"""4. Battle (Vyhodnocení souboje): two enemy houses in one territory fight one for one.

Each side deals damage equal to its strength (a unit 1, a Sardaukar 2).  A side loses its ordinary units
first, one per point; what is left kills Sardaukar, one per two points or part of two (X12: a lone
Sardaukar and a lone ordinary unit both die, as the Czech note says).  No battle in the Polar Sink.
Desert Power: a Fremen in battle may remove one of its troops elsewhere to make one fighting troop 2 strong.
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    CORRINO,
    FORTRESS_TOLL,
    FREMEN,
    HOUSE_NAMES,
    LOCATION_NAMES,
    LOCATIONS,
    SARDAUKAR,
    TERRITORIES,
    UNITS,
)
from ..events import emit
from ..state import NU
from . import fortress


def enter(state) -> bool:
    state.battles = tuple(loc for loc in TERRITORIES if _contested(state.board[loc * NU: loc * NU + NU]))
    return _next(state)


def _contested(row: list[int]) -> bool:
    """Two houses or more have units in a location of board `row`: `len(state.occupants(loc)) >= 2`, without making
    the list (asked of every territory every turn)."""
    units = NU - row.count(0)
    if row[SARDAUKAR] and row[CORRINO]:  # one house, two kinds of unit
        units -= 1
    return units >= 2


def _next(state) -> bool:
    """Fight the battles in location order; True when one waits for the Fremen's Desert Power."""
    while state.battles:
        loc = state.battles[0]
        if legal_desert_power(state, state.house_seat[FREMEN], loc) != [("pass",)]:
            state.phase, state.awaiting = "desert_power", (state.house_seat[FREMEN],)
            return True
        resolve(state, loc)
        state.battles = state.battles[1:]
        state.boost = -1
    return False


def legal_desert_power(state, seat: int, loc: int | None = None) -> list:
    """X13: once per battle, a troop from any other location (the Polar Sink too)."""
    loc = state.battles[0] if loc is None else loc
    if not state.ability(FREMEN) or FREMEN not in state.occupants(loc):
        return [("pass",)]
    return [("pass",)] + [("desert_power", src) for src in LOCATIONS
                          if src != loc and state.board[src * NU + FREMEN]]


def apply_desert_power(state, seat: int, action) -> bool:
    loc = state.battles[0]
    if action[0] == "desert_power":
        state.boost = loc
        src = action[1]
        state.board[src * NU + FREMEN] -= 1
        state.recount(FREMEN)
        emit(state, pl.DesertPower, "Desert Power: the Fremen remove a troop from {src_name}; one Fremen in "
             "{where} fights with strength 2.", src_name=LOCATION_NAMES[src], where=LOCATION_NAMES[loc],
             src=src, loc=loc)
    resolve(state, loc)
    state.battles = state.battles[1:]
    state.boost = -1
    return not _next(state)


def _side(state, loc: int, house: int, boosted: bool) -> tuple[int, int]:
    """(ordinary units, 2-strength units) of a house in a battle."""
    b = state.board
    plain, heavy = b[loc * NU + house], (b[loc * NU + SARDAUKAR] if house == CORRINO else 0)
    if boosted and plain:
        plain, heavy = plain - 1, heavy + 1
    return plain, heavy


def losses(plain: int, heavy: int, damage: int) -> tuple[int, int]:
    """(ordinary, 2-strength) units lost to `damage` (X12)."""
    lost_plain = min(plain, damage)
    return lost_plain, min(heavy, (damage - lost_plain + 1) // 2)


def _toll(state, loc: int, attacker: int) -> None:
    """X32: at the defender's fortress the attacker first loses units of strength 2 (X12's order)."""
    plain, heavy = _side(state, loc, attacker, False)
    lp, lh = losses(plain, heavy, FORTRESS_TOLL)
    lost = [0] * len(UNITS)
    lost[attacker] = lp
    if lh:
        lost[SARDAUKAR] = lh
    for u, k in enumerate(lost):
        if k:
            state.board[loc * NU + u] -= k
            state.recount(u)
    emit(state, pl.FortressToll, "The fortress in {where} holds: the {a} lose {n} before the battle.",
         where=LOCATION_NAMES[loc], a=HOUSE_NAMES[attacker], n=lp + lh, loc=loc, attacker_id=attacker,
         losses=tuple(lost))


def resolve(state, loc: int) -> None:
    houses = state.occupants(loc)
    attacker = state.active_house if state.active_house in houses else houses[0]  # X25
    if fortress.toll(state, loc, attacker):
        _toll(state, loc, attacker)
        houses = state.occupants(loc)
        if attacker not in houses:
            fortress.capture(state, loc)
            return
    defender = next(h for h in houses if h != attacker)
    boosted = state.boost == loc
    sides = [_side(state, loc, h, boosted and h == FREMEN) for h in (attacker, defender)]
    strength = [p + 2 * h for p, h in sides]
    lost = []
    for i, house in enumerate((attacker, defender)):
        lp, lh = losses(*sides[i], strength[1 - i])
        per_unit = [0] * len(UNITS)
        if house == CORRINO:
            per_unit[CORRINO], per_unit[SARDAUKAR] = lp, lh
        else:
            per_unit[house] = lp + lh  # a boosted Fremen is still a Fremen troop
        for u, k in enumerate(per_unit):
            if k:
                state.board[loc * NU + u] -= k
                state.recount(u)
        lost.append(tuple(per_unit))
    emit(state, pl.Battle, "Battle in {where}: {a} {attack} against {d} {defence}; the {a} lose {la}, the {d} "
         "lose {ld}.", where=LOCATION_NAMES[loc], a=HOUSE_NAMES[attacker], d=HOUSE_NAMES[defender],
         attack=strength[0], defence=strength[1], la=sum(lost[0]), ld=sum(lost[1]), loc=loc,
         attacker_id=attacker, defender_id=defender, attacker_losses=lost[0], defender_losses=lost[1])
    fortress.capture(state, loc)
