"""1. Rolling the dice (Hod kostkami), and the abilities that turn dice: Foresight, Ruthlessness, Monopoly.

Roll all the dice; before each reroll set aside at least one die, so there are at most as many rolls as
dice.  Thumper: a Shai-Hulud on the spice die is set aside at once and only a Thumper token rerolls it.
"""

from __future__ import annotations

from ... import rng
from .. import payloads as pl
from ..data import (
    ATREIDES,
    DIE_NAMES,
    FACES,
    GUILD,
    HARKONNEN,
    HOUSE_NAMES,
    KILLS,
    N_DICE,
    NO_FACE,
    SPICE_DIE,
    TERRITORY_DIE,
    THUMPER,
    TRAITOR_DIE,
    WORM,
)
from ..events import emit
from ..text import dice_text, face_text


def roll_face(state) -> int:
    state.rng, face = rng.below(state.rng, FACES)
    return face


def worm_locked(state) -> bool:
    """Thumper: the spice die shows Shai-Hulud, and only a Thumper token may reroll it."""
    return state.options.thumper and state.dice[SPICE_DIE] == WORM


# ------------------------------------------------------------ Foresight (before rolling)

def enter(state) -> None:
    """The start of the roll: the Atreides may first put one die aside unrolled (Foresight)."""
    if state.ability(ATREIDES) and state.active_house == ATREIDES:
        state.phase, state.awaiting = "foresight", (state.active,)
    else:
        _first_roll(state)


def legal_foresight(state, seat: int) -> list:
    return [("roll",)] + [("skip", d) for d in range(len(state.dice))]


def apply_foresight(state, seat: int, action) -> bool:
    if action[0] == "skip":
        die = action[1]
        state.skipped, state.kept, state.dice[die] = die, 1 << die, NO_FACE
        emit(state, pl.Foresight, "The Atreides put the {die} aside unrolled (Foresight).",
             die=DIE_NAMES[die], die_id=die)
    _first_roll(state)
    return False


# ------------------------------------------------------------ the roll

def _first_roll(state) -> None:
    _roll_free(state)
    state.phase, state.awaiting = "roll", (state.active,)


def _roll_free(state) -> None:
    before = state.kept
    for d in range(len(state.dice)):
        if not before >> d & 1:
            state.dice[d] = roll_face(state)
    if worm_locked(state):
        state.kept |= 1 << SPICE_DIE  # set aside at once, not counted as the die set aside by choice
    if state.events is not None:  # the words cost more than the roll
        emit(state, pl.Rolled, "{house} roll: {text}.", house=HOUSE_NAMES[state.active_house],
             text=dice_text(state), dice=tuple(state.dice), kept=before)


def _keeps(kept: int, all_dice: int) -> list:
    """Stop, or set aside at least one more die and keep at least one to reroll."""
    free = all_dice & ~kept
    acts: list = [("stop",)]
    sub = (free - 1) & free  # every non-empty proper subset of the free dice, largest first
    while sub:
        acts.append(("keep", kept | sub))
        sub = (sub - 1) & free
    return acts


# by the number of dice (X29: eight with the tactical die); shared: legal_actions' lists are not modified
_KEEPS = {n: [_keeps(kept, (1 << n) - 1) for kept in range(1 << n)] for n in (N_DICE, N_DICE + 1)}


def legal_roll(state, seat: int) -> list:
    acts = _KEEPS[len(state.dice)][state.kept]
    if worm_locked(state) and state.holds(state.active, THUMPER):
        return [*acts, ("thumper",)]
    return acts


def apply_roll(state, seat: int, action) -> bool:
    kind = action[0]
    if kind == "stop":
        state.kept = (1 << len(state.dice)) - 1
        return True
    if kind == "keep":
        state.kept = action[1]
        _roll_free(state)
        return False
    # a Thumper token rerolls the worm; the spice die is then a die like the others (X8)
    state.tokens[seat * 4 + THUMPER] -= 1
    state.supply[THUMPER] += 1
    state.dice[SPICE_DIE] = roll_face(state)
    state.kept &= ~(1 << SPICE_DIE)
    if worm_locked(state):
        state.kept |= 1 << SPICE_DIE
    emit(state, pl.ThumperPlayed, "The {house} play a Thumper: the spice die shows {shown}.",
         house=HOUSE_NAMES[state.active_house], shown=face_text(state, SPICE_DIE, state.dice[SPICE_DIE]),
         seat_id=seat, face=state.dice[SPICE_DIE])
    return False


# ------------------------------------------------------------ turning dice after the roll

def enter_turn(state) -> bool:
    """The end of the roll, before the traitor die counts: the active house's ability that turns a die,
    if it has one now (X20: every ability but Desert Power is for one's own turn; X21: the order)."""
    if not state.options.abilities:
        return False
    house, dice = state.active_house, state.dice
    phase = None
    if house == ATREIDES and state.skipped >= 0:
        phase = "foresight_change"
    elif house == HARKONNEN and dice[TRAITOR_DIE] != NO_FACE:
        phase = "ruthlessness"
    elif house == GUILD and dice[TERRITORY_DIE] != NO_FACE:
        phase = "monopoly"
    if phase is None:
        return False
    state.phase, state.awaiting = phase, (state.active,)
    return True


def legal_turn(state, seat: int) -> list:
    dice = state.dice
    if state.phase == "ruthlessness":  # any result to a killing face (Harkonnen)
        faces = {TRAITOR_DIE: KILLS}
    elif state.phase == "monopoly":  # the territory die to any location (Guild)
        faces = {TERRITORY_DIE: range(FACES)}
    else:  # Foresight: any one of the rolled dice to any face, Shai-Hulud too (X4)
        faces = {d: range(FACES) for d in range(len(dice)) if dice[d] != NO_FACE}
    return [("pass",)] + [("turn", d, f) for d, fs in faces.items() for f in fs if f != dice[d]]


def apply_turn(state, seat: int, action) -> bool:
    if action[0] == "turn":
        _, die, face = action
        state.dice[die] = face
        emit(state, pl.DieTurned, "The {house} turn the {die} to {shown}.", house=HOUSE_NAMES[state.active_house],
             die=DIE_NAMES[die], shown=face_text(state, die, face), house_id=state.active_house, die_id=die,
             face=face)
    return True
