"""The heuristic bot: rules of thumb for every decision.

It is the baseline, the search's rollout policy and the source of its
priors, so it must be quick and must read only what a seat may see.
Its plan for a turn: pick the best movement target the dice allow (a
strategic region it can take, above all the one that wins), keep dice that
serve it (own symbols recruit, spice lands, the region die aims), land the
troops the move needs in the Polar Sink and the rest where they guard,
move in enough to win the battle, and commit to a battle just enough to
win it for sure, or nothing when it cannot be won.
"""

from __future__ import annotations

from dune_tui.games.dune import legal_actions, queries
from dune_tui.games.dune.data import (
    ATREIDES,
    BENE_GESSERIT,
    CORRINO,
    FACTION_DICE,
    FORTIFICATION,
    FREMEN,
    GUILD,
    HARKONNEN,
    HARVESTER,
    KANLY_DIE,
    MINOR_ERG,
    NON_STRATEGIC,
    ORNITHOPTER,
    POISON,
    POLAR_SINK,
    SMUGGLERS,
    STRATEGIC,
    TLEILAXU,
    UNIT_OWNER,
    UNIT_STRENGTH,
)
from dune_tui.games.dune.queries import held_regions

from . import board
from .dice_policy import choose_roll, kanly_face_value, kill_value, rank_roll
from .plan import Ctx, best_target, landing_potential, target_value

EMPTY_GOAL = 2  # strength to move into an empty strategic target (more measured worse against random)
ATTACK_MARGIN = 2  # strength beyond the defenders' to move into an occupied one
# Preference when a seat may choose its faction: win rates with equal heuristic bots (lab/LOG.md).
FACTION_PREFERENCE = (BENE_GESSERIT, GUILD, SMUGGLERS, ATREIDES, TLEILAXU, HARKONNEN, CORRINO, FREMEN)


# ------------------------------------------------------------------ context


# --------------------------------------------------------------------- dice


# ----------------------------------------------------------------- per phase


def choose_piter(ctx: Ctx, legal: list):
    s = ctx.state
    now = kanly_face_value(ctx, s.dice[KANLY_DIE])
    return ("poison",) if kill_value(ctx, POISON)[0] > now + 0.05 else ("pass",)


def choose_axolotl(ctx: Ctx, legal: list):
    dice = ctx.state.dice
    return max(legal, key=lambda a: sum(1 for d in FACTION_DICE if dice[d] == a[1]))


def _alliance_prospect(state, me: int, other: int) -> int:
    return len(held_regions(state, 1 << me | 1 << other))


def choose_propose(ctx: Ctx, legal: list):
    s = ctx.state
    best, score = ("no_alliance",), 2.5
    for a in legal:
        if a[0] != "propose":
            continue
        f = a[1]
        joint = _alliance_prospect(s, ctx.me, f)
        if joint > score and joint > len(ctx.held):
            best, score = a, joint
    if best[0] == "propose" and len(ctx.held) + 1 >= ctx.need:
        return ("no_alliance",)  # a solo win is in reach
    return best


def choose_answer(ctx: Ctx, legal: list):
    s = ctx.state
    joint = _alliance_prospect(s, ctx.me, s.active_faction)
    return ("accept",) if joint >= 3 else ("decline",)


def _alliance_likely(ctx: Ctx) -> bool:
    return ctx.ally >= 0 and ctx.alliance_held() >= 3


def choose_share(ctx: Ctx, legal: list):
    return legal[-1] if _alliance_likely(ctx) else legal[0]


def choose_recruit(ctx: Ctx, legal: list):
    s = ctx.state
    me = s.seat_faction[ctx.seat]
    no_leader = s.lcard[me] == 0

    def score(a):
        _, t, lead, sard = a
        return t * (1.0 if me != FREMEN else 2.0) + sard * 2.2 + lead * (1.5 if no_leader else 0.6)

    return max(legal, key=score)


def choose_kanly(ctx: Ctx, legal: list):
    v, action = kill_value(ctx, ctx.state.dice[KANLY_DIE])
    if action is not None and v > 0.05 and action in legal:
        return action
    return ("pass",)


