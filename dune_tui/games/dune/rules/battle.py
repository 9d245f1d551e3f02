"""7. Battle (R10): wherever the active player shares a region with a non-allied faction.

Per battle, in the order the active player picks (`("battle", loc)`):
the Fortification takes one attacking troop (`("fort_loss", unit)`) unless
Harkonnen Infiltration; Face Dancers replace enemy troops
(`("face_dancer", unit)` ... `("done",)`); partners offer their leader
(`("offer",)` / `("no_offer",)`); then attacker and defender commit
**secretly and simultaneously**: `("commit", troops, leaders)` with
troops = ((unit, n), ...) and leaders = ((faction, n), ...).  A view never
shows the other side's commit before both are in.
"""

from __future__ import annotations

from itertools import product

from .. import payloads as pl
from ..data import (
    ATREIDES,
    ATREIDES_BOTH_LEADERS,
    FACTION_NAMES,
    FORTIFICATION,
    HARKONNEN,
    LEADER_NAMES,
    LEADER_STRENGTH,
    REGION_NAMES,
    RING,
    TLEILAXU,
    UNIT_A,
    UNIT_NAMES,
    UNIT_OWNER,
    UNIT_STRENGTH,
    ZONE,
    leader_names,
)
from ..events import emit
from ..rulings import duel_spares, evacuation_spares
from ..state import NU
from .common import faction_units_at, fortification_cleanup, has_ability, side_of_active, spend, spice_available

ATTACKER, DEFENDER = 0, 1


def battle_regions(state) -> list[int]:
    """Regions (not the Polar Sink, not under storm) where the active player's
    troops share the region with a non-allied faction."""
    me = 1 << state.active_faction
    foes = ~side_of_active(state)
    storm = state.storm
    out = []
    for r in RING:
        if ZONE[r] != storm:  # (`storm_free` for a ring region)
            occ = state.occupants(r)
            if occ & me and occ & foes:
                out.append(r)
    return out


def enemies(state) -> int:
    return state.occupants(state.b_loc) & ~side_of_active(state)


def most_recent(state, mask: int) -> int:
    """R10: of several enemy factions, the one whose turn came most recently."""
    for i in range(1, state.n):
        f = state.seat_faction[(state.active - i) % state.n]
        if mask >> f & 1:
            return f
    raise AssertionError("no enemy in the battle")


def _names(mask: int) -> str:
    return ", ".join(FACTION_NAMES[f] for f in range(8) if mask >> f & 1)


def _ids(mask: int) -> tuple[int, ...]:
    return tuple(f for f in range(8) if mask >> f & 1)


# --------------------------------------------------------------- the order


def enter(state) -> bool:
    state.battles = tuple(battle_regions(state))
    return _enter_order(state)


def _enter_order(state) -> bool:
    state.b_loc = -1
    if not state.battles:
        return False
    state.phase = "battle_order"
    state.awaiting = (state.active,)
    return True


def legal_order(state, seat: int) -> list:
    actions: list = [("battle", r) for r in state.battles]
    me = state.active_faction
    if has_ability(state, TLEILAXU) and state.lreserve[me] and spice_available(state) >= 1:
        actions.append(("ghola",))  # H5
    return actions


def apply_order(state, seat: int, action) -> bool:
    if action[0] == "ghola":
        me = state.active_faction
        spend(state, 1)
        state.lreserve[me] -= 1
        state.lcard[me] += 1
        emit(state, pl.Ghola, "Gholas: {faction} pays 1 spice and {leader} returns to the card.",
             faction=FACTION_NAMES[me], leader=LEADER_NAMES[me], faction_id=me)
        return False
    loc = action[1]
    state.battles = tuple(b for b in state.battles if b != loc)
    return not _start(state, loc)


