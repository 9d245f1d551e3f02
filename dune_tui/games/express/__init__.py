"""Dune Express, the dice game Dune: The Dice Game grew from, behind the first game's verbs.
See docs/EXPRESS.md for its rules as played here and the rulings X1, X2, ..."""

from ..errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from ..verbs import as_action
from .api import (
    AGREE_END,
    HIDDEN,
    apply,
    determinize,
    end_offered,
    legal_actions,
    new_game,
    observation_key,
    opening_events,
    returns,
    view,
)
from .events import Event
from .options import VARIANTS, Options, available_houses, house_id, with_variants
from .rules.victory import Result
from .state import State

__all__ = [
    "AGREE_END", "HIDDEN", "VARIANTS", "DuneError", "Event", "GameOver", "HiddenInformation", "IllegalAction",
    "NotYourTurn", "Options", "OptionsError", "Result", "State", "apply", "as_action", "available_houses",
    "determinize", "end_offered", "house_id", "legal_actions", "new_game", "observation_key", "opening_events",
    "returns", "view", "with_variants",
]