def choose_harvester(ctx: Ctx, legal: list):
    s = ctx.state

    def keep_value(a):
        r = a[1]
        return (r in ctx.held) * 2 + (r in STRATEGIC) + (s.occupants(r) == 1 << ctx.me)

    return min(legal, key=keep_value)


def choose_gift(ctx: Ctx, legal: list):
    return legal[-1] if _alliance_likely(ctx) else legal[0]


def choose_consent(ctx: Ctx, legal: list):
    return ("consent",) if _alliance_likely(ctx) else ("refuse",)


def _guard_need(state, faction: int, loc: int, friends: int) -> int:
    """How much stronger the nearest enemies are than `faction` in a region it holds."""
    threat = 0
    for f in range(8):
        if friends >> f & 1 or not state.in_play(f):
            continue
        t = board.strength(state, POLAR_SINK, f) + board.leader_power(state, f)
        for nb in (loc - 1) % 9, (loc + 1) % 9:
            t += board.strength(state, nb, f)
        threat = max(threat, t)
    return threat - board.strength(state, loc, faction)


def landing_spots(ctx: Ctx, legal: list, target: int) -> list:
    """Land actions, best first, for the active player (or its ally)."""
    s = ctx.state
    me = ctx.me
    lands = [a for a in legal if a[0] == "land"]
    if not lands:
        return []
    need_t = 0
    if target != POLAR_SINK:
        foes = board.enemy_power(s, target, ctx.friends)
        want = foes + 2 if foes else 2
        if target in STRATEGIC and target in ctx.held:
            want = 0
        have = ctx.mobile(target) - board.strength(s, POLAR_SINK, me)
        need_t = want - have - board.strength(s, target, me) - board.strength(s, POLAR_SINK, me)

    def score(a):
        _, u, loc = a
        v = UNIT_STRENGTH[u] * 0.1
        if loc == POLAR_SINK:
            v += 1.0 if need_t > 0 else 0.5
            if me == SMUGGLERS:
                v -= 0.45  # costs 2 spice there
        elif loc in STRATEGIC and s.occupants(loc) & ~ctx.friends == 0:
            v += 0.3 + 0.2 * max(0, min(3, _guard_need(s, me, loc, ctx.friends)))
        else:
            v += 0.1
        return v

    return sorted(lands, key=score, reverse=True)


def choose_land(ctx: Ctx, legal: list):
    s = ctx.state
    if ("ghola",) in legal:
        return ("ghola",)
    if ("hire_leader",) in legal and board.card_troops(s, ctx.me) < 2:
        return ("hire_leader",)
    target, _ = best_target(ctx, landing_potential(s, ctx.me))
    spots = landing_spots(ctx, legal, target)
    if spots:
        # CHOAM: unspent die spice stores double; keep it when the card is thin and nothing is to be taken
        if (ctx.me == CORRINO and s.store[CORRINO] == 0 and s.spice_die >= 3 and target == POLAR_SINK
                and board.card_troops(s, CORRINO) <= 1):
            return ("done",)
        return spots[0]
    if _alliance_likely(ctx):
        budgets = [a for a in legal if a[0] == "ally_lands"]
        if budgets:
            return budgets[-1]
    return ("done",)


def choose_ally_land(ctx: Ctx, legal: list):
    s = ctx.state
    spots = landing_spots(ctx, legal, s.target if s.target >= 0 else POLAR_SINK)
    return spots[0] if spots else ("done",)


def choose_target(ctx: Ctx, legal: list):
    best, value = None, -1.0
    for a in legal:
        v = target_value(ctx, a[1], 0)
        if v > value:
            best, value = a, v
    return best if best is not None else legal[0]


def _move_goal(ctx: Ctx, faction: int) -> int:
    """How much strength `faction` wants in the target after moving."""
    s = ctx.state
    t = s.target
    if t == POLAR_SINK:
        return 99
    foes = board.enemy_power(s, t, ctx.friends)
    if t not in STRATEGIC:
        if s.constr[t] == HARVESTER and foes == 0:
            return 1
        return 0
    if foes == 0:
        if board.strength(s, t, faction):
            return 0
        return EMPTY_GOAL * (2 if faction == FREMEN else 1)  # two Fremen troops: an assassin kills one
    return foes + ATTACK_MARGIN