def _start(state, loc: int) -> bool:
    state.b_loc = loc
    state.b_offers = 0
    state.b_queue = ()
    state.b_commits = (None, None)
    foes = enemies(state)
    state.b_def = most_recent(state, foes)
    attackers = side_of_active(state) & state.occupants(loc)
    emit(state, pl.Battle, "Battle in {region}: {attackers} attack; {defender} defend{helped}.",
         region=REGION_NAMES[loc], attackers=_names(attackers | 1 << state.active_faction),
         defender=FACTION_NAMES[state.b_def],
         helped=f" with {_names(foes & ~(1 << state.b_def))}" if foes & ~(1 << state.b_def) else "",
         loc=loc, defender_id=state.b_def, attacker_ids=_ids(attackers | 1 << state.active_faction),
         helper_ids=_ids(foes & ~(1 << state.b_def)))
    if state.constr[loc] == FORTIFICATION:
        if has_ability(state, HARKONNEN):
            emit(state, pl.Infiltration, "Infiltration: the Fortification in {region} is ignored.",
                 region=REGION_NAMES[loc], loc=loc)
        else:
            if len(_attacking_units(state)) > 1:
                state.phase = "fort_loss"
                state.awaiting = (state.active,)
                return True
            _fort_loss(state, _attacking_units(state)[0][0])
    return _after_fortification(state)


def _attacking_units(state) -> list[tuple[int, int]]:
    return faction_units_at(state, state.b_loc, side_of_active(state))


# ---------------------------------------------------------- Fortification


def legal_fort_loss(state, seat: int) -> list:
    return [("fort_loss", u) for u, _ in _attacking_units(state)]


def apply_fort_loss(state, seat: int, action) -> bool:
    _fort_loss(state, action[1])
    return not _after_fortification(state)


def _fort_loss(state, unit: int) -> None:
    loc = state.b_loc
    state.board[loc * NU + unit] -= 1
    state.reserve[unit] += 1
    state.constr[loc] = 0
    emit(state, pl.Fortification, "The Fortification in {region} kills {a_unit} troop and returns to the pool.",
         region=REGION_NAMES[loc], unit=UNIT_NAMES[unit], a_unit=UNIT_A[unit], loc=loc, unit_id=unit)


def _after_fortification(state) -> bool:
    if not _attacking_units(state):  # H7
        emit(state, pl.NoBattle, "No attacker is left in {region}: there is no battle.",
             region=REGION_NAMES[state.b_loc], loc=state.b_loc, gone="attacker")
        fortification_cleanup(state, state.b_loc)
        return _enter_order(state)
    return _enter_face_dancers(state)


# ------------------------------------------------------------ Face Dancers


def _free_die(state, symbol: int) -> int:
    for d in range(4):
        if state.dice[d] == symbol and not state.used_dice >> d & 1:
            return d
    return -1


def face_dancer_targets(state) -> list[int]:
    """Enemy units of value 1 the Tleilaxu may replace now (R10, H13)."""
    if state.active_faction != TLEILAXU or not state.reserve[TLEILAXU]:
        return []
    by_spice = state.options.face_dancers == "spice"
    if by_spice and spice_available(state) < 1:
        return []
    return [u for u, _ in faction_units_at(state, state.b_loc, enemies(state))
            if UNIT_STRENGTH[u] == 1 and (by_spice or _free_die(state, UNIT_OWNER[u]) >= 0)]


def _enter_face_dancers(state) -> bool:
    if face_dancer_targets(state):
        state.phase = "face_dancers"
        state.awaiting = (state.active,)
        return True
    return _enter_offers(state)


def legal_face_dancers(state, seat: int) -> list:
    return [("done",)] + [("face_dancer", u) for u in face_dancer_targets(state)]


def apply_face_dancers(state, seat: int, action) -> bool:
    if action[0] == "done":
        return not _enter_offers(state)
    unit = action[1]
    loc = state.b_loc
    if state.options.face_dancers == "spice":
        spend(state, 1)
    else:
        state.used_dice |= 1 << _free_die(state, UNIT_OWNER[unit])
    state.board[loc * NU + unit] -= 1
    state.reserve[unit] += 1
    state.board[loc * NU + TLEILAXU] += 1
    state.reserve[TLEILAXU] -= 1
    emit(state, pl.FaceDancer, "Face Dancer! {an_unit} troop in {region} was a Tleilaxu all along.",
         unit=UNIT_NAMES[unit], an_unit=UNIT_A[unit][0].upper() + UNIT_A[unit][1:],
         region=REGION_NAMES[loc], loc=loc, unit_id=unit)
    foes = enemies(state)
    if not foes:  # H7
        emit(state, pl.NoBattle, "No defender is left in {region}: there is no battle.", region=REGION_NAMES[loc],
             loc=loc, gone="defender")
        return not _enter_order(state)
    if not foes >> state.b_def & 1:  # R10: the defender is one of the enemy factions still there
        state.b_def = most_recent(state, foes)
        emit(state, pl.Defender, "The {faction} now defend {region}.", faction=FACTION_NAMES[state.b_def],
             region=REGION_NAMES[loc], defender_id=state.b_def, loc=loc)
    return False


