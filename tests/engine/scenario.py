"""A small builder for rules scenarios: a position, a decision, the exact result.

    state = position(
        (ATREIDES, CORRINO, HARKONNEN, GUILD), active=ATREIDES, storm=1,
        troops={ARRAKEEN: {ATREIDES: 2}, CARTHAG: {HARKONNEN: 2}},
        card={ATREIDES: 2}, leaders={HARKONNEN: 1}, constructions={CARTHAG: ORNITHOPTER},
    )
    roll(state, (ATREIDES, ATREIDES, CORRINO, HARKONNEN), region=4, spice=1, kanly=SNOOPER)
    start_at(state, "alliance")                    # runs the turn from that step (flow.TURN_STEPS)
    assert deciding(state) == (ATREIDES,) and state.phase == "alliance"
    texts = act(state, ATREIDES, ("propose", CORRINO, CORRINO))

Everything not given is empty: no troops, no constructions, leaders in reserve,
stores at 0.  Reserves are the box's cubes minus what is on the map and cards,
so troops are conserved from the start.  Seats follow the order of `factions`
(seat 0 first).  Players, regions and units are the engine's ids (engine/data.py).
"""

from __future__ import annotations

from dune_tui.games import rng
from dune_tui.games.dune import Options, apply, flow, legal_actions
from dune_tui.games.dune.data import (
    ALL_DICE_MASK,
    FACTION_KEYS,
    FACTION_UNITS,
    LEADER_COUNT,
    LOCATIONS,
    POLAR_SINK,
    RING,
    SHIELD,
    UNIT_OWNER,
    UNIT_TOTAL,
    UNITS,
    ZONE,
)
from dune_tui.games.dune.state import NU, State


def position(factions, *, active=None, round=1, storm=1, troops=None, card=None, leaders=None,
             constructions=None, store=None, snooper=-1, shield=-1, thumpers=(), prediction=-1,
             face_dancers="dice", seed=0) -> State:
    """A game between `factions` (ids, seat order) at the start of `active`'s turn.

    troops: {loc: {unit: n}}; card: {unit: n} (troops on faction cards); leaders: {faction: n on card};
    constructions: {region: kind}; store: {faction: spice}; thumpers: factions holding one."""
    keys = tuple(FACTION_KEYS[f] for f in factions)
    state = State(Options(players=len(factions), seed=seed, factions=keys, face_dancers=face_dancers))
    state.rng = rng.seed_state(seed)
    state.events = []
    for seat, f in enumerate(factions):
        state.seat_faction[seat] = f
        state.faction_seat[f] = seat
    for loc, units in (troops or {}).items():
        for unit, n in units.items():
            state.board[loc * NU + unit] = n
    for unit, n in (card or {}).items():
        state.card[unit] = n
    for u in UNITS:
        if state.in_play(UNIT_OWNER[u]):
            state.reserve[u] = UNIT_TOTAL[u] - sum(state.board[u::NU]) - state.card[u]
            assert state.reserve[u] >= 0, f"more {u} cubes than the box holds"
        else:
            assert not sum(state.board[u::NU]) and not state.card[u], f"unit {u}'s faction is not in play"
    for f in factions:
        on_card = (leaders or {}).get(f, 0)
        state.lcard[f], state.lreserve[f] = on_card, LEADER_COUNT[f] - on_card
    for region, kind in (constructions or {}).items():
        state.constr[region] = kind
    for f, n in (store or {}).items():
        state.store[f] = n
    state.storm = storm
    state.snooper, state.shield = snooper, shield
    for f in thumpers:
        state.thumpers |= 1 << f
    state.prediction = prediction
    state.round = round
    state.turn = 1
    state.active = state.faction_seat[factions[0] if active is None else active]
    state.phase = "roll"
    return state


def roll(state: State, faction_dice=(0, 0, 0, 0), *, region=1, spice=1, kanly=SHIELD) -> None:
    """Set the seven dice as kept at the end of the roll (faction dice show faction ids;
    spice 0 is Shai-Hulud).  The Kanly die defaults to the Shield (taken, no decision)."""
    assert len(faction_dice) == 4
    state.dice[:] = [*faction_dice, region, spice, kanly]  # dice 0-3, then REGION_DIE, SPICE_DIE, KANLY_DIE
    state.kept = ALL_DICE_MASK
    state._legal = None


def start_at(state: State, step: str) -> list[str]:
    """Run the active player's turn from `step` (a name in flow.TURN_STEPS, or "storm" for the
    end of the turn), then every forced decision; the events' texts."""
    names = [name for name, _ in flow.TURN_STEPS]
    state.events = []
    state._legal = None
    if step == "storm":
        flow.step_done(state, names[-1])
    else:
        i = names.index(step)
        flow.step_done(state, names[i - 1] if i else "roll")
    return [e.text for e in state.events] + settle(state)


