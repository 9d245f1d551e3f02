"""3. Recruitment (R6, R13): faction dice bring troops and leaders from reserve to the card.

Decisions: `("share", k)` when one symbol's dice are split between the
Tleilaxu and its ally (the active player gives k >= 1 to the ally);
`("recruit", troops, leaders, sardaukar)` for the active player, then its
ally (never a leader).  Only maximal mixes are offered (H1).
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import CORRINO, FACTION_DICE, FACTION_NAMES, FREMEN, SARDAUKAR, SMUGGLERS, TLEILAXU
from ..events import emit
from ..rulings import CORRINO_ALLY_MAY_RECRUIT_SARDAUKAR, TLEILAXU_MAY_SPARE_DICE


def _symbol(state, faction: int, active: bool) -> int:
    """The symbol whose dice recruit for `faction` this turn (-1: none)."""
    if faction == TLEILAXU:
        return state.axolotl if active else state.proposal[1]
    if faction == SMUGGLERS or faction < 0:
        return -1  # Mercenaries never recruit (R8, R13)
    return faction


def recruit_dice(state) -> tuple[list[int], list[int]]:
    """The dice (positions) the active player and its ally recruit with."""
    a_sym = _symbol(state, state.active_faction, True)
    l_sym = _symbol(state, state.ally, False)
    mine = [d for d in FACTION_DICE if a_sym >= 0 and state.dice[d] == a_sym]
    if l_sym < 0:
        return mine, []
    if l_sym == a_sym:  # R13: one symbol, split; the active player gives `share` dice
        k = max(state.share, 1)
        return mine[: len(mine) - k], mine[len(mine) - k:]
    return mine, [d for d in FACTION_DICE if state.dice[d] == l_sym]


def split_size(state) -> int:
    a_sym = _symbol(state, state.active_faction, True)
    if a_sym < 0 or _symbol(state, state.ally, False) != a_sym:
        return 0
    return sum(1 for d in FACTION_DICE if state.dice[d] == a_sym)


def combos(state, faction: int, dice: int, as_ally: bool) -> list[tuple[int, int, int]]:
    """H1: the maximal (troops, leaders, sardaukar) mixes `dice` dice can recruit."""
    troop_cost = 2 if faction == FREMEN and not as_ally else 1  # Desert People, R6
    tmax = state.reserve[faction]
    lmax = 0 if as_ally else min(1, state.lreserve[faction])  # one leader a phase (Atreides)
    smax = 0
    if faction == CORRINO and (CORRINO_ALLY_MAY_RECRUIT_SARDAUKAR or not as_ally):
        smax = state.reserve[SARDAUKAR]  # Salusa Secundus: 2 dice a Sardaukar
    if faction == TLEILAXU and not as_ally and TLEILAXU_MAY_SPARE_DICE and state.options.face_dancers == "dice":
        # H1: unused dice feed the Face Dancers, so the Tleilaxu may recruit fewer (or nothing).
        return [(t, lead, 0) for lead in range(min(lmax, dice) + 1) for t in range(min(tmax, dice - lead) + 1)]
    out = []
    for leaders in range(lmax + 1):
        for sard in range(smax + 1):
            left = dice - leaders - 2 * sard
            if left < 0:
                break
            troops = min(tmax, left // troop_cost)
            rest = left - troops * troop_cost
            addable = (leaders < lmax and rest >= 1) or (sard < smax and rest >= 2) or (
                troops < tmax and rest >= troop_cost)
            if not addable and (troops or leaders or sard):
                out.append((troops, leaders, sard))
    return out


def enter(state) -> bool:
    state.share = -1
    if split_size(state) >= 1:
        state.phase = "share"
        state.awaiting = (state.active,)
        return True
    return _enter_active(state)


def legal_share(state, seat: int) -> list:
    return [("share", k) for k in range(1, split_size(state) + 1)]


def apply_share(state, seat: int, action) -> bool:
    state.share = action[1]
    emit(state, pl.DiceShared, "{faction} lets the {ally} recruit with {k} of the shared dice.",
         faction=FACTION_NAMES[state.active_faction], ally=FACTION_NAMES[state.ally], k=action[1],
         faction_id=state.active_faction, ally_id=state.ally, count=action[1])
    return not _enter_active(state)


def _enter_active(state) -> bool:
    mine, _ = recruit_dice(state)
    if mine and combos(state, state.active_faction, len(mine), False):
        state.phase = "recruit"
        state.awaiting = (state.active,)
        return True
    return _enter_ally(state)


def _enter_ally(state) -> bool:
    _, theirs = recruit_dice(state)
    if theirs and combos(state, state.ally, len(theirs), True):
        state.phase = "ally_recruit"
        state.awaiting = (state.faction_seat[state.ally],)
        return True
    return False


def legal_recruit(state, seat: int) -> list:
    mine, _ = recruit_dice(state)
    return [("recruit", *c) for c in combos(state, state.active_faction, len(mine), False)]


def legal_ally_recruit(state, seat: int) -> list:
    _, theirs = recruit_dice(state)
    return [("recruit", *c) for c in combos(state, state.ally, len(theirs), True)]


def _recruit(state, faction: int, dice: list[int], action, as_ally: bool) -> None:
    _, troops, leaders, sard = action
    state.reserve[faction] -= troops
    state.card[faction] += troops
    state.reserve[SARDAUKAR] -= sard
    state.card[SARDAUKAR] += sard
    state.lreserve[faction] -= leaders
    state.lcard[faction] += leaders
    troop_cost = 2 if faction == FREMEN and not as_ally else 1
    used = troops * troop_cost + leaders + 2 * sard
    for d in dice[:used]:
        state.used_dice |= 1 << d
    parts = []
    if troops:
        parts.append(f"{troops} troop{'s' if troops > 1 else ''}")
    if sard:
        parts.append(f"{sard} Sardaukar")
    if leaders:
        parts.append("a leader")
    if not parts:
        if state.events is not None:  # (a search does not record: skip the words)
            emit(state, pl.Recruited, "{faction} recruits nothing.", faction=FACTION_NAMES[faction], faction_id=faction,
                 troops=0, leaders=0, sardaukar=0)
        return
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Recruited, "{faction} recruits {what} to the faction card.", faction=FACTION_NAMES[faction],
             what=" and ".join(parts), faction_id=faction, troops=troops, leaders=leaders, sardaukar=sard)


def apply_recruit(state, seat: int, action) -> bool:
    mine, _ = recruit_dice(state)
    _recruit(state, state.active_faction, mine, action, False)
    return not _enter_ally(state)


def apply_ally_recruit(state, seat: int, action) -> bool:
    _, theirs = recruit_dice(state)
    _recruit(state, state.ally, theirs, action, True)
    return True
