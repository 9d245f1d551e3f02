"""What a bot reads off the board: strengths, holdings, threats.

Everything here reads only what every seat may see (a view works as well as a
full state), so the heuristic and the search's evaluation can share it.
"""

from __future__ import annotations

from dune_tui.games.dune import NU
from dune_tui.games.dune.data import (
    ATREIDES,
    ATREIDES_BOTH_LEADERS,
    FACTION_UNITS,
    LEADER_STRENGTH,
    LOCATIONS,
    SMUGGLERS,
    UNIT_OWNER,
    UNIT_STRENGTH,
)
from dune_tui.games.dune.queries import strategic_needed

ALL_FACTIONS = range(8)


def strength(state, loc: int, faction: int) -> int:
    """Fighting strength of `faction`'s troops in `loc`."""
    b = state.board
    base = loc * NU
    return sum(b[base + u] * UNIT_STRENGTH[u] for u in FACTION_UNITS[faction])


def sides_at(state, loc: int, me: int, friends: int) -> tuple[int, int, bool]:
    """In `loc`, read in one pass: `me`'s strength, what the factions not in `friends` could fight with (their
    troops' strength plus the strongest leader among them), and whether any faction but `me` has troops there."""
    b = state.board
    base = loc * NU
    mine = total = lead = 0
    others = False
    for u in range(NU):
        k = b[base + u]
        if k:
            f = UNIT_OWNER[u]
            if f == me:
                mine += k * UNIT_STRENGTH[u]
            else:
                others = True
                if not friends >> f & 1:
                    total += k * UNIT_STRENGTH[u]
                    lead = max(lead, leader_power(state, f))
    return mine, total + lead, others


def leader_power(state, faction: int) -> int:
    """The strength `faction`'s leaders on its card could add to a battle."""
    k = state.lcard[faction]
    if not k:
        return 0
    if faction == ATREIDES and k >= 2:
        return ATREIDES_BOTH_LEADERS
    return LEADER_STRENGTH[faction]


def card_strength(state, faction: int) -> int:
    """Strength of the troops `faction` could land (the Smugglers land from reserve)."""
    pool = state.reserve if faction == SMUGGLERS else state.card
    return sum(pool[u] * UNIT_STRENGTH[u] for u in FACTION_UNITS[faction])


def card_troops(state, faction: int) -> int:
    pool = state.reserve if faction == SMUGGLERS else state.card
    return sum(pool[u] for u in FACTION_UNITS[faction])


def needed(state) -> int:
    return strategic_needed(state.n)


def enemy_power(state, loc: int, friends: int) -> int:
    """What the non-friendly factions in `loc` could fight with: their troops
    plus the strongest leader among them."""
    return sides_at(state, loc, -1, friends)[1]


def turns_left(state, seat: int) -> int:
    """Turns `seat` still has, counting the current one if it is theirs."""
    rounds_left = 6 - state.round
    here = 1 if seat >= state.active else 0
    return rounds_left + here


def total_strength(state, faction: int) -> int:
    """Fighting strength of all `faction`'s troops on the map."""
    b = state.board
    return sum(b[i] * k for i, k in _CELLS[faction])


# (board index, strength) of each faction's troops in every location
_CELLS = tuple(tuple((loc * NU + u, UNIT_STRENGTH[u]) for loc in LOCATIONS for u in FACTION_UNITS[f])
               for f in ALL_FACTIONS)
