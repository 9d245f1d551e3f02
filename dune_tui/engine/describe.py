"""Plain English for decisions: what is being asked (`prompt`) and each option (`action_text`)."""

from __future__ import annotations

from .data import (
    CONSTRUCTION_A,
    FACTION_NAMES,
    LEADER_NAMES,
    REGION_NAMES,
    UNIT_A,
    UNIT_NAMES,
    UNIT_OWNER,
)
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
    "construct": "Rebuild the construction in the target?",
}


def prompt(state, seat: int) -> str:
    """What `seat` is asked now ("" when nothing)."""
    if seat not in state.awaiting:
        return ""
    text = PROMPTS.get(state.phase, state.phase)
    if state.phase == "alliance_answer":
        text = f"The {FACTION_NAMES[state.active_faction]} propose an alliance for this turn"
    if state.phase in ("commit", "fort_loss", "face_dancers", "offer_leader") and state.b_loc >= 0:
        text += f" — battle in {REGION_NAMES[state.b_loc]}"
    return text


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
    if kind == "ghola":
        return f"Gholas: pay 1 spice, {LEADER_NAMES[state.active_faction]} returns to the card"
    fixed = {
        "done": "Done", "pass": "Pass", "no_alliance": "No alliance", "accept": "Accept", "decline": "Decline",
        "poison": "Turn the Kanly die to Poison", "consent": "Consent", "refuse": "Refuse",
        "offer": "Offer the leader", "no_offer": "Keep the leader", "demolish": "Demolish it",
        "hire_leader": "Pay 2 spice for Esmar Tuek",
    }
    return fixed.get(kind, repr(action))