# --------------------------------------------------------- offered leaders


def _enter_offers(state) -> bool:
    queue = []
    if state.ally >= 0 and state.lcard[state.ally]:
        queue.append(state.ally)
    foes = enemies(state) & ~(1 << state.b_def)
    for i in range(1, state.n):  # co-defenders, most recent first
        f = state.seat_faction[(state.active - i) % state.n]
        if foes >> f & 1 and state.lcard[f]:
            queue.append(f)
    state.b_queue = tuple(queue)
    return _next_offer(state)


def _next_offer(state) -> bool:
    if state.b_queue:
        state.phase = "offer_leader"
        state.awaiting = (state.faction_seat[state.b_queue[0]],)
        return True
    state.phase = "commit"
    state.b_commits = (None, None)
    state.awaiting = (state.active, state.faction_seat[state.b_def])
    return True


def legal_offer(state, seat: int) -> list:
    return [("offer",), ("no_offer",)]


def apply_offer(state, seat: int, action) -> bool:
    f = state.b_queue[0]
    state.b_queue = state.b_queue[1:]
    if action[0] == "offer":
        state.b_offers |= 1 << f
        emit(state, pl.LeaderOffered, "The {faction} offer {leader} for the battle.", faction=FACTION_NAMES[f],
             leader=_leaders_on_card(state, f), faction_id=f)
    else:
        emit(state, pl.LeaderKept, "The {faction} keep {leader} out of the battle.", faction=FACTION_NAMES[f],
             leader=_leaders_on_card(state, f), faction_id=f)
    return not _next_offer(state)


def _leaders_on_card(state, faction: int) -> str:
    return "Leto and Duncan Idaho" if faction == ATREIDES and state.lcard[faction] == 2 else LEADER_NAMES[faction]


# ---------------------------------------------------------------- commits


def side_mask(state, side: int) -> int:
    att = side_of_active(state)
    return att if side == ATTACKER else state.occupants(state.b_loc) & ~att


def principal(state, side: int) -> int:
    return state.active_faction if side == ATTACKER else state.b_def


def commit_choices(state, side: int) -> list:
    """Every commit open to one side: any number of each of its troop types in
    the region, its own leaders on the card, and leaders offered to it."""
    mask = side_mask(state, side)
    me = principal(state, side)
    ranges = [[(u, k) for k in range(n + 1)] for u, n in faction_units_at(state, state.b_loc, mask)]
    n_units = len(ranges)
    leaders = []
    if state.lcard[me]:
        leaders.append((me, state.lcard[me]))
    # H17: an offer puts every leader on the partner's card at the side's disposal (both Atreides leaders).
    leaders += [(f, state.lcard[f]) for f in range(8)
                if f != me and mask >> f & 1 and state.b_offers >> f & 1 and state.lcard[f]]
    ranges += [[(f, k) for k in range(c + 1)] for f, c in leaders]
    out = []
    for combo in product(*ranges):
        troops = tuple(p for p in combo[:n_units] if p[1])
        lead = tuple(p for p in combo[n_units:] if p[1])
        out.append(("commit", troops, lead))
    return out


def side_of_seat(state, seat: int) -> int:
    return ATTACKER if seat == state.active else DEFENDER


def legal_commit(state, seat: int) -> list:
    side = side_of_seat(state, seat)
    if state.b_commits[side] is not None:
        return []
    return commit_choices(state, side)


def strength(commit) -> int:
    _, troops, leaders = commit
    total = sum(UNIT_STRENGTH[u] * k for u, k in troops)
    for f, k in leaders:
        total += ATREIDES_BOTH_LEADERS if f == ATREIDES and k == 2 else LEADER_STRENGTH[f]
    return total


def describe_commit(commit) -> str:
    _, troops, leaders = commit
    parts = [f"{k} {UNIT_NAMES[u]} troop{'s' if k > 1 else ''}" for u, k in troops]
    for f, k in leaders:
        parts.append("Leto and Duncan Idaho" if f == ATREIDES and k == 2 else LEADER_NAMES[f])
    return (" and ".join(parts) or "nothing") + f" (strength {strength(commit)})"


