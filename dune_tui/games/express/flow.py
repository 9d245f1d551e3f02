"""The order of a turn (TAH HRÁČE): roll, traitor die, moving troops, battle, then the end of the turn.

Each rules module offers `enter(state) -> bool` (True: a decision is awaited) and, per decision phase,
`legal(state, seat)` and `apply(state, seat, action) -> bool` (True: that step is over).
"""

from __future__ import annotations

from . import payloads as pl
from .data import HOUSE_NAMES
from .events import emit
from .rules import battle, deploy, dice, fortress, setup, traitor, victory

# phase -> (step, legal, apply)
PHASES = {
    "predict": ("setup", setup.legal_predict, setup.apply_predict),
    "foresight": ("roll", dice.legal_foresight, dice.apply_foresight),
    "roll": ("roll", dice.legal_roll, dice.apply_roll),
    "foresight_change": ("turn_die", dice.legal_turn, dice.apply_turn),
    "ruthlessness": ("turn_die", dice.legal_turn, dice.apply_turn),
    "monopoly": ("turn_die", dice.legal_turn, dice.apply_turn),
    "traitor": ("traitor", traitor.legal_traitor, traitor.apply_traitor),
    "block": ("traitor", traitor.legal_block, traitor.apply_block),
    "fortress": ("tactical", fortress.legal, fortress.apply),
    "atomic": ("tactical", fortress.legal, fortress.apply),
    "storm": ("tactical", fortress.legal, fortress.apply),
    "assignment": ("tactical", fortress.legal, fortress.apply),
    "deploy": ("deploy", deploy.legal_deploy, deploy.apply_deploy),
    "wormride": ("wormride", deploy.legal_wormride, deploy.apply_wormride),
    "desert_power": ("battle", battle.legal_desert_power, battle.apply_desert_power),
}

# The steps of a turn after the roll, in order.
STEPS = (
    ("turn_die", dice.enter_turn),
    ("traitor", traitor.enter),
    ("tactical", fortress.enter),  # X30: the tactical die after the traitor die, before moving troops
    ("deploy", deploy.enter),
    ("wormride", deploy.enter_wormride),
    ("battle", battle.enter),
)
_AFTER = {name: i + 1 for i, (name, _) in enumerate(STEPS)} | {"roll": 0}

_TURN_RESET = (("kept", 0), ("skipped", -1), ("spice", 0), ("symbols", 0), ("target", -1),
               ("traitor", (-1, -1, -1)), ("battles", ()), ("boost", -1), ("assigned", 0))


def start_game(state) -> None:
    if not setup.setup(state):
        start_turn(state)


def start_turn(state) -> None:
    state.turn += 1
    for name, value in _TURN_RESET:
        setattr(state, name, value)
    emit(state, pl.TurnStart, "Round {round}: the {house} to play.", round=state.round,
         house=HOUSE_NAMES[state.active_house], seat_id=state.active, house_id=state.active_house)
    dice.enter(state)


def step_done(state, step: str) -> None:
    """Run the steps after `step` until one awaits a decision or the turn ends."""
    if step == "setup":
        start_turn(state)
        return
    for _, enter in STEPS[_AFTER[step]:]:
        if enter(state):
            return
    result = victory.end_turn(state)
    if result is not None:
        state.result, state.phase, state.awaiting = result, "over", ()
        emit(state, pl.GameOver, "{text}", text=result.text, winners=result.winners, reason=result.reason)
        return
    state.active = (state.active + 1) % state.n
    if state.active == state.first:
        state.round += 1
    start_turn(state)


def legal(state, seat: int) -> list:
    return PHASES[state.phase][1](state, seat)


def apply(state, seat: int, action) -> None:
    step, _, apply_fn = PHASES[state.phase]
    if apply_fn(state, seat, action):
        step_done(state, step)
