"""Setting up (MISE EN PLACE, R12): storm, constructions, factions, faction setups."""

from __future__ import annotations

from ... import rng
from .. import payloads as pl
from ..data import (
    ATREIDES,
    BENE_GESSERIT,
    CONSTRUCTION_KINDS,
    CONSTRUCTION_NAMES,
    CONSTRUCTION_TOTAL,
    CORRINO,
    FACTION_NAMES,
    FREMEN,
    GUILD,
    HARKONNEN,
    LEADER_COUNT,
    NON_STRATEGIC,
    POLAR_SINK,
    REGION_NAMES,
    SARDAUKAR,
    SMUGGLERS,
    STRATEGIC_ORDER,
    TLEILAXU,
    UNIT_OWNER,
    UNIT_TOTAL,
    UNITS,
)
from ..events import emit
from ..options import available_factions, faction_id
from ..state import NU

# ------------------------------------------------------------ choice of factions


def choice_order(players: int) -> tuple[int, ...]:
    """R12: right of the first player, counter-clockwise; the first player last.

    Seats run clockwise from the first player (seat 0), so the seat on its
    right is the last one."""
    return tuple(range(players - 1, -1, -1))


def free_factions(state) -> list[int]:
    return [f for f in available_factions(state.n) if state.faction_seat[f] < 0]


def seat(state, seat_: int, faction: int) -> None:
    state.seat_faction[seat_] = faction
    state.faction_seat[faction] = seat_
    emit(state, pl.FactionChosen, "Seat {seat} plays the {faction}.", seat=seat_ + 1,
         faction=FACTION_NAMES[faction], seat_id=seat_, faction_id=faction)


def deal_or_fix_factions(state) -> bool:
    """Seat the factions given in the options, deal them at random, or ask (True)."""
    opts = state.options
    if opts.factions is not None:
        for s, name in enumerate(opts.factions):
            seat(state, s, faction_id(name))
        return False
    if opts.faction_choice == "random":
        for s in choice_order(state.n):
            free = free_factions(state)
            state.rng, i = rng.below(state.rng, len(free))
            seat(state, s, free[i])
        return False
    state.chooser = 0
    state.phase = "choose_faction"
    state.awaiting = (choice_order(state.n)[0],)
    return True


def legal_choose(state, seat_: int) -> list:
    return [("faction", f) for f in free_factions(state)]


def apply_choose(state, seat_: int, action) -> bool:
    seat(state, seat_, action[1])
    state.chooser += 1
    order = choice_order(state.n)
    if state.chooser < len(order):
        state.awaiting = (order[state.chooser],)
        return False
    return True


# ---------------------------------------------------------------- the board


def roll_storm_and_place_constructions(state) -> None:
    """Storm: roll the region die (no losses at setup).  One random construction
    on each strategic region; the sixth waits for the Harkonnen (R12)."""
    state.rng, face = rng.below(state.rng, 6)
    state.storm = face + 1
    emit(state, pl.StormPlaced, "The storm starts in zone {zone}.", zone=state.storm)
    markers = [k for k in CONSTRUCTION_KINDS for _ in range(CONSTRUCTION_TOTAL)]
    for i in range(len(markers) - 1, 0, -1):  # Fisher-Yates with the game's dice
        state.rng, j = rng.below(state.rng, i + 1)
        markers[i], markers[j] = markers[j], markers[i]
    for region, kind in zip(STRATEGIC_ORDER, markers):
        state.constr[region] = kind
        emit(state, pl.ConstructionPlaced, "Setup: {kind} in {region}.", kind=CONSTRUCTION_NAMES[kind],
             region=REGION_NAMES[region], loc=region, kind_id=kind)


def fill_reserves(state) -> None:
    for u in UNITS:
        if state.in_play(UNIT_OWNER[u]):
            state.reserve[u] = UNIT_TOTAL[u]
    for f in range(8):
        if state.in_play(f):
            state.lreserve[f] = LEADER_COUNT[f]


def _to_map(state, unit: int, loc: int, count: int) -> None:
    state.reserve[unit] -= count
    state.board[loc * NU + unit] += count


def _to_card(state, unit: int, count: int) -> None:
    state.reserve[unit] -= count
    state.card[unit] += count


def _leader_to_card(state, faction: int, count: int = 1) -> None:
    state.lreserve[faction] -= count
    state.lcard[faction] += count


def _told(state, faction: int, what: str) -> None:
    emit(state, pl.FactionSetup, "{faction} setup: {what}.", faction=FACTION_NAMES[faction], what=what,
         faction_id=faction)


# -------------------------------------------------- faction setups (1)...(8)


def legal_region_choice(state, seat_: int) -> list:
    """A non-strategic region; H16: the Harkonnen take one the Atreides left empty."""
    return [("setup", r) for r in NON_STRATEGIC if not state.occupants(r)]


