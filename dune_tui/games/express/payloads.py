"""What each kind of Dune Express event carries: one frozen msgspec Struct per kind, tagged with the kind.

`*_id` fields index the tables of `express.data` (house, unit, die, face, token), `loc` is a location,
`*_seat` a seat; other ints are counts.  The words are in `Event.text`.
"""

from __future__ import annotations

from typing import Union

from .. import events


class _P(events.Payload):
    """This game's kinds (a payload encodes as an object whose "kind" is its event's kind)."""


class HouseDealt(_P, tag="house_dealt"):
    seat_id: int
    house_id: int


class FirstPlayer(_P, tag="first_player"):
    seat_id: int
    rolls: tuple[int, ...]  # the house die's faces until one showed a house in play


class Prediction(_P, tag="prediction"):
    """Told to the Bene Gesserit seat alone: the round of Manipulation."""

    round: int


class PredictionMade(_P, tag="prediction_made"):
    pass


class TurnStart(_P, tag="turn_start"):
    round: int
    seat_id: int
    house_id: int


class Foresight(_P, tag="foresight"):
    die_id: int


class Rolled(_P, tag="rolled"):
    dice: tuple[int, ...]  # every die's face (-1: not rolled)
    kept: int  # the dice set aside before this roll (bitmask)


class DieTurned(_P, tag="die_turned"):
    """An ability turned a die: Foresight, Ruthlessness or Monopoly."""

    house_id: int
    die_id: int
    face: int


class ThumperPlayed(_P, tag="thumper_played"):
    seat_id: int
    face: int  # the spice die's new face


class TokenTaken(_P, tag="token_taken"):
    seat_id: int
    token_id: int
    taken: bool  # False: the supply is empty or the seat holds its limit


class TraitorPlayed(_P, tag="traitor_played"):
    face: int
    loc: int
    unit_id: int
    target_seat: int


class TraitorBlocked(_P, tag="traitor_blocked"):
    seat_id: int
    token_id: int


class UnitKilled(_P, tag="unit_killed"):
    loc: int
    unit_id: int


class Landed(_P, tag="landed"):
    unit_id: int
    loc: int
    cost: int


class Moved(_P, tag="moved"):
    unit_id: int
    src: int
    loc: int
    cost: int


class Wormride(_P, tag="wormride"):
    src: int
    loc: int
    count: int


class DesertPower(_P, tag="desert_power"):
    src: int
    loc: int


class Battle(_P, tag="battle"):
    loc: int
    attacker_id: int
    defender_id: int
    attack: int
    defence: int
    attacker_losses: tuple[int, ...]  # per unit type
    defender_losses: tuple[int, ...]


class FortressBuilt(_P, tag="fortress_built"):
    house_id: int
    loc: int


class FortressDestroyed(_P, tag="fortress_destroyed"):
    loc: int


class FortressTaken(_P, tag="fortress_taken"):
    house_id: int
    loc: int


class FortressToll(_P, tag="fortress_toll"):
    loc: int
    attacker_id: int
    losses: tuple[int, ...]  # per unit type


class TacticalIdle(_P, tag="tactical_idle"):
    """The tactical die's face does nothing this turn (nowhere to build, nothing to destroy or assign)."""

    face: int


class StormPlaced(_P, tag="storm_placed"):
    loc: int


class Assigned(_P, tag="assigned"):
    unit_id: int
    src: int
    loc: int


class Stored(_P, tag="stored"):
    spice: int


class TieBreak(_P, tag="tie_break"):
    houses: tuple[int, ...]
    rolls: tuple[int, ...]  # spice die faces, in the order of `houses`


class EndAgreed(_P, tag="end_agreed"):
    """X36: the players agreed that this round is the last (the Shorter Game's ending at its end)."""

    round: int
    seat_id: int  # who proposed it


class GameOver(_P, tag="game_over"):
    winners: tuple[int, ...]
    reason: str


Payload = Union[  # noqa: UP007  (msgspec wants a Union of the tagged Structs)
    HouseDealt, FirstPlayer, Prediction, PredictionMade, TurnStart, Foresight, Rolled, DieTurned, ThumperPlayed,
    TokenTaken, TraitorPlayed, TraitorBlocked, UnitKilled, Landed, Moved, Wormride, DesertPower, Battle, Stored,
    TieBreak, GameOver, FortressBuilt, FortressDestroyed, FortressTaken, FortressToll, StormPlaced, Assigned,
    EndAgreed, TacticalIdle,
]
