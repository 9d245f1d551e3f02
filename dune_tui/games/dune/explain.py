"""What a decision changes for the seat deciding, in one line, for the decisions `describe.consequences` has no
forecast for (issue 45): the setup, the recruiting dice, the gift, the target and the move, the battle's steps.
Each line says what the rules and `queries` tell about this game now (R1-R13)."""

from __future__ import annotations

from . import queries as q
from .data import (
    FACTION_DICE,
    FACTION_NAMES,
    KANLY_DIE,
    KANLY_NAMES,
    POLAR_SINK,
    REGION_NAMES,
    STRATEGIC,
    TLEILAXU,
)


def _sides(mask: int) -> str:
    return " and the ".join(FACTION_NAMES[f] for f in range(len(FACTION_NAMES)) if mask >> f & 1)


def _setup(state, seat: int) -> str:
    return "Later you land only here or in the Polar Sink."  # one row: the four regions stay in sight


def _prediction(state, seat: int) -> str:
    return "If the faction you predict wins alone, you win instead; nobody else sees it."


def _faction(state, seat: int) -> str:
    return "Your faction is yours all game: its leaders, troops and abilities (in the rules)."


def _piter(state, seat: int) -> str:
    now = KANLY_NAMES[state.dice[KANLY_DIE]]
    return f"Poison, not the {now}: it cannot reach the Snooper's holder or the Bene Gesserit."


def _axolotl(state, seat: int) -> str:
    counts: dict[int, int] = {}
    for d in FACTION_DICE:
        counts[state.dice[d]] = counts.get(state.dice[d], 0) + 1
    shown = ", ".join(f"{FACTION_NAMES[s]} {n}" for s, n in sorted(counts.items(), key=lambda c: -c[1]) if s >= 0)
    return f"Its dice recruit for you: {shown}."


def _share(state, seat: int) -> str:
    ally = FACTION_NAMES[state.ally]
    return f"{q.shared_dice(state)} dice show your shared symbol: each you give recruits for the {ally}."


def _recruit(state, seat: int) -> str:
    return f"Recruits wait on your card; landing costs 1 spice each ({q.spice_now(state)} this turn)."


def _ally_recruit(state, seat: int) -> str:
    return f"Recruits wait on your card, to land on your turn or now if the {FACTION_NAMES[state.active_faction]} pay."


def _kanly(state, seat: int) -> str:
    return f"The {KANLY_NAMES[state.dice[KANLY_DIE]]} sends the troop you pick to its owner's reserve."


def _harvester(state, seat: int) -> str:
    return "The Harvester leaves the map: its region's holder gets 2 spice a turn less."


def _gift(state, seat: int) -> str:
    them = FACTION_NAMES[state.active_faction]
    return f"Each spice you give lands one more {them} troop this turn; you keep the rest."


def _target(state, seat: int) -> str:
    held, needed = q.held_alone(state, 1 << state.seat_faction[seat]), q.strategic_needed(state.n)
    return f"Only there you move, fight and build; {needed} strategic regions alone win ({held} now)."


def _move(state, seat: int) -> str:
    t, me = state.target, state.seat_faction[seat]
    if t == POLAR_SINK:
        return "No battle in the Polar Sink, and it is not a strategic region."
    friends = 1 << state.active_faction | (1 << state.ally if state.ally >= 0 else 0) | 1 << me
    foes = state.occupants(t) & ~friends
    if foes:
        return f"A battle follows in {REGION_NAMES[t]} with the {_sides(foes)}."
    kind = "strategic" if t in STRATEGIC else "not strategic"
    return f"Nobody opposes you in {REGION_NAMES[t]} ({kind}): troops moved in hold it."


def _ally_move(state, seat: int) -> str:
    return f"Troops moved into {REGION_NAMES[state.target]} fight on the {FACTION_NAMES[state.active_faction]}' side."


def _battle_order(state, seat: int) -> str:
    return "A leader committed in one battle goes to reserve: none for the battles after it."


def _fort_loss(state, seat: int) -> str:
    return f"The Fortification in {REGION_NAMES[state.b_loc]} kills the troop you pick before the commit."


def _face_dancers(state, seat: int) -> str:
    paid = "1 spice" if state.options.face_dancers == "spice" else "a die"
    return f"Replaced, it goes to its reserve and a {FACTION_NAMES[TLEILAXU]} troop takes its place ({paid})."


def _offer(state, seat: int) -> str:
    side = FACTION_NAMES[q.side_principal(state, q.battle_side(state, seat))]
    return f"Your leader may fight for the {side}; committed, it goes to your reserve."


def _commit(state, seat: int) -> str:
    role = "attack" if q.battle_side(state, seat) == q.ATTACKER else "defend"
    return f"You {role}: more strength wins, a tie goes to the defender; commits go to reserve."


LINES = {
    "choose_faction": _faction, "setup_atreides": _setup, "setup_harkonnen": _setup,
    "setup_prediction": _prediction, "piter": _piter, "axolotl": _axolotl, "share": _share, "recruit": _recruit,
    "ally_recruit": _ally_recruit, "kanly": _kanly, "worm_harvester": _harvester, "gift": _gift, "target": _target,
    "move": _move, "ally_move": _ally_move, "battle_order": _battle_order, "fort_loss": _fort_loss,
    "face_dancers": _face_dancers, "offer_leader": _offer, "commit": _commit,
}


def decision_line(state, seat: int) -> str:
    """What `seat`'s decision now changes for it ("" where `describe.consequences` says it)."""
    line = LINES.get(state.phase)
    return line(state, seat) if line is not None else ""
