"""Plain English for decisions: what is being asked (`prompt`), each option (`action_text`), and what
a decision will do (`consequences` for the decision, `action_hint` for one option), from `queries`."""

from __future__ import annotations

from . import queries as q
from .data import (
    CONSTRUCTION_A,
    CONSTRUCTION_NAMES,
    CORRINO,
    FACTION_DICE,
    FACTION_NAMES,
    FORTIFICATION,
    HARVESTER,
    KANLY_DIE,
    KANLY_NAMES,
    LEADER_NAMES,
    ORNITHOPTER,
    REGION_NAMES,
    SPICE_DIE,
    TLEILAXU,
    UNIT_A,
    UNIT_NAMES,
    UNIT_OWNER,
    WORM,
)
from .explain import decision_line
from .rules import construction, kanly
from .rules.battle import describe_commit
from .rules.dice import dice_text
from .rules.landing import price

PROMPTS = {
    "choose_faction": "Choose your faction",
    "setup_atreides": "Atreides setup: choose a non-strategic region for 2 troops",
    "setup_harkonnen": "Harkonnen setup: choose a non-strategic region for 2 troops and the sixth construction",
    "setup_prediction": "Bene Gesserit: secretly predict the faction that will win",
    "roll": "Keep at least one die and reroll the rest",
    "piter": "Piter De Vries: turn the Kanly die to Poison?",
    "axolotl": "Axolotl Tanks: choose the symbol your dice recruit with this turn",
    "alliance": "Propose an alliance for this turn?",
    "alliance_answer": "Answer the alliance proposal",
    "share": "How many of the shared dice does your ally recruit with?",
    "recruit": "Recruit from your reserve to your faction card",
    "ally_recruit": "Recruit as the active player's ally",
    "kanly": "Kanly: remove one troop from the map?",
    "worm_harvester": "Shai-Hulud: choose the Harvester the worm swallows",
    "gift": "CHOAM: give stored spice to your ally?",
    "consent": "May your ally land troops in your regions?",
    "land": "Land troops (1 spice each)",
    "ally_land": "Land troops; your ally pays",
    "target": "Choose the movement target",
    "move": "Move troops into the target",
    "ally_move": "Move troops into your ally's target",
    "battle_order": "Choose the next battle",
    "fort_loss": "The Fortification kills one attacking troop: which?",
    "face_dancers": "Face Dancers: replace an enemy troop?",
    "offer_leader": "Offer your leader to your side in this battle?",
    "commit": "Commit troops and leaders to the battle (sealed)",
    "construct": "Build, replace or demolish the construction in the target?",
}


def prompt(state, seat: int) -> str:
    """What `seat` is asked now ("" when nothing)."""
    if seat not in state.awaiting:
        return ""
    text = PROMPTS.get(state.phase, state.phase)
    if state.phase == "alliance_answer":
        text = f"The {FACTION_NAMES[state.active_faction]} propose an alliance for this turn"
    if state.phase == "construct" and 0 <= state.target < len(state.constr):
        here = state.constr[state.target]
        where = REGION_NAMES[state.target]
        text = _construct_prompt(state, here, where) if here else f"Build a construction in {where}?"
    if state.phase in ("commit", "fort_loss", "face_dancers", "offer_leader") and state.b_loc >= 0:
        text += f" — battle in {REGION_NAMES[state.b_loc]}"
    return text


def _construct_prompt(state, here: int, where: str) -> str:
    """What the side holding a construction may do with it (H10): keep it, replace it by another kind from the pool,
    or demolish it (it is never built again as it is)."""
    name = CONSTRUCTION_NAMES[here]
    if any(a[0] == "build" for a in construction.legal(state, state.active)):
        return f"Keep the {name} in {where}, replace it or demolish it?"
    return f"Keep the {name} in {where} or demolish it?"


