"""The state of a game of Dune Express: plain lists of small ints, cheap to copy.

- troops: `board[loc * 7 + unit]` on the board, `reserve[unit]` the box's tokens off it (units: `data.UNITS`;
  X1: troops are unlimited, the reserve only counts the tokens the screen draws);
- tokens: `tokens[seat * 4 + token]` held, `supply[token]` beside the board;
- dice: `dice[die]` the face showing (`data` names the dice), `kept` the dice set aside (a bitmask);
- this turn: `spice` left to pay with, `symbols` house symbols left to land with, `target` the location;
- the Corrino store `store`, the Bene Gesserit's secret round `prediction`;
- the fortress modification: `fortress[loc]` its owner (-1: none), the `storm`'s location (-1: none).

A state with `viewer` set is a seat's view: no dice generator and no secret of another seat.
"""

from __future__ import annotations

import msgspec

from ..state import GameState
from .data import LOCATIONS, N_DICE, NO_FORTRESS, SARDAUKAR, SARDAUKAR_TROOPS, TERRITORIES, TROOPS, UNIT_OWNER, UNITS
from .options import Options

NU = len(UNITS)

class Result(msgspec.Struct, frozen=True, kw_only=True):
    winners: tuple[int, ...]  # houses
    reason: str  # "territories" | "manipulation" | "round_limit" | "nobody" | "stopped" | "agreed"
    round: int
    text: str


# Every field the state holds, with its type, in the order a save file writes them (the fortress modification's
# last: files from before it lack them): the one description of the state, from which its slots (`GameState`: its
# lists and its scalars), the wire's view (net/views.py) and the save's snapshot (saves/games/express.py, checked
# against it) are made.
TYPES: dict[str, object] = {
    "seat_house": list[int], "house_seat": list[int], "board": list[int], "reserve": list[int],
    "tokens": list[int], "supply": list[int], "dice": list[int],
    "options": Options, "n": int, "rng": int | None, "phase": str, "awaiting": tuple[int, ...], "round": int,
    "turn": int, "first": int, "active": int, "kept": int, "skipped": int, "spice": int, "symbols": int,
    "target": int, "traitor": tuple[int, int, int], "store": int, "prediction": int, "limit": int,
    "battles": tuple[int, ...], "boost": int, "result": Result | None, "viewer": int,
    "fortress": list[int], "storm": int, "assigned": int,
}


class State(GameState):
    __slots__ = tuple(TYPES)
    TYPES = TYPES

    def __init__(self, options: Options) -> None:
        self.options = options
        self.n = options.players
        self.seat_house = [-1] * self.n
        self.house_seat = [-1] * 6
        self.board = [0] * (len(LOCATIONS) * NU)
        self.reserve = [0] * NU
        self.tokens = [0] * (self.n * 4)
        self.supply = [0] * 4
        self.dice = [0] * (N_DICE + options.fortresses)  # X29: the tactical die is an eighth
        self.fortress = [NO_FORTRESS] * len(LOCATIONS)  # each location's fortress: its owner's house, or none
        self.storm = -1  # the storm token's location, -1: not on the board
        self.assigned = 0  # Assignment this turn: the territories that gave (bits 0-5) and received (8-13), X35
        self.rng: int | None = 0
        self.phase = "setup"
        self.awaiting: tuple[int, ...] = ()
        self.round = 1
        self.turn = 0  # turns begun so far
        self.first = 0  # the first player's seat
        self.active = 0
        self.kept = 0  # dice set aside this turn (bitmask)
        self.skipped = -1  # the die the Atreides did not roll (Foresight)
        self.spice = 0
        self.symbols = 0
        self.target = -1
        self.traitor: tuple[int, int, int] = (-1, -1, -1)  # (face, loc, unit) awaiting the owner's block
        self.store = 0  # Corrino Financial Support
        self.prediction = -1  # the Bene Gesserit's round (Manipulation)
        self.limit = options.round_limit  # the last round, 0: none
        self.battles: tuple[int, ...] = ()  # locations still to fight in
        self.boost = -1  # the Fremen unit boosted by Desert Power in this battle (a loc), -1: none
        self.result = None
        self.viewer = -1
        self.events: list | None = []
        self._legal = None

    @property
    def active_house(self) -> int:
        return self.seat_house[self.active]

    def in_play(self, house: int) -> bool:
        return self.house_seat[house] >= 0

    def ability(self, house: int) -> bool:
        """`house` is in the game and its special abilities are played."""
        return self.options.abilities and self.house_seat[house] >= 0

    def units(self, loc: int, house: int) -> int:
        """The house's units in `loc` (troops and Sardaukar)."""
        b, base = self.board, loc * NU
        return b[base + house] + (b[base + 6] if UNIT_OWNER[6] == house else 0)

    def occupants(self, loc: int) -> list[int]:
        """The houses with units in `loc`."""
        row = self.board[loc * NU: loc * NU + NU]
        houses = [h for h in range(6) if row[h]]
        if row[6] and UNIT_OWNER[6] not in houses:
            houses = sorted([*houses, UNIT_OWNER[6]])
        return houses

    def held(self, house: int) -> int:
        """How many territories the house controls (it alone has units there; the Polar Sink never counts): those
        whose `occupants` are `[house]`, counted without making the lists (the bots' evaluation asks this most)."""
        b, sardaukar, count = self.board, UNIT_OWNER[SARDAUKAR] == house, 0
        for loc in TERRITORIES:
            row = b[loc * NU: loc * NU + NU]
            there = NU - row.count(0)  # the units with troops there; the house's own must be all of them
            if there and there == (row[house] != 0) + (sardaukar and row[SARDAUKAR] != 0):
                count += 1
        return count

    def on_board(self, house: int) -> int:
        return sum(self.units(loc, house) for loc in LOCATIONS)

    def recount(self, unit: int) -> None:
        """X1: the box's tokens (18 a house, 8 Sardaukar) not on the board; troops beyond them still land."""
        box = SARDAUKAR_TROOPS if unit == SARDAUKAR else TROOPS
        self.reserve[unit] = max(0, box - sum(self.board[unit::NU]))

    def holds(self, seat: int, token: int) -> int:
        return self.tokens[seat * 4 + token]