def apply_atreides(state, seat_: int, action) -> bool:
    """(1) Two leaders on the card, two troops on a non-strategic region."""
    region = action[1]
    _leader_to_card(state, ATREIDES, 2)
    _to_map(state, ATREIDES, region, 2)
    _told(state, ATREIDES, f"Leto and Duncan Idaho on the card, 2 troops in {REGION_NAMES[region]}")
    return True


def apply_harkonnen(state, seat_: int, action) -> bool:
    """(2) Two troops and the sixth construction on a non-strategic region."""
    region = action[1]
    _to_map(state, HARKONNEN, region, 2)
    placed = [state.constr.count(k) for k in CONSTRUCTION_KINDS]
    left = [k for k, n in zip(CONSTRUCTION_KINDS, placed) if n < CONSTRUCTION_TOTAL]
    what = f"2 troops in {REGION_NAMES[region]}"
    if left and state.constr[region] == 0:
        state.constr[region] = left[0]
        what += f" with the {CONSTRUCTION_NAMES[left[0]]}"
    _told(state, HARKONNEN, what)
    return True


def setup_fremen(state) -> None:
    """(3) Leader on the card; one troop in each unoccupied non-strategic region."""
    _leader_to_card(state, FREMEN)
    empty = [r for r in NON_STRATEGIC if not state.occupants(r)]
    for r in empty:
        _to_map(state, FREMEN, r, 1)
    _told(state, FREMEN, "Liet Kynes on the card, a troop in " + ", ".join(REGION_NAMES[r] for r in empty))


def setup_tleilaxu(state) -> None:
    """(4) Two troops in the Polar Sink; leader and two troops on the card."""
    _to_map(state, TLEILAXU, POLAR_SINK, 2)
    _leader_to_card(state, TLEILAXU)
    _to_card(state, TLEILAXU, 2)
    _told(state, TLEILAXU, "2 troops in the Polar Sink, Scytale and 2 troops on the card")


def setup_corrino(state) -> None:
    """(5) Leader, one troop, one Sardaukar and 3 spice on the card."""
    _leader_to_card(state, CORRINO)
    _to_card(state, CORRINO, 1)
    _to_card(state, SARDAUKAR, 1)
    state.store[CORRINO] = 3
    _told(state, CORRINO, "Shaddam IV, a troop, a Sardaukar and 3 spice on the card")


def setup_guild(state) -> None:
    """(6) Leader, three troops and 1 spice on the card."""
    _leader_to_card(state, GUILD)
    _to_card(state, GUILD, 3)
    state.store[GUILD] = 1
    _told(state, GUILD, "Edric, 3 troops and 1 spice on the card")


def setup_bene_gesserit(state) -> None:
    """(7) Leader on the card, three troops in the Polar Sink (the prediction is asked next)."""
    _leader_to_card(state, BENE_GESSERIT)
    _to_map(state, BENE_GESSERIT, POLAR_SINK, 3)
    _told(state, BENE_GESSERIT, "Mother Mohiam on the card, 3 troops in the Polar Sink")


def setup_smugglers(state) -> None:
    """(8) Leader on the card, three troops in the Polar Sink."""
    _leader_to_card(state, SMUGGLERS)
    _to_map(state, SMUGGLERS, POLAR_SINK, 3)
    _told(state, SMUGGLERS, "Esmar Tuek on the card, 3 troops in the Polar Sink")


def prediction_choices(state) -> list[int]:
    """H8: any faction in play but the Bene Gesserit, and the Guild even when unplayed."""
    return [f for f in range(8) if f != BENE_GESSERIT and (state.in_play(f) or f == GUILD)]


def legal_predict(state, seat_: int) -> list:
    return [("predict", f) for f in prediction_choices(state)]


def apply_predict(state, seat_: int, action) -> bool:
    state.prediction = action[1]
    emit(state, pl.Prediction, "The Bene Gesserit secretly predict the {faction} will win.", to=(seat_,),
         faction=FACTION_NAMES[action[1]], faction_id=action[1])
    emit(state, pl.PredictionMade, "The Bene Gesserit write down their secret prediction.")
    return True


def ask(state, faction: int, phase: str) -> bool:
    """Wait for `faction`'s seat to decide `phase`, if that faction plays."""
    if not state.in_play(faction):
        return False
    state.phase = phase
    state.awaiting = (state.faction_seat[faction],)
    return True


AUTOMATIC = {FREMEN: setup_fremen, TLEILAXU: setup_tleilaxu, CORRINO: setup_corrino, GUILD: setup_guild,
             BENE_GESSERIT: setup_bene_gesserit, SMUGGLERS: setup_smugglers}


def run_setups_from(state, faction: int) -> bool:
    """Run faction setups (faction)...(8) in card order; True when a decision is needed."""
    for f in range(faction, 8):
        if not state.in_play(f):
            continue
        if f == ATREIDES:
            return ask(state, ATREIDES, "setup_atreides")
        if f == HARKONNEN:
            return ask(state, HARKONNEN, "setup_harkonnen")
        AUTOMATIC[f](state)
        if f == BENE_GESSERIT:
            return ask(state, BENE_GESSERIT, "setup_prediction")
    return False
