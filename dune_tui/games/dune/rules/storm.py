"""9. Storm (R2, R11): spice faces 3, 4, 5 move the storm one zone by the region die's arrow."""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    DESERT,
    FACTION_UNITS,
    FORTIFICATION,
    ORNITHOPTER,
    REGION_DIE,
    REGION_NAMES,
    SPICE_DIE,
    STORM_FACES,
    WEST_FACES,
    ZONE_REGIONS,
    storm_step,
)
from ..events import emit
from ..rulings import STORM_VICTIM_ORDER, evacuation_spares, storm_spares
from ..state import NU
from .common import lose_troop


def run(state) -> None:
    if state.dice[SPICE_DIE] not in STORM_FACES:
        return
    face = state.dice[REGION_DIE]
    old = state.storm
    state.storm = storm_step(old, face)
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Storm, "The storm moves {way} from zone {old} to zone {new} ({regions}).",
             way="West" if face in WEST_FACES else "East", old=old, new=state.storm,
             regions=" and ".join(REGION_NAMES[r] for r in ZONE_REGIONS[state.storm]), zone=state.storm,
             west=face in WEST_FACES)
    for region in ZONE_REGIONS[state.storm]:
        if strikes(state, region):
            sweep_desert(state, region)


def strikes(state, region: int) -> bool:
    """The storm entering `region` kills troops and destroys an Ornithopter there (R11): a desert
    without a Fortification."""
    return exposed(region) and state.constr[region] != FORTIFICATION


def exposed(region: int) -> bool:
    """The storm can hurt anything in `region` at all (R11): only the deserts; a Fortification may shelter it."""
    return region in DESERT


def sweep_desert(state, region: int) -> None:
    """A desert without Fortification: each faction there loses a troop; an Ornithopter is destroyed."""
    base = region * NU
    for f in range(8):
        if storm_spares(f):
            continue
        for u in STORM_VICTIM_ORDER.get(f, FACTION_UNITS[f]):
            if state.board[base + u]:
                to_card = evacuation_spares(f, state.active_faction, state.ally)
                lose_troop(state, region, u, to_card, "the storm")
                break
    if state.constr[region] == ORNITHOPTER:
        state.constr[region] = 0
        emit(state, pl.OrnithopterLost, "The storm destroys the Ornithopter in {region}.",
             region=REGION_NAMES[region], loc=region)
