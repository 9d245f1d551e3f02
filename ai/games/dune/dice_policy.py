"""The heuristic's dice: what each face of each die is worth to a seat's plan,
which dice to keep, and the assassin's best victim (Kanly, R7).

A die is kept when its face is worth at least what rerolling it is expected
to give (the best of the rolls it may still get); one die must be kept per
roll, so when none is, the one that gives up least is."""

from __future__ import annotations

from dune_tui.games.dune import NU
from dune_tui.games.dune.data import (
    ALL_DICE_MASK,
    CORRINO,
    CRYSKNIFE,
    FACTION_DICE,
    FREMEN,
    GUILD,
    HARVESTER,
    HUNTER_SEEKER,
    KANLY_DIE,
    LOCATIONS,
    POISON,
    POLAR_SINK,
    REGION_DIE,
    RING,
    SARDAUKAR,
    SHIELD,
    SMUGGLERS,
    SNOOPER,
    SPICE_DIE,
    STRATEGIC,
    THUMPER,
    THUMPER_TOTAL,
    TLEILAXU,
    UNIT_OWNER,
    UNIT_STRENGTH,
    WORM,
    ZONE_REGIONS,
)
from dune_tui.games.dune.queries import kanly_immune

from . import board
from .plan import Ctx, target_value

ASSASSIN_FACES = (POISON, CRYSKNIFE, HUNTER_SEEKER)
RANKED_ROLLS = 16  # roll actions the search considers at most
OWN_DIE_LANDS = 1.0  # value of an own-symbol die whose troop lands this turn
OWN_DIE_KEPT = 0.6  # one whose troop waits on the card


def _kill_candidates(ctx: Ctx) -> list[tuple[float, int, tuple]]:
    """Every enemy troop an assassin could remove: (value, owner, action), best first."""
    kills = ctx.memo.get("kills")
    if kills is not None:
        return kills
    s = ctx.state
    out = []
    b = s.board
    for loc in LOCATIONS:
        if not s.storm_free(loc):
            continue
        base = loc * NU
        occ = s.occupants(loc)
        if not occ & ~ctx.friends:
            continue
        for u in range(NU):
            if not b[base + u]:
                continue
            f = UNIT_OWNER[u]
            if ctx.friends >> f & 1:
                continue
            v = 0.4 * UNIT_STRENGTH[u]
            if loc in STRATEGIC:
                v += 0.3
                if occ == 1 << f and s.troops_of(loc, f) == 1:
                    v += 2.0 + (4.0 if f == ctx.threat() else 0.0)
            out.append((v, f, ("kanly", loc, u)))
    out.sort(key=lambda c: -c[0])
    ctx.memo["kills"] = out
    return out


def kill_value(ctx: Ctx, face: int) -> tuple[float, tuple | None]:
    """The best use of an assassin face: (value, ("kanly", loc, unit))."""
    s = ctx.state
    for v, f, action in _kill_candidates(ctx):
        if not kanly_immune(s, face, f):
            return v, action
    return 0.0, None


def kanly_face_value(ctx: Ctx, face: int) -> float:
    s = ctx.state
    if face in ASSASSIN_FACES:
        return kill_value(ctx, face)[0]
    if face == SNOOPER:
        return 0.1 if s.snooper != ctx.me else 0.0
    if face == SHIELD:
        return 0.1 if s.shield != ctx.me else 0.0
    if face == THUMPER:
        have = s.thumpers >> ctx.me & 1
        return 0.2 if not have and bin(s.thumpers).count("1") < THUMPER_TOTAL else 0.0
    return 0.0


def _recruit_room(ctx: Ctx) -> int:
    """How many more own-symbol dice could recruit something."""
    s = ctx.state
    me = ctx.me
    if me == SMUGGLERS:
        return 0
    room = s.reserve[me] + s.lreserve[me]
    if me == CORRINO:
        room += 2 * s.reserve[SARDAUKAR]
    if me == FREMEN:
        room *= 2
    return room


def _extra_spice(ctx: Ctx) -> int:
    """The spice the seat has this turn beside the die's: its store (Corrino, Guild) and its harvest."""
    extra = ctx.memo.get("extra_spice")
    if extra is None:
        s = ctx.state
        me = ctx.me
        store = s.store[me] if me in (CORRINO, GUILD) else 0
        harvest = 2 * sum(1 for r in RING if s.constr[r] == HARVESTER and s.storm_free(r) and s.troops_of(r, me))
        extra = ctx.memo["extra_spice"] = store + harvest
    return extra


def _spice_value(ctx: Ctx, face: int, landable: float) -> float:
    s = ctx.state
    extra = _extra_spice(ctx)
    if face == WORM:
        v = 0.0
        if ctx.me == FREMEN and board.total_strength(s, FREMEN) >= 2:
            v += 1.5  # Worm Riding: every troop may reach the target
        harvesters = sum(1 for r in RING if s.constr[r] == HARVESTER and s.troops_of(r, ctx.me))
        if harvesters:
            v -= 1.0
        return v + 0.9 * min(extra - 2 * harvesters, landable)
    return 0.9 * min(face + extra, landable) + 0.05 * face


def _region_values(ctx: Ctx, landing: int) -> list[float]:
    """Value of each region-die face (zone 1-6), index face-1."""
    s = ctx.state
    ps = target_value(ctx, POLAR_SINK, landing)
    out = []
    for z in range(1, 7):
        v = ps
        for r in ZONE_REGIONS[z]:
            if s.storm_free(r):
                v = max(v, target_value(ctx, r, landing))
        out.append(v)
    return out


