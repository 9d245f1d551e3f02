"""What a player reasons with, asked of a state: pure functions that read a seat's view as well as a full state.

None reads the dice generator, a sealed commit or the Bene Gesserit prediction, and each asks the rules'
own functions (`engine/rules/`) rather than saying a rule again.  See docs/ENGINE.md, "Queries".
"""

from __future__ import annotations

import msgspec

from .data import (
    ATREIDES,
    CORRINO,
    FORTIFICATION,
    FREMEN,
    GUILD,
    HARKONNEN,
    ORNITHOPTER,
    REGION_DIE,
    RING,
    SMUGGLERS,
    SPICE_DIE,
    STORM_FACES,
    TLEILAXU,
    UNIT_OWNER,
    WEST_FACES,
    WORM,
    ZONE,
    ZONE_REGIONS,
)
from .rules import battle, construction, kanly, landing, movement, recruitment, storm, victory
from .rules.common import spice_available
from .rules.kanly import (
    IMMUNE_BG,
    IMMUNE_FREMEN,
    IMMUNE_SHIELD,
    IMMUNE_SNOOPER,
    IMMUNE_STORM,
    Sheltered,
    every_target_immune,
)
from .rules.landing import _harvesters, price
from .state import NU

# --------------------------------------------------------------- the storm


class StormForecast(msgspec.Struct, frozen=True):
    """Where the storm goes at the end of this turn (R2, R11), as far as the kept dice tell.

    known: the kept dice decide it (the spice die, and the region die when the spice shows 3-5);
    moves: it will move (False when known not to, or not known yet); zone, regions: where it ends
    (its zone now when it stays); west: the way it moves; losses: (region, unit, to_card) for each
    troop it would kill on the map as it stands; ornithopters: the regions whose Ornithopter it destroys."""

    known: bool
    moves: bool
    zone: int
    west: bool
    regions: tuple[int, ...]
    losses: tuple[tuple[int, int, bool], ...] = ()
    ornithopters: tuple[int, ...] = ()

    def losses_of(self, faction: int) -> tuple[tuple[int, int, bool], ...]:
        return tuple(loss for loss in self.losses if UNIT_OWNER[loss[1]] == faction)


def _kept(state, die: int) -> bool:
    return bool(state.kept >> die & 1)


def storm_forecast(state) -> StormForecast:
    """The storm at the end of this turn with the dice kept so far, and what it would hit (storm.run on a copy)."""
    spice_known = _kept(state, SPICE_DIE)
    spice, face = state.dice[SPICE_DIE], state.dice[REGION_DIE]
    if not spice_known or (spice in STORM_FACES and not _kept(state, REGION_DIE)):
        moves = spice_known  # a storm face is kept: it moves, the way is not known yet
        return StormForecast(False, moves, state.storm, False, ZONE_REGIONS[state.storm])
    if spice not in STORM_FACES:
        return StormForecast(True, False, state.storm, False, ZONE_REGIONS[state.storm])
    after = state.copy()
    after.viewer = -1  # a scratch copy: the rule runs on it and it is thrown away
    storm.run(after)
    losses = []
    for loc in RING:
        for u in range(NU):
            lost = state.board[loc * NU + u] - after.board[loc * NU + u]
            to_card = after.card[u] > state.card[u]
            losses += [(loc, u, to_card)] * lost
    destroyed = tuple(r for r in RING if state.constr[r] == ORNITHOPTER and after.constr[r] != ORNITHOPTER)
    return StormForecast(True, True, after.storm, face in WEST_FACES, ZONE_REGIONS[after.storm], tuple(losses),
                         destroyed)


# ---------------------------------------------------------------- spice


class Spice(msgspec.Struct, frozen=True):
    """This turn's spice (R3): the die's (0 on Shai-Hulud) and 2 a Harvester in a region the active side holds
    out of the storm; known once the spice die is kept."""

    known: bool
    die: int
    harvest: int

    @property
    def total(self) -> int:
        return self.die + self.harvest


def spice_this_turn(state) -> Spice:
    face = state.dice[SPICE_DIE]
    worm = face == WORM
    return Spice(_kept(state, SPICE_DIE), 0 if worm else face, 0 if worm else 2 * len(_harvesters(state, True)))


def spice_now(state) -> int:
    """The spice the active player may still spend this turn (its die, harvest, gifts and store)."""
    return spice_available(state)


