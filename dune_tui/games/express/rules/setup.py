"""Setting up (PŘÍPRAVA HRY): houses, troops, tokens, the first player, the Bene Gesserit's round."""

from __future__ import annotations

from ... import rng
from .. import payloads as pl
from ..data import BENE_GESSERIT, CORRINO, HOUSE_NAMES, SARDAUKAR, SARDAUKAR_TROOPS, TROOPS
from ..events import emit
from ..options import available_houses, house_id, supply_counts
from .dice import roll_face
from .victory import round_limit


def setup(state) -> bool:
    """Deal houses, fill reserves and the supply, roll for the first player; True if the Bene Gesserit
    must now choose their round."""
    o = state.options
    if o.houses is not None:
        houses = [house_id(h) for h in o.houses]
    else:
        pool = list(available_houses(o.players, o.abilities))
        houses = []
        for _ in range(o.players):
            state.rng, i = rng.below(state.rng, len(pool))
            houses.append(pool.pop(i))
    for seat, h in enumerate(houses):
        state.seat_house[seat], state.house_seat[h] = h, seat
        state.reserve[h] = TROOPS
        emit(state, pl.HouseDealt, "Seat {seat} plays the {house}.", seat=seat + 1, house=HOUSE_NAMES[h],
             seat_id=seat, house_id=h)
    if state.ability(CORRINO):
        state.reserve[SARDAUKAR] = SARDAUKAR_TROOPS
    state.supply = list(supply_counts(o))  # X17: Thumper tokens follow the defence; X28: counts chosen
    rolls = []  # X2: seats play clockwise from the first player, whom the house die picks
    while not rolls or state.house_seat[rolls[-1]] < 0:  # roll a house die until a house in play shows
        rolls.append(roll_face(state))
    state.first = state.active = state.house_seat[rolls[-1]]
    emit(state, pl.FirstPlayer, "The house die shows the {house}: seat {seat} plays first.",
         house=HOUSE_NAMES[rolls[-1]], seat=state.first + 1, seat_id=state.first, rolls=tuple(rolls))
    state.limit = round_limit(state)
    if state.ability(BENE_GESSERIT):
        state.phase, state.awaiting = "predict", (state.house_seat[BENE_GESSERIT],)
        return True
    return False


def prediction_choices(state) -> tuple[int, ...]:
    """Manipulation: any round up to the limit (X24)."""
    return tuple(range(1, state.limit + 1))


def legal_predict(state, seat: int) -> list:
    return [("predict", r) for r in prediction_choices(state)]


def apply_predict(state, seat: int, action) -> bool:
    state.prediction = action[1]
    emit(state, pl.Prediction, "You foresee round {round} (Manipulation).", to=(seat,), round=action[1])
    emit(state, pl.PredictionMade, "The Bene Gesserit secretly mark a round (Manipulation).")
    return True
