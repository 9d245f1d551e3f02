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
SEALED = ("sealed",)  # stands for another seat's battle commit in a view

_LISTS = ("seat_faction", "faction_seat", "board", "card", "reserve", "lcard", "lreserve", "constr", "store", "dice")
_SCALARS = (
    "options", "n", "rng", "phase", "awaiting", "round", "turn", "active", "storm", "snooper", "shield",
    "thumpers", "prediction", "kept", "used_dice", "axolotl", "ally", "proposal", "share", "spice_die",
    "spice_other", "guild_paid", "landed_out", "consent", "ally_budget", "target", "rats_flee", "battles",
    "b_loc", "b_def", "b_offers", "b_queue", "b_commits", "chooser", "result", "viewer",
)


class State(GameState):
    __slots__ = _LISTS + _SCALARS
    LISTS, SCALARS = _LISTS, _SCALARS

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
        return sum(self.board[base + u] for u in FACTION_UNITS[faction])

    def occupants(self, loc: int) -> int:
        """Bitmask of the factions with troops in `loc`."""
        base = loc * NU
        mask = 0
        b = self.board
        for u in range(NU):
            if b[base + u]:
                mask |= 1 << UNIT_OWNER[u]
        return mask

    def in_storm(self, loc: int) -> bool:
        return ZONE[loc] == self.storm

    def units_on_board(self, faction: int) -> int:
        b = self.board
        return sum(b[loc * NU + u] for loc in LOCATIONS for u in FACTION_UNITS[faction])

    def storm_free(self, loc: int) -> bool:
        return loc == POLAR_SINK or ZONE[loc] != self.storm