def action_text(state, action) -> str:
    """One option of a decision as a person reads it."""
    kind = action[0]
    if kind == "faction":
        return FACTION_NAMES[action[1]]
    if kind == "setup":
        return REGION_NAMES[action[1]]
    if kind == "predict":
        return f"Predict the {FACTION_NAMES[action[1]]}"
    if kind in ("keep", "thumper"):
        kept = dice_text(state, action[1])
        return f"Keep {kept}" if kind == "keep" else f"Discard the Thumper, keep {kept}"
    if kind == "symbol":
        return f"Take the {FACTION_NAMES[action[1]]} symbol"
    if kind == "propose":
        return f"Propose to the {FACTION_NAMES[action[1]]}" + (
            f" (with a {FACTION_NAMES[action[2]]} die)" if action[2] >= 0 and action[1] != action[2] else "")
    if kind == "share":
        return f"Give {action[1]} die{'s' if action[1] > 1 else ''} to the ally"
    if kind == "recruit":
        _, t, lead, s = action
        parts = [f"{t} troop{'s' if t != 1 else ''}"] if t else []
        if s:
            parts.append(f"{s} Sardaukar")
        if lead:
            parts.append("a leader")
        return "Recruit " + (" and ".join(parts) or "nothing")
    if kind == "kanly":
        return f"Remove {UNIT_A[action[2]]} troop from {REGION_NAMES[action[1]]}"
    if kind in ("harvester",):
        return f"Lose the Harvester in {REGION_NAMES[action[1]]}"
    if kind == "gift":
        return f"Give {action[1]} spice"
    if kind == "land":
        cost = price(UNIT_OWNER[action[1]], action[2])
        return f"Land {UNIT_A[action[1]]} troop in {REGION_NAMES[action[2]]} ({cost} spice)"
    if kind == "ally_lands":
        return f"Let the ally land, paying up to {action[1]} spice"
    if kind == "target":
        return REGION_NAMES[action[1]]
    if kind == "move":
        _, src, unit, n = action
        return f"Move {n} {UNIT_NAMES[unit]} troop{'s' if n > 1 else ''} from {REGION_NAMES[src]}"
    if kind == "battle":
        return f"Fight in {REGION_NAMES[action[1]]}"
    if kind == "fort_loss":
        return f"Lose {UNIT_A[action[1]]} troop"
    if kind == "face_dancer":
        return f"Replace {UNIT_A[action[1]]} troop"
    if kind == "commit":
        return "Commit " + describe_commit(action)
    if kind == "build":
        return f"Build {CONSTRUCTION_A[action[1]]}"
    if kind == "done":
        return done_text(state)
    if kind == "pass" and state.phase == "construct" and 0 <= state.target < len(state.constr) \
            and state.constr[state.target]:
        return f"Keep the {CONSTRUCTION_NAMES[state.constr[state.target]]}"
    if kind == "ghola":
        return f"Gholas: pay 1 spice, {LEADER_NAMES[state.active_faction]} returns to the card"
    fixed = {
        "pass": "Pass", "no_alliance": "No alliance", "accept": "Accept", "decline": "Decline",
        "poison": "Turn the Kanly die to Poison", "consent": "Consent", "refuse": "Refuse",
        "offer": "Offer the leader", "no_offer": "Keep the leader", "demolish": "Demolish it",
        "hire_leader": "Pay 2 spice for Esmar Tuek",
    }
    return fixed.get(kind, repr(action))


def done_text(state) -> str:
    """"Done", saying what it leaves unused: troops and spice in a landing, troops in a movement."""
    troops, spice = q.left_unused(state)
    if not troops:
        return "Done"
    some = f"{troops} troop{'s' if troops != 1 else ''}"
    if state.phase in ("land", "ally_land"):
        return f"Done: {some} and {spice} spice unused"
    return f"Done: {some} could still move in"


# ------------------------------------------------------------ consequences


def _regions(locs) -> str:
    return " and ".join(REGION_NAMES[r] for r in locs)


