"""The order of play: which rule decides now, and what comes after it.

The rules modules' `enter`, `legal` and `apply` strung together in the rulebook's order (ORDRE DU TOUR)
as one `games.flow.Flow` (which runs every game's order the same way).
"""

from __future__ import annotations

from ..flow import Flow
from . import payloads as pl
from .data import ATREIDES, FACTION_NAMES, FREMEN, HARKONNEN, SMUGGLERS
from .events import emit
from .rules import alliance, battle, construction, dice, kanly, landing, movement, recruitment, setup, storm, victory

# phase -> (step it belongs to, legal, apply)
PHASES = {
    "choose_faction": ("factions", setup.legal_choose, setup.apply_choose),
    "setup_atreides": ("setup_atreides", setup.legal_region_choice, setup.apply_atreides),
    "setup_harkonnen": ("setup_harkonnen", setup.legal_region_choice, setup.apply_harkonnen),
    "setup_prediction": ("setup_prediction", setup.legal_predict, setup.apply_predict),
    "roll": ("roll", dice.legal_roll, dice.apply_roll),
    "piter": ("piter", dice.legal_piter, dice.apply_piter),
    "axolotl": ("axolotl", dice.legal_axolotl, dice.apply_axolotl),
    "alliance": ("alliance", alliance.legal_propose, alliance.apply_propose),
    "alliance_answer": ("alliance", alliance.legal_answer, alliance.apply_answer),
    "share": ("recruitment", recruitment.legal_share, recruitment.apply_share),
    "recruit": ("recruitment", recruitment.legal_recruit, recruitment.apply_recruit),
    "ally_recruit": ("recruitment", recruitment.legal_ally_recruit, recruitment.apply_ally_recruit),
    "kanly": ("kanly", kanly.legal, kanly.apply),
    "worm_harvester": ("landing", landing.legal_harvester, landing.apply_harvester),
    "gift": ("landing", landing.legal_gift, landing.apply_gift),
    "consent": ("landing", landing.legal_consent, landing.apply_consent),
    "land": ("landing", landing.legal_land, landing.apply_land),
    "ally_land": ("landing", landing.legal_ally_land, landing.apply_ally_land),
    "target": ("movement", movement.legal_target, movement.apply_target),
    "move": ("movement", movement.legal_move, movement.apply_move),
    "ally_move": ("movement", movement.legal_ally_move, movement.apply_ally_move),
    "battle_order": ("battle", battle.legal_order, battle.apply_order),
    "fort_loss": ("battle", battle.legal_fort_loss, battle.apply_fort_loss),
    "face_dancers": ("battle", battle.legal_face_dancers, battle.apply_face_dancers),
    "offer_leader": ("battle", battle.legal_offer, battle.apply_offer),
    "commit": ("battle", battle.legal_commit, battle.apply_commit),
    "construct": ("construction", construction.legal, construction.apply),
}

# The steps of a turn after the dice roll, in order (1. is the roll itself).
TURN_STEPS = (
    ("piter", dice.enter_piter),
    ("axolotl", dice.enter_axolotl),
    ("alliance", alliance.enter),
    ("recruitment", recruitment.enter),
    ("kanly", kanly.enter),
    ("landing", landing.enter),
    ("movement", movement.enter),
    ("battle", battle.enter),
    ("construction", construction.enter),
)
# After a setup decision, the faction setups continue from this faction.
_SETUP_RESUME = {"setup_atreides": HARKONNEN, "setup_harkonnen": FREMEN, "setup_prediction": SMUGGLERS}


def start_game(state) -> None:
    setup.roll_storm_and_place_constructions(state)
    if not setup.deal_or_fix_factions(state):
        _after_factions(state)


def _after_factions(state) -> None:
    setup.fill_reserves(state)
    if not setup.run_setups_from(state, ATREIDES):
        _start_turn(state)


def _start_turn(state) -> None:
    state.turn += 1
    for name, value in _TURN_RESET:
        setattr(state, name, value)
    if state.events is not None:  # (a search does not record: skip the words)
        emit(state, pl.TurnStart, "Round {round}: {faction} to play.", round=state.round,
             faction=FACTION_NAMES[state.active_faction], seat=state.active, faction_id=state.active_faction)
    dice.start(state)


_TURN_RESET = (
    ("kept", 0), ("used_dice", 0), ("axolotl", -1), ("ally", -1), ("proposal", (-1, -1)), ("share", -1),
    ("spice_die", 0), ("spice_other", 0), ("guild_paid", False), ("landed_out", 0), ("consent", False),
    ("ally_budget", 0), ("target", -1), ("rats_flee", False), ("battles", ()), ("b_loc", -1), ("b_def", -1),
    ("b_offers", 0), ("b_queue", ()), ("b_commits", (None, None)),
)


def _end_turn(state):
    storm.run(state)
    return victory.end_turn(state)


def _setups_from(faction: int):
    def resume(state) -> None:
        if not setup.run_setups_from(state, faction):
            _start_turn(state)
    return resume


FLOW = Flow(PHASES, TURN_STEPS, first_step="roll", start_turn=_start_turn, end_turn=_end_turn, over="over",
            emit=emit, game_over=pl.GameOver,
            resume={"factions": _after_factions} | {step: _setups_from(f) for step, f in _SETUP_RESUME.items()})
legal, apply, step_done = FLOW.legal, FLOW.apply, FLOW.step_done
