"""Dune Express, the dice game Dune: The Dice Game grew from, behind the first game's verbs.
See docs/EXPRESS.md for its rules as played here and the rulings X1, X2, ..."""

from .. import base
from ..errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from .api import (
    AGREE_END,
    HIDDEN,
    apply,
    determinize,
    end_offered,
    end_refused,
    final_view,
    legal_actions,
    new_game,
    returns,
    view,
)
from .events import Event
from .options import (
    PARAMETERS,
    VARIANTS,
    Options,
    available_houses,
    available_sides,
    house_id,
    options_from,
    side_id,
    variants_in_words,
    with_variants,
)
from .state import Result, State

__all__ = [
    "AGREE_END", "HIDDEN", "PARAMETERS", "VARIANTS", "DuneError", "Event", "GameOver", "HiddenInformation",
    "IllegalAction", "NotYourTurn", "Options", "OptionsError", "Result", "State", "apply", "available_houses",
    "available_sides", "determinize", "end_offered", "end_refused", "final_view", "house_id", "legal_actions",
    "new_game", "options_from", "returns", "side_id", "variants_in_words", "view", "with_variants",
]

__getattr__ = base.defaults(__name__)  # is_simultaneous, public_note, observation_key...: the contract's defaults