# The chance that the i-th lowest face (i = 1 to 6) is the best of `rolls` rolls, by rolls (1 to 3)
_BEST_OF = {rolls: tuple((i / 6) ** rolls - ((i - 1) / 6) ** rolls for i in range(1, 7)) for rolls in (1, 2, 3)}


def _best_of(vals: list[float], rolls: int) -> float:
    """Expected best of `rolls` rolls of a die whose faces are worth `vals`."""
    total = 0.0
    for v, p in zip(sorted(vals), _BEST_OF[rolls]):
        total += v * p
    return total


def die_advantages(ctx: Ctx) -> list[float]:
    """For each unkept die: value of its face minus what rerolling it is worth."""
    s = ctx.state
    kept = s.kept
    dice = s.dice
    me = ctx.me
    unkept_n = bin(ALL_DICE_MASK & ~kept).count("1")
    rolls = 1 if unkept_n <= 2 else (2 if unkept_n <= 4 else 3)
    own_kept = own_shown = unkept_faction = 0
    for d in FACTION_DICE:
        if kept >> d & 1:
            own_kept += dice[d] == me
        else:
            unkept_faction += 1
            own_shown += dice[d] == me
    per_troop = 2 if me == FREMEN else 1
    card = board.card_troops(s, me)
    # Troops this turn could land: the card plus what the own dice recruit.
    exp_recruits = (own_kept + own_shown + 0.3 * (unkept_faction - own_shown)) / per_troop
    room = _recruit_room(ctx)
    landable = card + min(exp_recruits, room / per_troop)
    if kept >> SPICE_DIE & 1:
        spice_now = (s.dice[SPICE_DIE] or 0) + _extra_spice(ctx)
    else:
        spice_now = 3 + _extra_spice(ctx)
    adv = [0.0] * 7
    taken = own_kept
    p_own = 1 - (5 / 6) ** rolls
    for d in FACTION_DICE:
        if kept >> d & 1:
            continue
        if me == TLEILAXU:
            same = sum(1 for e in FACTION_DICE if dice[e] == dice[d])
            adv[d] = 0.4 * same - 0.3
            continue
        lands = card + taken / per_troop < spice_now
        v_own = (OWN_DIE_LANDS if lands else OWN_DIE_KEPT) if taken < room else 0.0
        if dice[d] == me:
            taken += 1
            adv[d] = v_own * (1 - p_own)
        else:
            adv[d] = -v_own * p_own - 0.01
    strength_per = 2.0 if me in (FREMEN,) else 1.0
    if not kept >> REGION_DIE & 1:
        vals = _region_values(ctx, int(min(landable, spice_now) * strength_per))
        adv[REGION_DIE] = vals[dice[REGION_DIE] - 1] - _best_of(vals, rolls)
    if not kept >> SPICE_DIE & 1:
        vals = [_spice_value(ctx, f, landable) * strength_per for f in (1, 2, 3, 4, 5, WORM)]
        face = dice[SPICE_DIE]
        adv[SPICE_DIE] = vals[face - 1 if face else 5] - _best_of(vals, rolls)
    if not kept >> KANLY_DIE & 1:
        vals = [kanly_face_value(ctx, f) for f in range(6)]
        adv[KANLY_DIE] = vals[dice[KANLY_DIE]] - _best_of(vals, rolls)
    return adv


_DICE_OF = tuple(tuple(d for d in range(7) if mask >> d & 1) for mask in range(1 << 7))  # a mask's dice, in order


def mask_score(adv: list[float], mask: int) -> float:
    return sum(map(adv.__getitem__, _DICE_OF[mask]))


def choose_roll(ctx: Ctx, legal: list, adv: list[float] | None = None):
    s = ctx.state
    if adv is None:
        adv = die_advantages(ctx)
    unkept = ALL_DICE_MASK & ~s.kept
    want = 0
    for d in range(7):
        if unkept >> d & 1 and adv[d] >= 0:
            want |= 1 << d
    worm = not s.kept >> SPICE_DIE & 1 and s.dice[SPICE_DIE] == WORM
    if worm:
        use_thumper = adv[SPICE_DIE] < -0.4 and any(a[0] == "thumper" for a in legal)
        if use_thumper:
            others = want & ~(1 << SPICE_DIE)
            if not others:
                rest = [d for d in range(7) if unkept >> d & 1 and d != SPICE_DIE]
                others = 1 << max(rest, key=lambda d: adv[d])
            return ("thumper", others)
        want |= 1 << SPICE_DIE
    if not want:
        want = 1 << max((d for d in range(7) if unkept >> d & 1), key=lambda d: adv[d])
    return ("keep", want)


def rank_roll(ctx: Ctx, legal: list) -> list:
    """Roll actions, best first (the heuristic's pick, then by kept advantage)."""
    adv = die_advantages(ctx)
    first = choose_roll(ctx, legal, adv)
    gains = [max(0.0, a) if i < 7 else 0.0 for i, a in enumerate(adv)]
    best = sum(gains)

    def loss(a):  # how far below the best keep, plus a small price for spending the Thumper
        return best - mask_score(adv, a[1]) + (0.5 if a[0] == "thumper" else 0.0)

    rest = sorted((a for a in legal if a != first), key=loss)
    return [first, *rest[:RANKED_ROLLS - 1]]
