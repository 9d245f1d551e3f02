"""Plain English for Dune Express decisions: what is asked (`prompt`) and each option (`action_text`)."""

from __future__ import annotations

from .data import BENE_GESSERIT, DIE_NAMES, HOUSE_NAMES, LOCATION_NAMES, N_DICE, TOKEN_NAMES, TRAITOR_DIE, UNIT_OWNER
from .rules.deploy import legal_deploy
from .rules.traitor import blocking_token
from .text import a_or_an, face_text, traitor_names, units_text

PROMPTS = {
    "predict": "Bene Gesserit: secretly mark the round in which a win becomes yours (Manipulation)",
    "foresight": "Foresight: put one die aside unrolled, to turn any one die after the roll?",
    "roll": "Set aside at least one die and reroll the rest, or stop",
    "foresight_change": "Foresight: turn one die to any face?",
    "ruthlessness": "Ruthlessness: turn the traitor die to a traitor?",
    "monopoly": "Monopoly: turn the territory die to any location?",
    "traitor": "Play the traitor on one enemy unit?",
    "block": "A traitor targets your unit: return your token to block it?",
    "fortress": "Fortress: build a fortress where you have a unit",
    "atomic": "Atomics: destroy a fortress?",
    "storm": "Storm: place the storm on a territory (landing there costs 1 spice more)",
    "assignment": "Assignment: move units between the territories you hold (each keeps one)",
    "deploy": "Land troops here (1 spice + 1 house symbol each) or move them here (1 spice each)",
    "wormride": "Wormriding: move up to 5 Fremen from one territory to another?",
    "desert_power": "Desert Power: remove a Fremen elsewhere to make one of yours 2 strong in this battle?",
}


def prompt(state, seat: int) -> str:
    """What `seat` is asked now ("" when nothing)."""
    if seat not in state.awaiting:
        return ""
    text = PROMPTS.get(state.phase, state.phase)
    if state.phase == "block":
        face, loc, _ = state.traitor
        token = TOKEN_NAMES[blocking_token(state, face)]
        text = f"{traitor_names(state)[face]} in {LOCATION_NAMES[loc]}: return your {token} to block it?"
    elif state.phase == "deploy" and state.target == state.storm:
        text += " — the storm is there: landing costs 1 spice more"
    elif state.phase == "desert_power" and state.battles:
        text += f" — battle in {LOCATION_NAMES[state.battles[0]]}"
    return text


def traitor_text(state) -> str:
    """What the traitor's weapon cannot do (X6, X7): who holds the token that blocks it and may give it back to
    save the unit, or that nothing blocks it; the Bene Gesserit out of reach (Mind Reading)."""
    face = state.dice[TRAITOR_DIE]
    weapon, token = traitor_names(state)[face], blocking_token(state, face)
    holders = [HOUSE_NAMES[state.seat_house[s]] for s in range(state.n)
               if token >= 0 and s != state.active and state.holds(s, token)]
    if token < 0:
        text = f"{weapon}: nothing blocks it"
    elif holders:
        text = f"{weapon}: the {' and the '.join(holders)} may block it with {a_or_an(TOKEN_NAMES[token])}"
    else:
        text = f"{weapon}: nobody holds {a_or_an(TOKEN_NAMES[token])} to block it"
    if state.ability(BENE_GESSERIT) and state.house_seat[BENE_GESSERIT] != state.active:
        text += "; the Bene Gesserit are out of reach (Mind Reading)"
    return text + "."


def _dice_set(mask: int) -> str:
    return ", ".join(DIE_NAMES[d] for d in range(N_DICE) if mask >> d & 1)


def done_text(state) -> str:
    """"Done", saying what it leaves unused in a deployment: house symbols and spice still able to land or move
    a unit (X22: the spice left is lost, but the Corrino's store)."""
    if state.phase != "deploy" or state.spice < 1:
        return "Done"
    kinds = {a[0] for a in legal_deploy(state, state.active)}
    can_land, can_move = "land" in kinds, "move" in kinds
    if not (can_land or can_move):
        return "Done"
    symbols = state.symbols if can_land else 0
    left = [f"{symbols} house symbol{'s' if symbols != 1 else ''}"] if symbols else []
    return f"Done: {' and '.join([*left, f'{state.spice} spice'])} unused"


def action_text(state, action) -> str:
    """One option of a decision as a person reads it."""
    kind = action[0]
    if kind == "predict":
        return f"Round {action[1]}"
    if kind == "roll":
        return "Roll every die"
    if kind == "skip":
        return f"Leave the {DIE_NAMES[action[1]]} unrolled"
    if kind == "stop":
        return "Stop: keep every die as it lies"
    if kind == "keep":
        return f"Set aside {_dice_set(action[1] & ~state.kept)}; reroll the rest"
    if kind == "thumper":
        return "Play a Thumper: reroll Shai-Hulud"
    if kind == "turn":
        return f"Turn the {DIE_NAMES[action[1]]} to {face_text(state, action[1], action[2])}"
    if kind == "traitor":
        _, loc, unit = action
        face = traitor_names(state)[state.dice[TRAITOR_DIE]]
        who = HOUSE_NAMES[UNIT_OWNER[unit]] + (" Sardaukar" if unit == 6 else "")
        return f"{face}: {a_or_an(who)} unit in {LOCATION_NAMES[loc]}"
    if kind == "block":
        return "Block it with your token"
    if kind == "allow":
        return "Keep the token; lose the unit"
    if kind == "land":
        return f"Land {units_text(action[1], 1)} in {LOCATION_NAMES[state.target]}"
    if kind == "move":
        return f"Move {units_text(action[2], 1)} from {LOCATION_NAMES[action[1]]} to {LOCATION_NAMES[state.target]}"
    if kind == "fortress":
        return f"Build a fortress in {LOCATION_NAMES[action[1]]}"
    if kind == "atomic":
        return f"Destroy the fortress in {LOCATION_NAMES[action[1]]}"
    if kind == "storm":
        return f"The storm to {LOCATION_NAMES[action[1]]}"
    if kind == "assign":
        _, src, dst, unit = action
        return f"Move {units_text(unit, 1)} from {LOCATION_NAMES[src]} to {LOCATION_NAMES[dst]}"
    if kind == "wormride":
        _, src, dst, k = action
        return f"Ride the worm: {units_text(1, k)} from {LOCATION_NAMES[src]} to {LOCATION_NAMES[dst]}"
    if kind == "desert_power":
        return f"Remove a Fremen troop from {LOCATION_NAMES[action[1]]}"
    if kind == "done":
        return done_text(state)
    if kind == "pass":
        return "Pass"
    if kind == "agree_end":
        return f"End the game by agreement at the end of round {state.round} (X36)"
    return str(action)
