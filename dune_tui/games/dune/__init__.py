"""The rules engine: pure, deterministic from a seed, no I/O.  See docs/ENGINE.md."""

from ..errors import DuneError, GameOver, HiddenInformation, IllegalAction, NotYourTurn, OptionsError
from . import queries
from .api import (
    AGREE_END,
    HIDDEN,
    apply,
    as_action,
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
from .options import Options, available_factions, faction_id, random_seed
from .rules.victory import Result
from .state import NU, SEALED, State

__all__ = [
    "AGREE_END",
    "HIDDEN",
    "NU",
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
    "determinize",
    "end_offered",
    "faction_id",
    "legal_actions",
    "new_game",
    "observation_key",
    "opening_events",
    "queries",
    "random_seed",
    "returns",
    "view",
]
