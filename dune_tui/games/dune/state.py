"""The game state: plain lists of small ints, cheap to copy.

Where things are:
- troops: `board[loc * 9 + unit]` on the map, `card[unit]` on faction cards,
  `reserve[unit]` beside them (a unit is a faction's troop type, or Sardaukar);
- leaders: `lcard[faction]` on cards, `lreserve[faction]` in reserve;
- constructions: `constr[region]` for the nine ring regions; the pool is
  what is not on the map;
- markers: `snooper`, `shield` (a faction or -1), `thumpers` (faction bitmask);
- spice: `store[faction]` (Corrino, Guild), and this turn's `spice_die` and
  `spice_other` (harvest and gifts).

Seats are numbered clockwise from the first player (seat 0). A state with
`viewer` set is a seat's view: it has no dice generator and no secrets of
other seats, and cannot be advanced (see `view` and `determinize`).
"""

from __future__ import annotations

import msgspec

from ..state import GameState
from .data import (
    FACTION_UNITS,
    LOCATIONS,
    N_DICE,
    POLAR_SINK,
    UNIT_OWNER,
    UNITS,
    ZONE,
)
from .options import Options

NU = len(UNITS)  # 9 unit types
_OWNER_BIT = tuple(1 << owner for owner in UNIT_OWNER)  # by unit
SEALED = ("sealed",)  # stands for another seat's battle commit in a view

class Result(msgspec.Struct, frozen=True, kw_only=True):
    """How a game ended.  reason: "solo", "alliance", "guild_default" or "nobody";
    stolen_from: the faction whose win the Bene Gesserit prediction took (-1: none)."""

    winners: tuple[int, ...]
    reason: str
    round: int
    stolen_from: int = -1
    text: str = ""


Pairs = tuple[tuple[int, int], ...]
Commit = tuple[str, Pairs, Pairs]  # ("commit", ((unit, n), ...), ((faction, n), ...)); a view may hold SEALED

# Every field the state holds, with its type, in the order a save file writes them: the one description of the
# state, from which its slots (`GameState`: its lists and its scalars), the wire's view (net/views.py) and the
# save's snapshot (saves/games/dune.py, checked against it) are made.
TYPES: dict[str, object] = {
    "seat_faction": list[int], "faction_seat": list[int], "board": list[int], "card": list[int],
    "reserve": list[int], "lcard": list[int], "lreserve": list[int], "constr": list[int], "store": list[int],
    "dice": list[int],
    "options": Options, "n": int, "rng": int | None, "phase": str, "awaiting": tuple[int, ...], "round": int,
    "turn": int, "active": int, "storm": int, "snooper": int, "shield": int, "thumpers": int, "prediction": int,
    "kept": int, "used_dice": int, "axolotl": int, "ally": int, "proposal": tuple[int, int], "share": int,
    "spice_die": int, "spice_other": int, "guild_paid": bool, "landed_out": int, "consent": bool,
    "ally_budget": int, "target": int, "rats_flee": bool, "battles": tuple[int, ...], "b_loc": int, "b_def": int,
    "b_offers": int, "b_queue": tuple[int, ...], "b_commits": tuple[Commit | None, Commit | None], "chooser": int,
    "result": Result | None, "viewer": int,
}


class State(GameState):
    __slots__ = tuple(TYPES)
    TYPES = TYPES

    options: Options
    n: int

    def __init__(self, options: Options) -> None:
        self.options = options
        self.n = options.players
        self.seat_faction = [-1] * self.n
        self.faction_seat = [-1] * 8
        self.board = [0] * (len(LOCATIONS) * NU)
        self.card = [0] * NU
        self.reserve = [0] * NU
        self.lcard = [0] * 8
        self.lreserve = [0] * 8
        self.constr = [0] * 9
        self.store = [0] * 8
        self.dice = [0] * N_DICE
        self.rng: int | None = 0
        self.phase = "setup"
        self.awaiting: tuple[int, ...] = ()
        self.round = 1
        self.turn = 0  # turns played so far, for the log
        self.active = 0
        self.storm = 1
        self.snooper = -1
        self.shield = -1
        self.thumpers = 0
        self.prediction = -1
        self.kept = 0
        self.used_dice = 0  # faction dice spent on recruiting (Face Dancers need unused ones)
        self.axolotl = -1  # the symbol the Tleilaxu took for this turn (R13)
        self.ally = -1  # the active player's ally this turn, a faction
        self.proposal: tuple[int, int] = (-1, -1)  # (faction asked, symbol used)
        self.share = -1  # dice of a split symbol that go to the other recruiter (R13)
        self.spice_die = 0
        self.spice_other = 0
        self.guild_paid = False  # Transport Monopoly paid this turn (R8)
        self.landed_out = 0  # factions that landed outside the Polar Sink this turn (bitmask)
        self.consent = False  # the ally lets the active player land in its regions
        self.ally_budget = 0  # troops the active player pays for the ally to land
        self.target = -1
        self.rats_flee = False
        self.battles: tuple[int, ...] = ()
        self.b_loc = -1
        self.b_def = -1  # the defending faction
        self.b_offers = 0  # factions whose leader is offered to their side (bitmask)
        self.b_queue: tuple[int, ...] = ()  # factions still to say whether they offer
        self.b_commits: tuple = (None, None)  # attacker's, defender's commit
        self.chooser = 0  # index into the faction choice order
        self.result = None
        self.viewer = -1
        self.events: list | None = []
        self._legal = None

    # ------------------------------------------------------------ questions
    @property
    def active_faction(self) -> int:
        return self.seat_faction[self.active]

    def in_play(self, faction: int) -> bool:
        return self.faction_seat[faction] >= 0

    def troops_of(self, loc: int, faction: int) -> int:
        base = loc * NU
        b = self.board
        units = FACTION_UNITS[faction]
        if len(units) == 1:  # every faction but the Corrino (and their Sardaukar)
            return b[base + units[0]]
        return sum(b[base + u] for u in units)

    def occupants(self, loc: int) -> int:
        """Bitmask of the factions with troops in `loc`."""
        b = self.board
        i = loc * NU
        mask = 0
        for bit in _OWNER_BIT:  # (the heuristic asks this most of all: a loop written for speed)
            if b[i]:
                mask |= bit
            i += 1
        return mask

    def in_storm(self, loc: int) -> bool:
        return ZONE[loc] == self.storm

    def units_on_board(self, faction: int) -> int:
        b = self.board
        return sum(b[loc * NU + u] for loc in LOCATIONS for u in FACTION_UNITS[faction])

    def storm_free(self, loc: int) -> bool:
        return loc == POLAR_SINK or ZONE[loc] != self.storm


_LISTS, _SCALARS = State.LISTS, State.SCALARS  # (tests and benchmarks name them so)
