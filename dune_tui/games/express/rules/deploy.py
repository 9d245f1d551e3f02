"""3. Moving troops (Přesun jednotek): landing, moving out of the Polar Sink, Transportation, Wormriding.

Each house symbol of one's own house lands one unit (troops are unlimited, X1) into the territory die's location,
for 1 spice.  Units in the Polar Sink may move to that location for 1 spice each.  No other movement.
Shai-Hulud on the spice die: no landing and no moving (the Fremen ride the worm instead).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    CORRINO,
    FREMEN,
    GUILD,
    HOUSE_DICE,
    HOUSE_NAMES,
    LOCATION_NAMES,
    LOCATIONS,
    NO_FACE,
    POLAR_SINK,
    SARDAUKAR,
    SPICE_DIE,
    TERRITORIES,
    TERRITORY_DIE,
    WORM,
    WORMRIDE_MAX,
)
from ..events import emit
from ..state import NU
from ..text import units_text
from . import fortress


def worm(state) -> bool:
    return state.dice[SPICE_DIE] == WORM


def spice_of_die(state) -> int:
    """The spice die's spice: its number; nothing for Shai-Hulud or a die not rolled (X5)."""
    face = state.dice[SPICE_DIE]
    return 0 if face in (WORM, NO_FACE) else face + 1


def own_units(state) -> tuple[int, ...]:
    house = state.active_house
    return (house, SARDAUKAR) if house == CORRINO and state.ability(CORRINO) else (house,)


def land_cost(state, unit: int) -> int:
    """1 spice a unit; a Sardaukar costs 1 more (Sardaukar); landing in the storm 1 more (X34)."""
    return (2 if unit == SARDAUKAR else 1) + (state.target == state.storm)


def enter(state) -> bool:
    house = state.active_house
    state.spice = spice_of_die(state) + (state.store if house == CORRINO and state.ability(CORRINO) else 0)
    # X22: one purse for landing and moving; what is left is lost (but the Corrino's store)
    state.symbols = sum(1 for d in HOUSE_DICE if state.dice[d] == house)
    state.target = state.dice[TERRITORY_DIE]
    if worm(state) or state.target == NO_FACE or legal_deploy(state, state.active) == [("done",)]:
        return False  # X5: without a territory there is nowhere to go; X9: the worm stops the store too
    state.phase, state.awaiting = "deploy", (state.active,)
    return True


def sources(state) -> tuple[int, ...]:
    """Where units may move from: the Polar Sink; for the Guild, any other location (Transportation, X10)."""
    if state.ability(GUILD) and state.active_house == GUILD:
        return tuple(loc for loc in LOCATIONS if loc != state.target)
    return (POLAR_SINK,) if state.target != POLAR_SINK else ()


def legal_deploy(state, seat: int) -> list:
    acts: list = [("done",)]
    units = own_units(state)
    if state.symbols:
        acts += [("land", u) for u in units if state.spice >= land_cost(state, u)]  # X1: troops are unlimited
    if state.spice >= 1:
        b = state.board
        acts += [("move", src, u) for src in sources(state) for u in units if b[src * NU + u]]
    return acts


def apply_deploy(state, seat: int, action) -> bool:
    kind, target = action[0], state.target
    if kind == "done":
        return True
    if kind == "land":
        unit = action[1]
        cost = land_cost(state, unit)
        state.symbols -= 1
        emit(state, pl.Landed, "The {house} land {units} in {where} ({cost} spice).",
             house=HOUSE_NAMES[state.active_house], units=units_text(unit, 1), where=LOCATION_NAMES[target],
             cost=cost, unit_id=unit, loc=target)
    else:
        _, src, unit = action
        cost = 1
        state.board[src * NU + unit] -= 1
        emit(state, pl.Moved, "The {house} move {units} from {src_name} to {where} (1 spice).",
             house=HOUSE_NAMES[state.active_house], units=units_text(unit, 1), src_name=LOCATION_NAMES[src],
             where=LOCATION_NAMES[target], cost=cost, unit_id=unit, src=src, loc=target)
    state.board[target * NU + unit] += 1
    state.recount(unit)
    state.spice -= cost
    fortress.capture(state, target)
    return False


# ------------------------------------------------------------ Wormriding (Fremen)

def enter_wormride(state) -> bool:
    if not (worm(state) and state.active_house == FREMEN and state.ability(FREMEN)):
        return False
    if legal_wormride(state, state.active) == [("pass",)]:
        return False
    state.phase, state.awaiting = "wormride", (state.active,)
    return True


def legal_wormride(state, seat: int) -> list:
    """Up to 5 Fremen from one territory to another (X11: not into nor out of the Polar Sink)."""
    b = state.board
    acts: list = [("pass",)]
    for src in TERRITORIES:
        here = b[src * NU + FREMEN]
        acts += [("wormride", src, dst, k) for dst in TERRITORIES if dst != src
                 for k in range(1, min(here, WORMRIDE_MAX) + 1)]
    return acts


def apply_wormride(state, seat: int, action) -> bool:
    if action[0] == "wormride":
        _, src, dst, k = action
        state.board[src * NU + FREMEN] -= k
        state.board[dst * NU + FREMEN] += k
        fortress.capture(state, dst)
        emit(state, pl.Wormride, "The Fremen ride the worm: {units} from {src_name} to {where}.",
             units=units_text(FREMEN, k), src_name=LOCATION_NAMES[src], where=LOCATION_NAMES[dst],
             src=src, loc=dst, count=k)
    return True