def choose_move(ctx: Ctx, legal: list, faction: int | None = None):
    s = ctx.state
    faction = ctx.me if faction is None else faction
    t = s.target
    goal = _move_goal(ctx, faction)
    deficit = goal - board.strength(s, t, faction)
    if deficit <= 0:
        return ("done",)
    best, best_key = ("done",), None
    for a in legal:
        if a[0] != "move":
            continue
        _, src, u, n = a
        if t == POLAR_SINK:
            if src in STRATEGIC or (s.constr[src] == HARVESTER and s.troops_of(src, faction) <= n):
                continue
            key = (n, 0)
        else:
            here = s.troops_of(src, faction)
            strat_held = src in STRATEGIC and s.occupants(src) & ~(1 << faction) == 0
            if strat_held and n >= here:
                continue  # keep one troop in a region we hold
            gain = n * UNIT_STRENGTH[u]
            over = max(0, gain - deficit)
            prio = 2 if src == POLAR_SINK else (1 if src not in STRATEGIC else 0)
            key = (prio, -over, gain)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def choose_ally_move(ctx: Ctx, legal: list):
    if not _alliance_likely(ctx):
        return ("done",)
    return choose_move(ctx, legal, ctx.me)


def choose_battle_order(ctx: Ctx, legal: list):
    if ("ghola",) in legal:
        return ("ghola",)
    s = ctx.state
    return min((a for a in legal if a[0] == "battle"),
               key=lambda a: board.enemy_power(s, a[1], ctx.friends) - board.strength(s, a[1], ctx.me))


def choose_fort_loss(ctx: Ctx, legal: list):
    me = ctx.me
    return min(legal, key=lambda a: (UNIT_STRENGTH[a[1]], UNIT_OWNER[a[1]] == me))


def choose_face_dancer(ctx: Ctx, legal: list):
    for a in legal:
        if a[0] == "face_dancer":
            return a
    return ("done",)


def choose_offer(ctx: Ctx, legal: list):
    s = ctx.state
    if s.active_faction == ctx.ally and not _alliance_likely(ctx):
        return ("no_offer",)
    return ("offer",)


def commit_cost(commit) -> float:
    _, troops, leaders = commit
    c = 0.0
    for u, k in troops:
        c += k * (1.0 if UNIT_STRENGTH[u] == 1 else 1.5)
    for _, k in leaders:
        c += 0.7 * k
    return c


def side_max(state, side: int) -> int:
    """The most strength a side of the current battle could commit."""
    mask = queries.side_factions(state, side)
    me = queries.side_principal(state, side)
    total = sum(board.strength(state, state.b_loc, f) for f in range(8) if mask >> f & 1)
    total += board.leader_power(state, me)
    for f in range(8):
        if f != me and mask >> f & 1 and state.b_offers >> f & 1 and state.lcard[f]:
            total += board.leader_power(state, f)
    return total


def commit_frontier(legal: list) -> list:
    """For each strength, the cheapest commit reaching it (a Pareto frontier)."""
    best: dict[int, tuple] = {}
    for a in legal:
        st = queries.commit_strength(a)
        c = commit_cost(a)
        if st not in best or c < best[st][0]:
            best[st] = (c, a)
    out = []
    cheapest = None
    for st in sorted(best, reverse=True):
        c, a = best[st]
        if cheapest is None or c < cheapest:
            out.append(a)
            cheapest = c
    return out[::-1]


def choose_commit(ctx: Ctx, legal: list):
    s = ctx.state
    side = queries.battle_side(s, ctx.seat)
    other = side_max(s, 1 - side)
    goal = other + 1 if side == queries.ATTACKER else other
    options = commit_frontier(legal)
    for a in options:  # cheapest first
        if queries.commit_strength(a) >= goal:
            return a
    return options[0]  # cannot win for sure: lose as little as possible