def storm_text(state, faction: int) -> str:
    """Where the storm goes at the end of this turn and what it takes from `faction` (R2, R11)."""
    f = q.storm_forecast(state)
    if not f.known:
        return ("Storm: moves at the end of the turn; its way is not known yet (region die)." if f.moves
                else "Storm: not known yet (spice die).")
    if not f.moves:
        return f"Storm: stays in zone {f.zone} (no storm on the spice die)."
    text = f"Storm → zone {f.zone} {'West' if f.west else 'East'} ({_regions(f.regions)})"
    mine = f.losses_of(faction)
    if mine:
        where = list(dict.fromkeys(loc for loc, _, _ in mine))
        n = len(mine)
        text += f": you lose {n} troop{'s' if n > 1 else ''} " + (
            "there" if tuple(where) == f.regions else f"in {_regions(where)}")
        if all(to_card for _, _, to_card in mine):
            text += " (to your card)"
    elif faction >= 0:
        text += ": spares you"
    if f.ornithopters:
        text += f"; the Ornithopter in {_regions(f.ornithopters)} is destroyed"
    return text + "."


def spice_text(state) -> str:
    """This turn's spice (R3): the die and the harvest."""
    s = q.spice_this_turn(state)
    if not s.known:
        return "Spice: not known yet (spice die)."
    if state.dice[SPICE_DIE] == WORM:
        return "Spice: none this turn (Shai-Hulud)."
    return f"Spice: {s.total} ({s.die} on the die, {s.harvest} harvest)." if s.harvest else f"Spice: {s.die}."


def kanly_text(state) -> str:
    """Which troops the Kanly weapon cannot reach and why (R7); "" when it reaches all, or is no weapon."""
    shelters = kanly.shelters_text(state)
    if not shelters:
        return ""
    weapon = KANLY_NAMES[state.dice[KANLY_DIE]]
    if q.every_target_immune(state):
        return f"{weapon}: every target is immune — {shelters}; Kanly passes."
    return f"{weapon} cannot reach: {shelters}."


def construction_text(state) -> str:
    """Whether the storm ends this turn over the movement target, and what it does there (R11)."""
    t = state.target
    if t < 0 or not q.storm_harms(state, t):
        return ""
    if state.constr[t] == FORTIFICATION:
        return f"The storm hits {REGION_NAMES[t]} this turn; the Fortification shelters the troops."
    return f"The storm hits {REGION_NAMES[t]} this turn: a Fortification would shelter the troops."


# What each construction does for the side that controls it (R3, R7, R11): the words of its option.
CONSTRUCTION_USES = {
    FORTIFICATION: "kills an attacker, shelters from the storm",
    HARVESTER: "+2 spice each turn",
    ORNITHOPTER: "troops fly from it to any target",
}


def alliance_text(state, seat: int) -> str:
    """What an alliance changes for `seat` this turn (R5, R6, R11): no battle between allies, whose dice recruit
    for whom, the win they would share (and, for the side asked, how near it is)."""
    needed = q.alliance_needed()
    if state.phase == "alliance":
        return f"Allies this turn: no battle, its dice recruit for it; win together in {needed} strategic regions."
    symbol, me = state.proposal[1], state.seat_faction[seat]
    dice = "your dice recruit" if symbol == me else (
        f"{FACTION_NAMES[symbol]} dice recruit for you" if symbol >= 0 else "no recruiting")
    held = q.held_alone(state, 1 << state.active_faction | 1 << me)
    return f"Allied: no battle, {dice}; win together in {needed} strategic regions ({held} now)."


def absent_text(state) -> str:
    """The faction dice showing a faction nobody plays in this game: they recruit for nobody (R6), unless the
    Tleilaxu take their symbol (the Axolotl, or as an ally: R13)."""
    absent = sorted({f for f in (state.dice[d] for d in FACTION_DICE) if f >= 0 and not state.in_play(f)})
    if not absent:
        return ""
    names = ", ".join(FACTION_NAMES[f] for f in absent)
    if state.in_play(TLEILAXU):
        return f"{names}: not in this game; only the {FACTION_NAMES[TLEILAXU]} may recruit with these dice."
    return f"{names}: not in this game; {'this die does' if len(absent) == 1 else 'these dice do'} nothing."


