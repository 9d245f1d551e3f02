"""Dune Express, the dice game Dune: The Dice Game grew from, behind the first game's verbs.
See docs/EXPRESS.md for its rules as played here and the rulings X1, X2, ..."""

from ..errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from ..verbs import as_action
from .api import (
    AGREE_END,
    DEFAULT_WINNER,
    HIDDEN,
    apply,
    determinize,
    end_offered,
    end_refused,
    final_view,
    is_simultaneous,
    legal_actions,
    new_game,
    observation_key,
    opening_events,
    public_note,
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
from .rules.victory import Result
from .state import State

__all__ = [
    "AGREE_END", "DEFAULT_WINNER", "HIDDEN", "PARAMETERS", "VARIANTS", "DuneError", "Event", "GameOver",
    "HiddenInformation", "IllegalAction", "NotYourTurn", "Options", "OptionsError", "Result", "State", "apply",
    "as_action", "available_houses", "available_sides", "determinize", "end_offered", "end_refused", "final_view",
    "house_id", "is_simultaneous", "legal_actions", "new_game", "observation_key", "opening_events", "options_from",
    "public_note", "returns", "side_id", "variants_in_words", "view", "with_variants",
]