def choose_construct(ctx: Ctx, legal: list):
    s = ctx.state
    here = s.constr[s.target]
    late = board.turns_left(s, ctx.seat) <= 1
    order = (FORTIFICATION, HARVESTER) if late else (HARVESTER, FORTIFICATION)
    for kind in order:
        if here == kind:
            return ("pass",)
        if ("build", kind) in legal:
            return ("build", kind)
    if here == ORNITHOPTER:
        return ("pass",)
    return ("pass",)


def choose_setup(ctx: Ctx, legal: list):
    s = ctx.state
    for r in (MINOR_ERG, *NON_STRATEGIC):
        if ("setup", r) in legal and not s.occupants(r):
            return ("setup", r)
    return legal[0]


def choose_predict(ctx: Ctx, legal: list):
    # The Guild's default win is the likeliest ending, and H8 lets it be predicted even unplayed.
    return ("predict", GUILD) if ("predict", GUILD) in legal else legal[0]


def choose_faction(ctx: Ctx, legal: list):
    for f in FACTION_PREFERENCE:
        if ("faction", f) in legal:
            return ("faction", f)
    return legal[0]


CHOOSERS = {
    "choose_faction": choose_faction,
    "setup_atreides": choose_setup,
    "setup_harkonnen": choose_setup,
    "setup_prediction": choose_predict,
    "roll": choose_roll,
    "piter": choose_piter,
    "axolotl": choose_axolotl,
    "alliance": choose_propose,
    "alliance_answer": choose_answer,
    "share": choose_share,
    "recruit": choose_recruit,
    "ally_recruit": choose_recruit,
    "kanly": choose_kanly,
    "worm_harvester": choose_harvester,
    "gift": choose_gift,
    "consent": choose_consent,
    "land": choose_land,
    "ally_land": choose_ally_land,
    "target": choose_target,
    "move": choose_move,
    "ally_move": choose_ally_move,
    "battle_order": choose_battle_order,
    "fort_loss": choose_fort_loss,
    "face_dancers": choose_face_dancer,
    "offer_leader": choose_offer,
    "commit": choose_commit,
    "construct": choose_construct,
}


def choose(state, seat: int, legal: list | None = None, ctx: Ctx | None = None):
    """The heuristic's action for `seat` (state may be a view or a full state); `ctx`, a Ctx of this state and
    seat made already (by `ranked`, or for an earlier roll of the same turn: what it read of the board still holds,
    a roll changes the dice alone), so that the board is read once."""
    if legal is None:
        legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    action = CHOOSERS[state.phase](ctx or Ctx(state, seat), legal)
    return action if action in legal else legal[0]


def ranked(state, seat: int, legal: list, ctx: Ctx | None = None) -> list:
    """The legal actions, the heuristic's pick first, then the likeliest
    alternatives (the search's prior follows this order); `ctx`: as `choose`."""
    ctx = ctx or Ctx(state, seat)
    phase = state.phase
    if phase == "roll":
        return rank_roll(ctx, legal)
    first = choose(state, seat, legal, ctx)
    if phase == "commit":
        front = commit_frontier(legal)
        rest = [a for a in front if a != first]
        return [first, *rest]
    if phase in ("land", "ally_land"):
        target = best_target(ctx, landing_potential(state, ctx.me))[0] if phase == "land" else POLAR_SINK
        spots = landing_spots(ctx, legal, target)
        others = [a for a in legal if a[0] != "land"]
        order = [first] + [a for a in spots + others if a != first]
        return order
    if phase == "target":
        return [first, *sorted((a for a in legal if a != first), key=lambda a: -target_value(ctx, a[1], 0))]
    if phase in ("move", "ally_move"):
        rest = [a for a in legal if a != first]
        done = [a for a in rest if a[0] == "done"]
        moves = sorted((a for a in rest if a[0] == "move"), key=lambda a: (a[1] != POLAR_SINK, -a[3]))
        return [first, *done, *moves]
    return [first] + [a for a in legal if a != first]


class HeuristicAgent:
    """The first game's heuristic as a bot (the `heuristic` bot of any game is ai.games.HeuristicAgent)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, request, cancel=None):
        return choose(request.view, request.seat, list(request.legal))
