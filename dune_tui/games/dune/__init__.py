"""The rules engine: pure, deterministic from a seed, no I/O.  See docs/ENGINE.md."""

from ..errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from ..rng import random_seed  # a seed nobody can predict
from . import queries
from .api import (
    AGREE_END,
    DEFAULT_WINNER,
    HIDDEN,
    apply,
    as_action,
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
    Options,
    available_factions,
    available_sides,
    faction_id,
    options_from,
    side_id,
    variants_in_words,
)
from .rules.victory import Result
from .state import NU, SEALED, State

__all__ = [
    "AGREE_END",
    "DEFAULT_WINNER",
    "HIDDEN",
    "NU",
    "PARAMETERS",
    "SEALED",
    "DuneError",
    "Event",
    "GameOver",
    "HiddenInformation",
    "IllegalAction",
    "NotYourTurn",
    "Options",
    "OptionsError",
    "Result",
    "State",
    "apply",
    "as_action",
    "available_factions",
    "available_sides",
    "determinize",
    "end_offered",
    "end_refused",
    "faction_id",
    "final_view",
    "is_simultaneous",
    "legal_actions",
    "new_game",
    "observation_key",
    "opening_events",
    "options_from",
    "public_note",
    "queries",
    "random_seed",
    "returns",
    "side_id",
    "variants_in_words",
    "view",
]
