"""What a bot reads off the board: strengths, holdings, threats.

Everything here reads only what every seat may see (a view works as well as a
full state), so the heuristic and the search's evaluation can share it.
"""

from __future__ import annotations

from dune_tui.engine.data import (
    ADJACENT,
    ATREIDES,
    ATREIDES_BOTH_LEADERS,
    FACTION_UNITS,
    GUILD,
    LEADER_STRENGTH,
    LOCATIONS,
    ORNITHOPTER,
    POLAR_SINK,
    RING,
    SMUGGLERS,
    STRATEGIC,
    STRATEGIC_ORDER,
    UNIT_OWNER,
    UNIT_STRENGTH,
)
from dune_tui.engine.rules.victory import strategic_needed

NU = 9
ALL_FACTIONS = range(8)


def strength(state, loc: int, faction: int) -> int:
    """Fighting strength of `faction`'s troops in `loc`."""
    b = state.board
    base = loc * NU
    return sum(b[base + u] * UNIT_STRENGTH[u] for u in FACTION_UNITS[faction])


def troops(state, loc: int, faction: int) -> int:
    b = state.board
    base = loc * NU
    return sum(b[base + u] for u in FACTION_UNITS[faction])


def strengths_at(state, loc: int) -> list[int]:
    """Strength of every faction in `loc`, by faction id."""
    out = [0] * 8
    b = state.board
    base = loc * NU
    for u in range(NU):
        k = b[base + u]
        if k:
            out[UNIT_OWNER[u]] += k * UNIT_STRENGTH[u]
    return out


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


def held(state, faction_mask: int) -> list[int]:
    """Strategic regions held alone by the factions in the mask."""
    out = []
    for r in STRATEGIC_ORDER:
        occ = state.occupants(r)
        if occ and not occ & ~faction_mask:
            out.append(r)
    return out


def needed(state) -> int:
    return strategic_needed(state.n)


def sources_for(state, target: int) -> list[int]:
    """Where troops may move into `target` from (ignoring Worm Riding)."""
    if target == POLAR_SINK:
        near = set(RING)
    else:
        near = set(ADJACENT[target]) | {r for r in RING if state.constr[r] == ORNITHOPTER}
    near.discard(target)
    return [loc for loc in near if state.storm_free(loc)]


def enemy_power(state, loc: int, friends: int) -> int:
    """What the non-friendly factions in `loc` could fight with: their troops
    plus the strongest leader among them."""
    s = strengths_at(state, loc)
    total = 0
    lead = 0
    for f in ALL_FACTIONS:
        if s[f] and not friends >> f & 1:
            total += s[f]
            lead = max(lead, leader_power(state, f))
    return total + lead


def guild_default_possible(state) -> bool:
    return state.in_play(GUILD)


def strategic(loc: int) -> bool:
    return loc in STRATEGIC


def turns_left(state, seat: int) -> int:
    """Turns `seat` still has, counting the current one if it is theirs."""
    rounds_left = 6 - state.round
    here = 1 if seat >= state.active else 0
    return rounds_left + here


def total_strength(state, faction: int) -> int:
    return sum(strength(state, loc, faction) for loc in LOCATIONS)