def settle(state: State) -> list[str]:
    """Play every decision that has exactly one legal action (as `apply` does after each decision)."""
    out: list[str] = []
    while not state.over:
        for seat in state.awaiting:
            acts = legal_actions(state, seat)
            if len(acts) == 1:
                out += [e.text for e in apply(state, seat, acts[0])]
                break
        else:
            return out
    return out


def act(state: State, faction: int, action) -> list[str]:
    """`faction`'s player takes `action`; the events' texts."""
    return [e.text for e in apply(state, state.faction_seat[faction], action)]


def legal(state: State, faction: int) -> list:
    return legal_actions(state, state.faction_seat[faction])


def deciding(state: State) -> tuple[int, ...]:
    """The factions that must decide now."""
    return tuple(state.seat_faction[s] for s in state.awaiting)


def at(state: State, loc: int) -> dict[int, int]:
    """The troops in `loc` by unit: {unit: n}, zeros left out."""
    base = loc * NU
    return {u: state.board[base + u] for u in UNITS if state.board[base + u]}


def board(state: State) -> dict[int, dict[int, int]]:
    """Every occupied location: {loc: {unit: n}}."""
    return {loc: at(state, loc) for loc in LOCATIONS if at(state, loc)}


def constructions(state: State) -> dict[int, int]:
    return {r: k for r in RING if (k := state.constr[r])}


def troops_total(state: State, faction: int) -> int:
    """A faction's troop cubes on the map, card and reserve (always the box's count)."""
    return sum(sum(state.board[u::NU]) + state.card[u] + state.reserve[u] for u in FACTION_UNITS[faction])


def battles_pending(state: State) -> list[int]:
    """Regions out of the storm where the active player's troops share with a non-allied faction
    (written here independently of the engine's battle module)."""
    me = 1 << state.active_faction
    side = me | (1 << state.ally if state.ally >= 0 else 0)
    return [r for r in RING if ZONE[r] != state.storm and state.occupants(r) & me and state.occupants(r) & ~side]


def check_invariants(state: State) -> None:
    """What must hold after every decision of every game (cheap: a few microseconds)."""
    b = state.board
    if state.phase == "choose_faction":  # the reserves are filled once every seat has chosen
        assert not any(b) and not any(state.reserve)
        return
    assert min(b) >= 0, "negative troops on the map"
    for u in UNITS:
        total = sum(b[u::NU]) + state.card[u] + state.reserve[u]
        assert state.card[u] >= 0 and state.reserve[u] >= 0, f"negative card or reserve for unit {u}"
        assert total == (UNIT_TOTAL[u] if state.in_play(UNIT_OWNER[u]) else 0), f"unit {u} not conserved"
    for f in range(8):
        if state.in_play(f):
            assert state.lcard[f] >= 0 and state.lreserve[f] >= 0, f"negative leaders for faction {f}"
            assert state.lcard[f] + state.lreserve[f] == LEADER_COUNT[f], f"leaders of faction {f} not conserved"
        assert 0 <= state.store[f] <= 5, f"store of faction {f} is {state.store[f]}"
    assert state.spice_die >= 0 and state.spice_other >= 0, "negative spice"
    assert len(state.constr) == 9 and all(0 <= k <= 3 for k in state.constr), "one construction a ring region"
    for kind in (1, 2, 3):
        assert state.constr.count(kind) <= 2, f"more than two constructions of kind {kind}"
    assert 1 <= state.round <= 6


PASSIVE = ("no_alliance", "decline", "pass", "done", "no_offer", "refuse")


def finish_turn(state: State, faction: int) -> list[str]:
    """Play the rest of `faction`'s turn, if it is still on, doing as little as possible (pass, done,
    target the Polar Sink, keep every die, the first of anything else); the events' texts."""
    turn, out = state.turn, []
    while not state.over and state.turn == turn and state.active_faction == faction:
        seat = state.awaiting[0]
        acts = legal_actions(state, seat)
        choice = next((a for a in acts if a[0] in PASSIVE), None)
        if choice is None:
            if state.phase == "target":
                choice = ("target", POLAR_SINK)
            elif state.phase == "roll":
                choice = max(acts, key=lambda a: a[1])
            else:
                choice = acts[0]
        out += [e.text for e in apply(state, seat, choice)]
    return out


def rolling(state: State, dice, kept=0) -> None:
    """Put the active player in the middle of its roll: `dice` showing, the dice in mask `kept` kept."""
    state.dice[:] = list(dice)
    state.kept = kept
    state.phase = "roll"
    state.awaiting = (state.active,)
    state._legal = None


def snapshot(state: State) -> dict:
    """Every field of a state, for before/after comparisons."""
    from dune_tui.games.dune.state import _LISTS, _SCALARS

    return {name: list(getattr(state, name)) if name in _LISTS else getattr(state, name)
            for name in _LISTS + _SCALARS}
