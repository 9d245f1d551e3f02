"""10. End of turn (R11): CHOAM, victory, the next player, the sixth-round ending."""

from __future__ import annotations

from .. import payloads as pl
from ..data import BENE_GESSERIT, CORRINO, FACTION_NAMES, GUILD, STORE_MAX, STRATEGIC_ORDER
from ..events import emit
from ..state import Result

ROUNDS = 6
ALLIANCE_NEEDED = 4  # R11, H9: the active player and its ally win together alone in 4 strategic regions


def strategic_needed(players: int) -> int:
    """Alone in 3 strategic regions, 4 with two players."""
    return 4 if players == 2 else 3


def holds(occupants: int, mask: int) -> bool:
    """Whether the factions in `mask` hold a region whose factions are `occupants` (a bitmask): one of them at
    least is there, and nobody else."""
    return occupants != 0 and not occupants & ~mask


def strategic_occupants(state) -> list[int]:
    """The factions in each strategic region (bitmasks, in STRATEGIC_ORDER)."""
    return [state.occupants(r) for r in STRATEGIC_ORDER]


def held_regions(state, mask: int) -> list[int]:
    """Strategic regions whose troops all belong to factions in `mask` (at least one)."""
    return [r for r in STRATEGIC_ORDER if holds(state.occupants(r), mask)]


def held_alone(state, mask: int) -> int:
    return len(held_regions(state, mask))


def _bg_steals(state, faction: int) -> bool:
    return state.in_play(BENE_GESSERIT) and state.prediction == faction


def check_victory(state) -> Result | None:
    """R11, H9: only the active player wins alone; else it and its ally together in 4."""
    me, ally = state.active_faction, state.ally
    if held_alone(state, 1 << me) >= strategic_needed(state.n):
        if _bg_steals(state, me):
            return Result(winners=(BENE_GESSERIT,), reason="solo", round=state.round, stolen_from=me,
                          text=f"The {FACTION_NAMES[me]} hold enough strategic regions, but the Bene Gesserit "
                               "predicted it: the Bene Gesserit win.")
        return Result(winners=(me,), reason="solo", round=state.round,
                      text=f"The {FACTION_NAMES[me]} win alone.")
    if ally >= 0 and held_alone(state, 1 << me | 1 << ally) >= ALLIANCE_NEEDED:
        return Result(winners=(me, ally), reason="alliance", round=state.round,
                      text=f"The {FACTION_NAMES[me]} and the {FACTION_NAMES[ally]} win together.")
    return None


def guild_default(state) -> Result:
    """After the sixth round: the Guild wins, even unplayed; the prediction may steal it."""
    if _bg_steals(state, GUILD):
        return Result(winners=(BENE_GESSERIT,), reason="guild_default", round=ROUNDS, stolen_from=GUILD,
                      text="Nobody won in six rounds; the Bene Gesserit predicted the Guild and win instead.")
    if state.in_play(GUILD):
        return Result(winners=(GUILD,), reason="guild_default", round=ROUNDS,
                      text="Nobody won in six rounds: the Spacing Guild wins.")
    return Result(winners=(), reason="nobody", round=ROUNDS,
                  text="Nobody won in six rounds and nobody plays the Guild: everyone loses.")


def choam(state) -> None:
    """CHOAM Presidency: each unspent spice of the spice die stores 2 (max 5)."""
    if state.active_faction != CORRINO or not state.spice_die:
        return
    before = state.store[CORRINO]
    state.store[CORRINO] = min(STORE_MAX, before + 2 * state.spice_die)
    emit(state, pl.Choam, "CHOAM: {n} unspent spice of the die store {gain} for the Corrino ({total} now).",
         n=state.spice_die, gain=state.store[CORRINO] - before, total=state.store[CORRINO],
         spice=state.spice_die)


def end_turn(state) -> Result | None:
    """Wrap up the active player's turn; the result if the game is over."""
    choam(state)
    result = check_victory(state)
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.TurnEnd, "{faction} ends the turn.", faction=FACTION_NAMES[state.active_faction],
             faction_id=state.active_faction)
    if result is not None:
        return result
    state.active = (state.active + 1) % state.n
    if state.active == 0:
        if state.round == ROUNDS:
            return guild_default(state)
        state.round += 1
        if state.events is not None:  # (a search does not record: skip the words)
            emit(state, pl.Round, "Round {round} begins.", round=state.round)
    return None
