"""2. Alliance (R5, R13): one proposal a turn, with 4+ players.

`("propose", faction, symbol)`: ask `faction` using a kept faction die showing
`symbol`.  Tleilaxu and Smugglers have no symbol: any faction die will do
(for the Tleilaxu the symbol chosen matters for recruiting, R13; for the
Smugglers it does not and is -1).  The Bene Gesserit cannot be refused.
"""

from __future__ import annotations

from .. import payloads as pl
from ..data import BENE_GESSERIT, FACTION_DICE, FACTION_NAMES, SMUGGLERS, TLEILAXU
from ..events import emit

MIN_PLAYERS_FOR_ALLIANCES = 4


def enter(state) -> bool:
    if state.n < MIN_PLAYERS_FOR_ALLIANCES:
        return False
    state.phase = "alliance"
    state.awaiting = (state.active,)
    return True


def legal_propose(state, seat: int) -> list:
    me = state.active_faction
    symbols = sorted({state.dice[d] for d in FACTION_DICE})
    actions: list = [("no_alliance",)]
    seats = state.faction_seat
    for f in range(8):
        if f == me or seats[f] < 0:  # (`in_play`, asked 8 times a turn)
            continue
        if f == TLEILAXU:
            actions += [("propose", f, s) for s in symbols]
        elif f == SMUGGLERS:
            actions.append(("propose", f, -1))
        elif f in symbols:
            actions.append(("propose", f, f))
    return actions


def apply_propose(state, seat: int, action) -> bool:
    if action[0] == "no_alliance":
        if state.events is not None:  # (a search does not record: skip the words)
            emit(state, pl.NoAlliance, "{faction} proposes no alliance.", faction=FACTION_NAMES[state.active_faction],
                 faction_id=state.active_faction)
        return True
    _, target, symbol = action
    state.proposal = (target, symbol)
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.AllianceProposed, "{faction} proposes an alliance to the {target}.",
             faction=FACTION_NAMES[state.active_faction], target=FACTION_NAMES[target], target_id=target, symbol=symbol,
             faction_id=state.active_faction)
    if state.active_faction == BENE_GESSERIT:  # The Voice
        emit(state, pl.TheVoice, "The Voice: the proposal cannot be refused.")
        _ally(state, target)
        return True
    state.phase = "alliance_answer"
    state.awaiting = (state.faction_seat[target],)
    return False


def legal_answer(state, seat: int) -> list:
    return [("accept",), ("decline",)]


def apply_answer(state, seat: int, action) -> bool:
    target = state.proposal[0]
    if action[0] == "accept":
        _ally(state, target)
    else:
        if state.events is not None:  # (a search does not record: skip the words)
            emit(state, pl.AllianceDeclined, "The {target} decline the alliance.", target=FACTION_NAMES[target],
                 target_id=target)
    return True


def _ally(state, target: int) -> None:
    state.ally = target
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.Alliance, "The {faction} and the {target} are allied for this turn.",
             faction=FACTION_NAMES[state.active_faction], target=FACTION_NAMES[target], target_id=target,
             faction_id=state.active_faction)
