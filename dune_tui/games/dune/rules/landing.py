"""5. Landing (R3, R8): the turn's spice, then troops from the card to the map.

Order of decisions: the worm's Harvester (`("harvester", region)`), the
Corrino ally's gift (`("gift", k)`, H4), the ally's consent to landings in its
regions (`("consent",)` / `("refuse",)`), then the active player lands one
troop at a time (`("land", unit, loc)`), may revive its leader
(`("ghola",)`, H5) or hire Esmar Tuek (`("hire_leader",)`), and ends with
`("done",)` or by granting its ally a spice budget (`("ally_lands", k)`, H6),
after which the ally lands (`("land", unit, loc)` ... `("done",)`).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    BENE_GESSERIT,
    CORRINO,
    FACTION_NAMES,
    FACTION_UNITS,
    GUILD,
    HARVESTER,
    LEADER_NAMES,
    POLAR_SINK,
    REGION_NAMES,
    RING,
    SMUGGLERS,
    SPICE_DIE,
    STORE_MAX,
    TLEILAXU,
    UNIT_A,
    UNIT_NAMES,
    WORM,
    ZONE,
)
from ..events import emit
from ..state import NU
from .common import has_ability, spend, spice_available

SMUGGLERS_LEADER_PRICE = 2


def _pool(state, faction: int) -> list[int]:
    """Where a faction lands from: its card, or for the Smugglers their reserve (Mercenaries)."""
    return state.reserve if faction == SMUGGLERS else state.card


def price(faction: int, loc: int) -> int:
    """R8: 1 spice a troop; the Smugglers pay 2 into the Polar Sink."""
    return 2 if faction == SMUGGLERS and loc == POLAR_SINK else 1


def _harvesters(state, storm_free_only: bool) -> list[int]:
    """Harvesters in regions where the active player or its ally has a troop (R3)."""
    mine = 1 << state.active_faction | (1 << state.ally if state.ally >= 0 else 0)
    return [r for r in RING if state.constr[r] == HARVESTER and state.occupants(r) & mine
            and (not storm_free_only or state.storm_free(r))]


def _held(state, faction: int) -> list[int]:
    """Ring regions out of the storm where `faction` has troops."""
    b, units, storm = state.board, FACTION_UNITS[faction], state.storm
    if len(units) == 1:  # every faction but the Corrino
        u = units[0]
        return [r for r in RING if b[r * NU + u] and ZONE[r] != storm]
    return [r for r in RING if ZONE[r] != storm and any(b[r * NU + u] for u in units)]


def enter(state) -> bool:
    state.spice_other = 0
    if state.dice[SPICE_DIE] == WORM:
        state.spice_die = 0
        emit(state, pl.NoSpice, "Shai-Hulud: no spice this turn.")
        if _harvesters(state, False):
            state.phase = "worm_harvester"
            state.awaiting = (state.active,)
            return True
    else:
        state.spice_die = state.dice[SPICE_DIE]
        harvest = 2 * len(_harvesters(state, True))
        state.spice_other = harvest
        if state.events is not None:  # (a search does not record: skip the words)
            emit(state, pl.Spice, "{faction} has {total} spice this turn ({die} from the die, {harvest} harvested).",
                 faction=FACTION_NAMES[state.active_faction], total=state.spice_die + harvest, die=state.spice_die,
                 harvest=harvest, faction_id=state.active_faction)
    return _enter_gift(state)


def legal_harvester(state, seat: int) -> list:
    return [("harvester", r) for r in _harvesters(state, False)]


def apply_harvester(state, seat: int, action) -> bool:
    state.constr[action[1]] = 0
    emit(state, pl.HarvesterLost, "Shai-Hulud swallows the Harvester in {region}.", region=REGION_NAMES[action[1]],
         loc=action[1])
    return not _enter_gift(state)


# ---------------------------------------------------------------- the gift


def _enter_gift(state) -> bool:
    if state.ally == CORRINO and state.store[CORRINO] > 0:
        state.phase = "gift"
        state.awaiting = (state.faction_seat[CORRINO],)
        return True
    return _enter_consent(state)


def legal_gift(state, seat: int) -> list:
    return [("gift", k) for k in range(state.store[CORRINO] + 1)]


def apply_gift(state, seat: int, action) -> bool:
    k = action[1]
    state.store[CORRINO] -= k
    state.spice_other += k
    emit(state, pl.Gift, "CHOAM: the Corrino give {k} stored spice to the {faction}.", k=k,
         faction=FACTION_NAMES[state.active_faction], faction_id=state.active_faction, spice=k)
    return not _enter_consent(state)


# ------------------------------------------------------------------ consent


def consent_regions(state) -> list[int]:
    """The regions the active player may land in only with its ally's consent: the ally's, out of the storm, where
    the active player has no troops."""
    return [r for r in _held(state, state.ally) if not state.troops_of(r, state.active_faction)]


def _enter_consent(state) -> bool:
    state.consent = False
    me, ally = state.active_faction, state.ally
    if ally < 0:
        return _enter_land(state)
    if me == BENE_GESSERIT:  # The Voice: no consent needed
        state.consent = True
        return _enter_land(state)
    theirs = consent_regions(state)
    mine_to_land = any(_pool(state, me)[u] for u in FACTION_UNITS[me])
    if theirs and mine_to_land and spice_available(state):
        state.phase = "consent"
        state.awaiting = (state.faction_seat[ally],)
        return True
    return _enter_land(state)


def legal_consent(state, seat: int) -> list:
    return [("consent",), ("refuse",)]


def apply_consent(state, seat: int, action) -> bool:
    state.consent = action[0] == "consent"
    verb = "let" if state.consent else "do not let"
    emit(state, pl.Consent, "The {ally} {verb} the {faction} land in their regions.", ally=FACTION_NAMES[state.ally],
         verb=verb, faction=FACTION_NAMES[state.active_faction], faction_id=state.active_faction, ally_id=state.ally,
         given=state.consent)
    return not _enter_land(state)


# ------------------------------------------------------------------ landing


def _enter_land(state) -> bool:
    state.phase = "land"
    state.awaiting = (state.active,)
    return True


def _spots(state, faction: int, partner: int) -> list[int]:
    if partner < 0:  # (ring regions in order, then the Polar Sink: in order already)
        return [*_held(state, faction), POLAR_SINK]
    spots = {POLAR_SINK, *_held(state, faction)}
    spots.update(_held(state, partner))
    return sorted(spots)


def _landings(state, faction: int, partner: int, budget: int) -> list:
    pool = _pool(state, faction)
    units = [u for u in FACTION_UNITS[faction] if pool[u]]
    if not units or budget <= 0:
        return []
    spots = _spots(state, faction, partner)
    if budget < 2 and faction == SMUGGLERS:  # (the only price above 1: `price`)
        spots = [loc for loc in spots if price(faction, loc) <= budget]
    return [_LAND[u][loc] for u in units for loc in spots]


_LAND = tuple(tuple(("land", u, loc) for loc in range(POLAR_SINK + 1)) for u in range(NU))  # made once


def legal_land(state, seat: int) -> list:
    me, ally = state.active_faction, state.ally
    avail = spice_available(state)
    actions: list = [("done",)]
    actions += _landings(state, me, ally if state.consent else -1, avail)
    if avail >= 1 and has_ability(state, TLEILAXU) and state.lreserve[me]:
        actions.append(("ghola",))
    if me == SMUGGLERS and state.lreserve[me] and avail >= SMUGGLERS_LEADER_PRICE:
        actions.append(("hire_leader",))
    if ally >= 0 and avail >= 1:
        pool = _pool(state, ally)
        troops = sum(pool[u] for u in FACTION_UNITS[ally])
        most = min(avail, troops * price(ally, POLAR_SINK))
        actions += [("ally_lands", k) for k in range(1, most + 1)]
    return actions


def _land(state, faction: int, unit: int, loc: int) -> None:
    _pool(state, faction)[unit] -= 1
    state.board[loc * NU + unit] += 1
    spend(state, price(faction, loc))
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Landed, "{faction} lands {a_unit} troop in {region}.", faction=FACTION_NAMES[faction],
             unit=UNIT_NAMES[unit], a_unit=UNIT_A[unit], region=REGION_NAMES[loc], loc=loc, unit_id=unit,
             faction_id=faction)
    if loc != POLAR_SINK:
        state.landed_out |= 1 << faction
        _transport_monopoly(state, faction)


def _transport_monopoly(state, faction: int) -> None:
    """R8: the Guild gains 1 stored spice once per turn another faction lands outside the Polar Sink."""
    if faction == GUILD or state.guild_paid or not state.in_play(GUILD):
        return
    state.guild_paid = True
    if state.store[GUILD] < STORE_MAX:
        state.store[GUILD] += 1
        emit(state, pl.Monopoly, "Transport Monopoly: the Spacing Guild stores 1 spice ({n} now).",
             n=state.store[GUILD], stored=state.store[GUILD])


def apply_land(state, seat: int, action) -> bool:
    kind = action[0]
    me = state.active_faction
    if kind == "done":
        return True
    if kind == "land":
        _land(state, me, action[1], action[2])
    elif kind == "ghola":
        spend(state, 1)
        state.lreserve[me] -= 1
        state.lcard[me] += 1
        emit(state, pl.Ghola, "Gholas: {faction} pays 1 spice and {leader} returns to the card.",
             faction=FACTION_NAMES[me], leader=LEADER_NAMES[me], faction_id=me)
    elif kind == "hire_leader":
        spend(state, SMUGGLERS_LEADER_PRICE)
        state.lreserve[me] -= 1
        state.lcard[me] += 1
        emit(state, pl.HireLeader, "The Smugglers pay 2 spice to bring Esmar Tuek to the card.")
    elif kind == "ally_lands":
        state.ally_budget = action[1]
        emit(state, pl.AllyBudget, "{faction} will pay up to {k} spice for the {ally} to land.",
             faction=FACTION_NAMES[me], k=action[1], ally=FACTION_NAMES[state.ally],
             faction_id=me, ally_id=state.ally, spice=action[1])
        state.phase = "ally_land"
        state.awaiting = (state.faction_seat[state.ally],)
    return False


def legal_ally_land(state, seat: int) -> list:
    budget = min(state.ally_budget, spice_available(state))
    return [("done",), *_landings(state, state.ally, state.active_faction, budget)]


def apply_ally_land(state, seat: int, action) -> bool:
    if action[0] == "done":
        return True
    _, unit, loc = action
    state.ally_budget -= price(state.ally, loc)
    _land(state, state.ally, unit, loc)
    return False
