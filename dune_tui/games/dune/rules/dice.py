"""1. Dice roll (LANCER DE DES, R4), Piter De Vries, and the Tleilaxu Axolotl Tanks (R13).

A roll decision is `("keep", mask)`: keep the dice in `mask` (bit i = die i)
and reroll the others, until all seven are kept.  A Shai-Hulud on the unkept
spice die must be in the mask, unless the player discards its Thumper:
`("thumper", mask)` keeps other dice instead and rerolls the worm.
"""

from __future__ import annotations

from ... import rng
from .. import payloads as pl
from ..data import (
    ALL_DICE_MASK,
    DIE_FACES,
    FACTION_DICE,
    FACTION_NAMES,
    HARKONNEN,
    KANLY_DIE,
    N_DICE,
    POISON,
    SPICE_DIE,
    TLEILAXU,
    WORM,
    face_name,
)
from ..events import emit

SPICE_BIT = 1 << SPICE_DIE


def _submasks(mask: int) -> tuple[int, ...]:
    subs = []
    m = mask
    while m:
        subs.append(m)
        m = (m - 1) & mask
    return tuple(sorted(subs))


# Every action of a roll decision, computed once: keeps of a non-empty subset
# of the unkept dice; keeps forced to include the worm; Thumper keeps.
KEEP = tuple(tuple(("keep", m) for m in _submasks(u)) for u in range(ALL_DICE_MASK + 1))
KEEP_WORM = tuple(tuple(("keep", m) for m in _submasks(u) if m & SPICE_BIT) for u in range(ALL_DICE_MASK + 1))
ROLLED = tuple(tuple(d for d in range(N_DICE) if mask >> d & 1) for mask in range(ALL_DICE_MASK + 1))  # in order
THUMPER = tuple(tuple(("thumper", m) for m in _submasks(u & ~SPICE_BIT)) for u in range(ALL_DICE_MASK + 1))


def dice_text(state, mask: int) -> str:
    return ", ".join(face_name(d, state.dice[d]) for d in range(N_DICE) if mask >> d & 1)


def dice_values(state, mask: int) -> tuple[int, ...]:
    return tuple(state.dice[d] for d in range(N_DICE) if mask >> d & 1)


def roll(state, mask: int) -> None:
    """Roll the dice in `mask` with the game's generator."""
    rolled = ROLLED[mask]
    state.rng, faces = rng.draws(state.rng, 6, len(rolled))
    dice = state.dice
    for d, i in zip(rolled, faces):
        dice[d] = DIE_FACES[d][i]
    if state.events is not None:  # a tree search does not record: skip the words
        f = state.active_faction
        emit(state, pl.DiceRolled, "{faction} rolls: {faces}.", faction=FACTION_NAMES[f], faction_id=f,
             faces=dice_text(state, mask), mask=mask, values=dice_values(state, mask))


def start(state) -> bool:
    """A turn starts: roll all seven dice."""
    state.kept = 0
    roll(state, ALL_DICE_MASK)
    state.phase = "roll"
    state.awaiting = (state.active,)
    return True


def worm_showing(state) -> bool:
    return not state.kept & SPICE_BIT and state.dice[SPICE_DIE] == WORM


def legal_roll(state, seat: int) -> list:
    unkept = ALL_DICE_MASK & ~state.kept
    if not worm_showing(state):
        return list(KEEP[unkept])
    actions = list(KEEP_WORM[unkept])
    # R4: a Thumper keeps another die instead, unless the worm is the last unkept die.
    if state.thumpers >> state.active_faction & 1 and unkept != SPICE_BIT:
        actions += THUMPER[unkept]
    return actions


def apply_roll(state, seat: int, action) -> bool:
    kind, mask = action
    faction = FACTION_NAMES[state.active_faction]
    if kind == "thumper":
        state.thumpers &= ~(1 << state.active_faction)
        emit(state, pl.ThumperUsed, "{faction} discards a Thumper: the Shai-Hulud is rerolled.", faction=faction,
             faction_id=state.active_faction)
    elif mask & SPICE_BIT and state.dice[SPICE_DIE] == WORM:
        emit(state, pl.WormKept, "Shai-Hulud! The spice die must be kept.")
    state.kept |= mask
    if state.events is not None:
        emit(state, pl.DiceKept, "{faction} keeps {faces}.", faction=faction, faction_id=state.active_faction,
             faces=dice_text(state, mask), mask=mask, values=dice_values(state, mask))
    if state.kept == ALL_DICE_MASK:
        return True
    roll(state, ALL_DICE_MASK & ~state.kept)
    return False


# ---------------------------------------------------------- Piter De Vries


def enter_piter(state) -> bool:
    """Harkonnen may set the Kanly die to Poison at the end of its roll (R4)."""
    if state.active_faction != HARKONNEN or state.dice[KANLY_DIE] == POISON:
        return False
    state.phase = "piter"
    state.awaiting = (state.active,)
    return True


def legal_piter(state, seat: int) -> list:
    return [("poison",), ("pass",)]


def apply_piter(state, seat: int, action) -> bool:
    if action[0] == "poison":
        state.dice[KANLY_DIE] = POISON
        emit(state, pl.Piter, "Piter De Vries turns the Kanly die to Poison.")
    return True


# -------------------------------------------------------- Axolotl Tanks


def enter_axolotl(state) -> bool:
    """On its own turn the Tleilaxu name one faction symbol as their own (R13)."""
    if state.active_faction != TLEILAXU:
        return False
    state.phase = "axolotl"
    state.awaiting = (state.active,)
    return True


def legal_axolotl(state, seat: int) -> list:
    return [("symbol", s) for s in sorted({state.dice[d] for d in FACTION_DICE})]


def apply_axolotl(state, seat: int, action) -> bool:
    state.axolotl = action[1]
    emit(state, pl.Axolotl, "Axolotl Tanks: the Tleilaxu take the {symbol} symbol as theirs this turn.",
         symbol=FACTION_NAMES[action[1]], symbol_id=action[1])
    return True
