"""The order of a turn (TAH HRÁČE): roll, traitor die, moving troops, battle, then the end of the turn.

The rules modules' `enter`, `legal` and `apply` strung together as one `games.flow.Flow`.
"""

from __future__ import annotations

from ..flow import Flow
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


def _end_turn(state):
    result = victory.end_turn(state)
    if result is None:
        state.active = (state.active + 1) % state.n
        if state.active == state.first:
            state.round += 1
    return result


FLOW = Flow(PHASES, STEPS, first_step="roll", start_turn=start_turn, end_turn=_end_turn, over="over", emit=emit,
            game_over=pl.GameOver, resume={"setup": start_turn})
legal, apply, step_done = FLOW.legal, FLOW.apply, FLOW.step_done