def landings_most(state, action) -> int:
    """How many troops like `("land", unit, loc)` the deciding player could land one after another now:
    the troops of that type left to land, and the spice (the ally's budget when the ally lands)."""
    _, unit, loc = action
    faction = UNIT_OWNER[unit]
    budget = spice_available(state)
    if state.phase == "ally_land":
        budget = min(budget, state.ally_budget)
    return min(landing._pool(state, faction)[unit], budget // price(faction, loc))


def left_unused(state) -> tuple[int, int]:
    """What "Done" leaves now: in a landing, (troops that could still land, the spice to land them with); in a
    movement, (troops that could still move into the target, 0); else (0, 0)."""
    phase = state.phase
    if phase in ("land", "ally_land"):
        legal = landing.legal_land if phase == "land" else landing.legal_ally_land
        units = {a[1] for a in legal(state, -1) if a[0] == "land"}
        if not units:
            return 0, 0
        lander = state.active_faction if phase == "land" else state.ally
        budget = spice_available(state) if phase == "land" else min(spice_available(state), state.ally_budget)
        return sum(landing._pool(state, lander)[u] for u in units), budget
    if phase in ("move", "ally_move"):
        legal = movement.legal_move if phase == "move" else movement.legal_ally_move
        most: dict[tuple[int, int], int] = {}
        for a in legal(state, -1):
            if a[0] == "move":
                most[a[1], a[2]] = max(most.get((a[1], a[2]), 0), a[3])
        return sum(most.values()), 0
    return 0, 0


def landing_cost(state, action) -> int:
    """The spice a landing decision costs (R8); 0 for any other action."""
    if action[0] == "land":
        return price(UNIT_OWNER[action[1]], action[2])
    if action[0] in ("ghola",):
        return 1
    if action[0] == "hire_leader":
        return 2
    return 0


# ----------------------------------------------------------------- Kanly

# The troops the weapon cannot reach, and why, are the rule's own (`rules.kanly`), asked here as well.
kanly_sheltered, kanly_targets = kanly.sheltered, kanly.targets


# -------------------------------------------------------------- alliances

# The knot ability each faction lends the active player it allies with (R5); the Bene Gesserit lend none.
KNOTS = {
    ATREIDES: "Honourable Duel", HARKONNEN: "Infiltration", FREMEN: "Worm Riding", TLEILAXU: "Gholas",
    CORRINO: "CHOAM", GUILD: "Evacuation", SMUGGLERS: "Rats Flee",
}


class AllyGain(msgspec.Struct, frozen=True):
    """What allying with `faction` gives the active player this turn: the knot's name, and whether it can
    matter now (`useful`), with `amount` where it counts something (CHOAM's stored spice)."""

    faction: int
    knot: str
    useful: bool
    amount: int = 0


def ally_gain(state, faction: int) -> AllyGain | None:
    """R5: the knot ability `faction` would lend the active player this turn (None: it has none)."""
    knot = KNOTS.get(faction)
    if knot is None:
        return None
    me = state.active_faction
    if faction == FREMEN:
        return AllyGain(faction, knot, _kept(state, SPICE_DIE) and state.dice[SPICE_DIE] == WORM)
    if faction == TLEILAXU:
        return AllyGain(faction, knot, state.lreserve[me] > 0)
    if faction == CORRINO:
        return AllyGain(faction, knot, state.store[CORRINO] > 0, state.store[CORRINO])
    if faction == HARKONNEN:
        return AllyGain(faction, knot, FORTIFICATION in state.constr)
    if faction == SMUGGLERS:
        return AllyGain(faction, knot, any(not state.occupants(r) and state.storm_free(r) for r in RING))
    return AllyGain(faction, knot, True)


# ---------------------------------------------------------- construction


def shared_dice(state) -> int:
    """R13: the dice of the one symbol the active player and its ally both recruit with, to split between them."""
    return recruitment.split_size(state)


def target_held(state) -> bool:
    """The active side holds the movement target now (construction.holds_target, H20)."""
    return construction.holds_target(state)


def storm_hits(state, region: int) -> bool:
    """The storm ends this turn over `region` (as far as the kept dice tell: see storm_forecast)."""
    f = storm_forecast(state)
    return f.known and f.moves and ZONE[region] == f.zone


def storm_harms(state, region: int) -> bool:
    """The storm ends this turn over `region` and it is a desert, where it kills troops and destroys an
    Ornithopter unless a Fortification stands there (R11: storm.exposed); the other regions it only covers."""
    return storm_hits(state, region) and storm.exposed(region)


def constructions_left(state, kind: int) -> int:
    """Markers of `kind` still in the pool (two of each kind)."""
    return construction.pool(state, kind)


# ------------------------------------------------------------ the regions


def strategic_needed(players: int) -> int:
    """R11: the strategic regions a player must hold alone to win (3; 4 with two players)."""
    return victory.strategic_needed(players)


def consent_regions(state) -> list[int]:
    """R8: the ally's regions (out of the storm) the active player may land in only if the ally consents."""
    return landing.consent_regions(state)


def alliance_needed() -> int:
    """R11, H9: the strategic regions the active player and its ally must hold between them to win together (4)."""
    return victory.ALLIANCE_NEEDED


def held_regions(state, mask: int) -> list[int]:
    """The strategic regions, in STRATEGIC_ORDER, occupied only by factions in the bitmask `mask` (at least one)."""
    return victory.held_regions(state, mask)


def held_alone(state, mask: int) -> int:
    """How many strategic regions the factions in `mask` hold with nobody else there (R11 counts `1 << faction`)."""
    return victory.held_alone(state, mask)


def strategic_occupants(state) -> list[int]:
    """The factions in each strategic region, as bitmasks in STRATEGIC_ORDER: read once, `held_among` counts the
    regions any set of factions holds from them (what a bot asks of many sets at once)."""
    return victory.strategic_occupants(state)


def held_among(occupants: list[int], mask: int) -> int:
    """`held_alone` from the regions' `strategic_occupants`."""
    return sum(1 for occ in occupants if victory.holds(occ, mask))


def rounds_left(state) -> int:
    """R11: the rounds still to play, this one included (the whole game before the first turn)."""
    return victory.ROUNDS - state.round + 1 if state.turn else victory.ROUNDS


def default_winner(state) -> int:
    """R11: who wins if nobody has by the end of the last round, as far as `state` tells (a view hides the Bene
    Gesserit's prediction but from the Bene Gesserit): the Guild, even unplayed; the Bene Gesserit when they predicted
    it; -1 when nobody plays the Guild (everybody loses)."""
    winners = victory.guild_default(state).winners
    return winners[0] if winners else -1


def neighbours(state, target: int) -> list[int]:
    """R9: the regions troops may move from into `target` without Worm Riding (adjacent or with an Ornithopter,
    out of the storm; the Polar Sink borders every region)."""
    return movement.neighbours(state, target)


def movement_targets(state) -> list[tuple[int, bool]]:
    """R9: (region, by Rats Flee) for every movement target the active player may choose with the kept dice."""
    return movement.targets(state)


def kanly_immune(state, face: int, faction: int) -> bool:
    """R7: the Kanly weapon `face` cannot touch `faction` (Poison: the Snooper holder and the Bene Gesserit;
    the Crysknife: the Shield holder and the Fremen)."""
    return kanly.immune(state, face, faction)


# ---------------------------------------------------------------- battles

ATTACKER, DEFENDER = battle.ATTACKER, battle.DEFENDER  # the sides of a battle (R10), indexes of `b_commits`


def battle_side(state, seat: int) -> int:
    """The side `seat` commits for in the current battle: ATTACKER (the active seat) or DEFENDER."""
    return battle.side_of_seat(state, seat)


def side_factions(state, side: int) -> int:
    """The bitmask of the factions whose troops fight for `side` in the current battle (the attacker and its ally;
    every other faction in the region)."""
    return battle.side_mask(state, side)


def side_principal(state, side: int) -> int:
    """The faction that commits for `side`: the active player's, or the defender's."""
    return battle.principal(state, side)


def commit_strength(commit) -> int:
    """R10: the strength a `("commit", troops, leaders)` action puts into the battle."""
    return battle.strength(commit)


__all__ = [
    "ATTACKER", "DEFENDER", "IMMUNE_BG", "IMMUNE_FREMEN", "IMMUNE_SHIELD", "IMMUNE_SNOOPER", "IMMUNE_STORM",
    "KNOTS", "AllyGain", "Sheltered", "Spice", "StormForecast", "ally_gain", "battle_side", "commit_strength",
    "constructions_left", "default_winner", "every_target_immune", "held_alone", "held_among", "held_regions",
    "kanly_immune", "kanly_sheltered", "kanly_targets", "landing_cost", "landings_most", "left_unused",
    "movement_targets", "neighbours", "rounds_left", "side_factions", "side_principal", "spice_now",
    "spice_this_turn", "storm_forecast", "storm_harms", "storm_hits", "strategic_needed", "strategic_occupants",
    "target_held",
]
