"""What each kind of event carries: one frozen msgspec Struct per kind, tagged with the kind.

`Event.data` is one of these.  `Payload` (the union of them all) decodes back
to the right class from JSON or msgpack, so events can cross a wire typed.

Field names: `*_id` is an index into the tables of `engine.data` (faction,
unit, construction, Kanly face), `loc` a region index, `*_seat` a seat;
other ints are counts.  The names and phrases are in `Event.text`.
"""

from __future__ import annotations

from typing import Literal, Union

from .. import events

Pairs = tuple[tuple[int, int], ...]
Commit = tuple[str, Pairs, Pairs]  # ("commit", ((unit_id, n), ...), ((leader's faction_id, n), ...))


class _P(events.Payload):
    """This game's kinds (a payload encodes as an object whose "kind" is its event's kind)."""


# ------------------------------------------------------------------ setup


class FactionChosen(_P, tag="faction_chosen"):
    seat_id: int
    faction_id: int


class StormPlaced(_P, tag="storm_placed"):
    zone: int


class ConstructionPlaced(_P, tag="construction_placed"):
    kind_id: int
    loc: int


class FactionSetup(_P, tag="faction_setup"):
    faction_id: int


class Prediction(_P, tag="prediction"):
    """Told to the Bene Gesserit seat alone (`Event.to`): the faction they predict will win."""

    faction_id: int


class PredictionMade(_P, tag="prediction_made"):
    pass


# -------------------------------------------------------------- the turn


class TurnStart(_P, tag="turn_start"):
    round: int
    seat: int
    faction_id: int


class DiceRolled(_P, tag="dice_rolled"):
    faction_id: int
    mask: int  # the dice rolled (bit d: die d)
    values: tuple[int, ...]  # their faces, in die order


class ThumperUsed(_P, tag="thumper_used"):
    faction_id: int


class WormKept(_P, tag="worm_kept"):
    pass


class DiceKept(_P, tag="dice_kept"):
    faction_id: int
    mask: int  # the dice kept now
    values: tuple[int, ...]


class Piter(_P, tag="piter"):
    pass


class Axolotl(_P, tag="axolotl"):
    symbol_id: int


class NoAlliance(_P, tag="no_alliance"):
    faction_id: int


class AllianceProposed(_P, tag="alliance_proposed"):
    faction_id: int
    target_id: int
    symbol: int  # the faction whose symbol the proposal is for


class TheVoice(_P, tag="the_voice"):
    pass


class AllianceDeclined(_P, tag="alliance_declined"):
    target_id: int


class Alliance(_P, tag="alliance"):
    faction_id: int
    target_id: int


class MarkerTaken(_P, tag="marker_taken"):
    faction_id: int
    marker_id: int  # the Kanly face: Snooper, Shield or Thumper
    from_id: int  # the faction it was taken from, -1: the pool


class KanlyPass(_P, tag="kanly_pass"):
    faction_id: int


class Kanly(_P, tag="kanly"):
    faction_id: int
    weapon_id: int  # the Kanly face
    loc: int
    unit_id: int


class TroopLost(_P, tag="troop_lost"):
    loc: int
    unit_id: int
    to_card: bool  # spared to the faction card, else to the reserve
    why: str


class FortificationRemoved(_P, tag="fortification_removed"):
    loc: int


class DiceShared(_P, tag="dice_shared"):
    faction_id: int
    ally_id: int
    count: int


class Recruited(_P, tag="recruited"):
    faction_id: int
    troops: int
    leaders: int
    sardaukar: int


class NoSpice(_P, tag="no_spice"):
    pass


class Spice(_P, tag="spice"):
    faction_id: int
    total: int
    die: int
    harvest: int


class HarvesterLost(_P, tag="harvester_lost"):
    loc: int


class Gift(_P, tag="gift"):
    faction_id: int
    spice: int


class Consent(_P, tag="consent"):
    faction_id: int
    ally_id: int
    given: bool


class Landed(_P, tag="landed"):
    faction_id: int
    loc: int
    unit_id: int


class Monopoly(_P, tag="monopoly"):
    stored: int  # the Guild's store now


class Ghola(_P, tag="ghola"):
    faction_id: int


class HireLeader(_P, tag="hire_leader"):
    pass


class AllyBudget(_P, tag="ally_budget"):
    faction_id: int
    ally_id: int
    spice: int


class Target(_P, tag="target"):
    faction_id: int
    loc: int
    rats_flee: bool


class Moved(_P, tag="moved"):
    faction_id: int
    unit_id: int
    count: int
    src_id: int
    dst_id: int


class Demolished(_P, tag="demolished"):
    faction_id: int
    kind_id: int
    loc: int


class Built(_P, tag="built"):
    faction_id: int
    kind_id: int
    loc: int


# ---------------------------------------------------------------- battles


class Battle(_P, tag="battle"):
    loc: int
    attacker_ids: tuple[int, ...]  # the active faction and its ally if it is there
    defender_id: int
    helper_ids: tuple[int, ...]  # the defender's helpers


class Infiltration(_P, tag="infiltration"):
    loc: int


class Fortification(_P, tag="fortification"):
    loc: int
    unit_id: int


class NoBattle(_P, tag="no_battle"):
    loc: int
    gone: Literal["attacker", "defender"]  # the side nobody is left on


class FaceDancer(_P, tag="face_dancer"):
    loc: int
    unit_id: int


class Defender(_P, tag="defender"):
    defender_id: int
    loc: int


class LeaderOffered(_P, tag="leader_offered"):
    faction_id: int


class LeaderKept(_P, tag="leader_kept"):
    faction_id: int


class Committed(_P, tag="committed"):
    faction_id: int


class Reveal(_P, tag="reveal"):
    """Both commits, public once both are sealed.  A tie goes to the defender."""

    loc: int
    attacker_id: int
    defender_id: int
    winner_id: int
    attacker_seat: int
    defender_seat: int
    attack: int  # strengths
    defence: int
    attacker_wins: bool
    attacker_commit: Commit
    defender_commit: Commit


class Duel(_P, tag="duel"):
    pass


class BattleLoss(_P, tag="battle_loss"):
    unit_id: int
    count: int
    to_card: bool
    why: str


class LeaderLoss(_P, tag="leader_loss"):
    """Committed leaders go to the reserve after the battle (R10), whoever wins."""

    faction_id: int  # the leaders' faction (a partner's when offered)
    count: int


# -------------------------------------------------------- end of the turn


class Storm(_P, tag="storm"):
    old: int
    zone: int
    west: bool


class OrnithopterLost(_P, tag="ornithopter_lost"):
    loc: int


class Choam(_P, tag="choam"):
    spice: int  # unspent spice of the die
    gain: int
    total: int


class TurnEnd(_P, tag="turn_end"):
    faction_id: int


class Round(_P, tag="round"):
    round: int


class GameOver(_P, tag="game_over"):
    winners: tuple[int, ...]  # faction ids
    reason: str  # "solo", "alliance", "guild_default" or "nobody"


KINDS: dict[str, type[_P]] = {c.__struct_config__.tag: c for c in _P.__subclasses__()}
Payload = Union[tuple(KINDS.values())]  # noqa: UP007 (a runtime union of every kind, for msgspec)
