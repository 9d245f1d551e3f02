"""The rules engine: pure, deterministic from a seed, no I/O.  See docs/ENGINE.md.
What it does as most games do (no end by agreement, its information set as its view encoded...) is the
contract's default (`games.base`)."""

from .. import base
from ..errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from ..rng import random_seed  # a seed nobody can predict
from . import queries
from .api import (
    DEFAULT_WINNER,
    HIDDEN,
    allies,
    apply,
    determinize,
    final_view,
    is_simultaneous,
    legal_actions,
    new_game,
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
from .state import NU, SEALED, Result, State

__all__ = [
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
    "allies",
    "apply",
    "available_factions",
    "available_sides",
    "determinize",
    "faction_id",
    "final_view",
    "is_simultaneous",
    "legal_actions",
    "new_game",
    "options_from",
    "public_note",
    "queries",
    "random_seed",
    "returns",
    "side_id",
    "variants_in_words",
    "view",
]

__getattr__ = base.defaults(__name__)  # AGREE_END, end_offered, observation_key...: the contract's defaults