def consequences(state, seat: int) -> list[str]:
    """What `seat`'s decision now will lead to, a short line each (its view is enough)."""
    phase = state.phase
    faction = state.seat_faction[seat] if 0 <= seat < state.n else -1
    if phase == "roll":
        if not q.spice_this_turn(state).known:
            return [line for line in ("Spice and storm: keep the spice die to see.", absent_text(state)) if line]
        lines = [spice_text(state), storm_text(state, faction)]
        if state.kept >> KANLY_DIE & 1:
            lines.append(kanly_text(state))
        lines.append(absent_text(state))
        return [line for line in lines if line]
    if phase == "kanly":
        return [kanly_text(state) or decision_line(state, seat)]
    if phase in ("land", "ally_land"):
        return [f"Spice left to land with: {q.spice_now(state)}."]
    if phase in ("alliance", "alliance_answer"):
        return [alliance_text(state, seat)]
    if phase == "consent":
        return [f"Consenting lets the {FACTION_NAMES[state.active_faction]} land beside you in "
                f"{_regions(q.consent_regions(state))} (allies never battle)."]
    if phase == "construct":
        return [line for line in (construction_text(state), storm_text(state, faction)) if line][:1]
    line = decision_line(state, seat)  # what the other decisions change (explain.py)
    return [line] if line else []


def _knot_text(state, gain) -> str:
    if gain.faction == CORRINO:
        return f"CHOAM: up to {gain.amount} stored spice" if gain.useful else "CHOAM: no stored spice now"
    useful = {
        "Honourable Duel": "a leader duel sends your losses to the card",
        "Infiltration": "you ignore Fortifications in battle",
        "Worm Riding": "your troops move in from anywhere",
        "Gholas": "1 spice brings your leader back",
        "Evacuation": "storm and idle battle losses go to your card",
        "Rats Flee": "you may target any empty region",
    }
    idle = {
        "Infiltration": "no Fortification on the map",
        "Worm Riding": "no Shai-Hulud this turn",
        "Gholas": "your leader is on your card",
        "Rats Flee": "no empty region",
    }
    return f"{gain.knot}: {useful[gain.knot] if gain.useful else idle[gain.knot]}"


def action_hint(state, action) -> str:
    """What one option does beyond its name ("" when nothing to add): the spice left after a landing,
    the ally's knot ability for a proposal, how many troops can move into a target, the coming storm for a
    construction, else what a construction does; a Kanly target of your own side says so."""
    kind = action[0]
    if kind == "propose":
        gain = q.ally_gain(state, action[1])
        return _knot_text(state, gain) if gain is not None else "no alliance ability"
    if kind == "target":  # R9: whether any of the active player's troops can move in (without Worm Riding)
        me = state.active_faction
        n = sum(state.troops_of(r, me) for r in q.neighbours(state, action[1]) if r != action[1])
        return f"{n} of your troops can move in" if n else "none of your troops can reach it"
    if kind in ("land", "ghola", "hire_leader"):
        return f"{q.spice_now(state) - q.landing_cost(state, action)} left"
    if kind == "build" and state.target >= 0 and q.storm_harms(state, state.target):
        if action[1] == ORNITHOPTER:  # it takes the place of any Fortification there
            return "the storm destroys it"
        if action[1] == FORTIFICATION:
            return "shelters the troops from the storm"
    if kind == "build":
        return CONSTRUCTION_USES[action[1]]
    if kind == "kanly" and UNIT_OWNER[action[2]] in (state.active_faction, state.ally):  # R7: any troop on the map
        whose = "yours" if UNIT_OWNER[action[2]] == state.active_faction else "your ally's"
        return f"{whose}: the rules allow any troop"
    return ""