def apply_commit(state, seat: int, action) -> bool:
    side = side_of_seat(state, seat)
    commits = list(state.b_commits)
    commits[side] = action
    state.b_commits = tuple(commits)
    state.awaiting = tuple(s for s in state.awaiting if s != seat)
    emit(state, pl.Committed, "The {faction} seal their commit.", faction=FACTION_NAMES[principal(state, side)],
         faction_id=principal(state, side))
    if None in commits:
        return False
    return not _resolve(state)


def _resolve(state) -> bool:
    loc = state.b_loc
    att_commit, def_commit = state.b_commits
    att_mask, def_mask = side_mask(state, ATTACKER), side_mask(state, DEFENDER)
    sa, sd = strength(att_commit), strength(def_commit)
    attacker_wins = sa > sd  # a tie goes to the defender
    winner = principal(state, ATTACKER if attacker_wins else DEFENDER)
    emit(state, pl.Reveal, "Reveal in {region}: {attacker} commit {a}; {defender} commit {d}. The {winner} win.",
         region=REGION_NAMES[loc], attacker=FACTION_NAMES[state.active_faction], a=describe_commit(att_commit),
         defender=FACTION_NAMES[state.b_def], d=describe_commit(def_commit), winner=FACTION_NAMES[winner],
         loc=loc, attack=sa, defence=sd, attacker_wins=attacker_wins,
         attacker_commit=att_commit, defender_commit=def_commit, attacker_id=state.active_faction,
         defender_id=state.b_def, winner_id=winner, attacker_seat=state.active,
         defender_seat=state.faction_seat[state.b_def])
    me, ally = state.active_faction, state.ally
    loser_mask = def_mask if attacker_wins else att_mask
    duel = bool(att_commit[2]) and bool(def_commit[2]) and _duel(state, att_commit, def_commit, loser_mask)
    base = loc * NU
    for commit in (att_commit, def_commit):
        for u, k in commit[1]:
            to_card = duel and duel_spares(UNIT_OWNER[u], me, ally)
            state.board[base + u] -= k
            (state.card if to_card else state.reserve)[u] += k
            _told_loss(state, u, k, "committed", to_card)
        for f, k in commit[2]:
            state.lcard[f] -= k
            state.lreserve[f] += k
            emit(state, pl.LeaderLoss, "{faction} loses {leader}, committed, to the reserve.",
                 faction=FACTION_NAMES[f], leader=leader_names(f, k), faction_id=f, count=k)
    for u, n in faction_units_at(state, loc, loser_mask):
        owner = UNIT_OWNER[u]
        to_card = (duel and duel_spares(owner, me, ally)) or evacuation_spares(owner, me, ally)
        state.board[base + u] -= n
        (state.card if to_card else state.reserve)[u] += n
        _told_loss(state, u, n, "on the losing side", to_card)
    fortification_cleanup(state, loc)
    state.b_commits = (None, None)
    return _enter_order(state)


def _duel(state, att_commit, def_commit, loser_mask: int) -> bool:
    """H11: both sides fought with leaders, and some faction the Honourable Duel spares (the Atreides, or the
    active player allied with them) loses troops in this battle: say so (its losses follow, to the card).
    Otherwise the duel changes nothing and is not told."""
    me, ally = state.active_faction, state.ally
    lost = {UNIT_OWNER[u] for commit in (att_commit, def_commit) for u, k in commit[1] if k}
    lost |= {UNIT_OWNER[u] for u, _ in faction_units_at(state, state.b_loc, loser_mask)}
    spared = [f for f in sorted(lost) if duel_spares(f, me, ally)]
    if not spared:
        return False
    names = " and ".join(FACTION_NAMES[f] for f in spared)
    emit(state, pl.Duel, "Both sides fought with leaders: by the Honourable Duel, the troops the {names} lose go "
         "to their faction card.", names=names)
    return True


def _told_loss(state, unit: int, n: int, why: str, to_card: bool) -> None:
    emit(state, pl.BattleLoss, "{faction} loses {n} {unit} troop{s} {why}; {it} go{es} to the {where}.",
         faction=FACTION_NAMES[UNIT_OWNER[unit]], n=n, unit=UNIT_NAMES[unit], s="s" if n > 1 else "", why=why,
         it="they" if n > 1 else "it", es="" if n > 1 else "es", where="faction card" if to_card else "reserve",
         unit_id=unit, count=n, to_card=to_card)
