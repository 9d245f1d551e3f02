"""The game contract, and what most games answer the same way, declared once (as OpenSpiel's `pyspiel.Game` and
`pyspiel.State` give every game defaults): a game's package states only what differs and ends with

    __getattr__ = base.defaults(__name__)

so that asking its package for a verb it does not state (`engine.is_simultaneous(state)`, or
`from dune_tui.games.NAME import public_note`) gives the default below.  docs/ARCHITECTURE.md lists the contract.

Every game states: `new_game`, `legal_actions`, `apply`, `view`, `determinize`, `returns`, `HIDDEN`, `Options`,
`State`, `Event`, `Result`, `PARAMETERS` and `options_from`, `available_sides`, `side_id` (`REQUIRED`).  The
defaults (`DEFAULTS`): no end by agreement (`AGREE_END` None, `end_offered` False, `end_refused` ""), one seat
choosing at a time (`is_simultaneous` False), no note beside the board (`public_note` None), an end that reveals
nothing more (`final_view` = `view`), a seat's information set as its view encoded (`observation_key`), the setup's
events once (`opening_events`), the neutral core's `as_action`, no variants worth a word (`variants_in_words` ""),
and no side that wins when nobody has (`DEFAULT_WINNER` None).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from . import verbs


@dataclass(frozen=True)
class Parameter:
    """A new game's parameter that a game takes beyond players, seed and sides (its `PARAMETERS`, by name): its
    value when not given, its command-line flag's help, and its choices (None: any text, shown as `metavar`).
    `dune-tui new`'s flags and `GameSpec`'s fields are built from them (anchor: harlequin's adapters declare their
    options and the command line is built from them)."""

    default: str
    help: str
    choices: tuple[str, ...] | None = None
    metavar: str | None = None
    type: type = str
    about_sides: bool = False  # how seats get their sides when none are given: `dune-tui sim` always deals them

    @staticmethod
    def flag(name: str) -> str:
        """The command-line flag of the parameter `name`: "--face-dancers" for face_dancers."""
        return "--" + name.replace("_", "-")


REQUIRED = ("new_game", "legal_actions", "apply", "view", "determinize", "returns", "HIDDEN", "Options", "State",
            "Event", "Result", "PARAMETERS", "options_from", "available_sides", "side_id")


def end_offered(state, seat: int) -> bool:
    """Whether `seat` may propose to end the game by agreement (AGREE_END): never."""
    return False


def end_refused(state, seat: int) -> str:
    """Why `seat` may not propose to end the game by agreement: "" (the game has no such proposal to refuse)."""
    return ""


def is_simultaneous(state) -> bool:
    """Whether the seats awaited choose together, none seeing another's choice: never (one seat at a time)."""
    return False


def public_note(state) -> tuple[int, str] | None:
    """What every seat is told beside the board now, as (the seat it is about, the words): nothing."""
    return None


def variants_in_words(options) -> str:
    """The variants these options play, in a few words: none."""
    return ""


def _final_view(package: str) -> Callable:
    def final_view(state, seat: int):
        """What `seat` sees once the game is over: its view (the end reveals nothing more)."""
        return sys.modules[package].view(state, seat)
    return final_view


def _observation_key(package: str) -> Callable:
    def observation_key(state, seat: int) -> bytes:
        """The identity of `seat`'s information set in `state` (a full state or a view): its view, encoded; two
        states give the same key exactly when `seat` sees the same in both."""
        return verbs.observed(sys.modules[package].view(state, seat))
    return observation_key


DEFAULTS: dict[str, object] = {
    "AGREE_END": None,  # the action that proposes to end by agreement (Dune Express's X36)
    "DEFAULT_WINNER": None,  # the side that wins when nobody has by the last round
    "end_offered": end_offered,
    "end_refused": end_refused,
    "is_simultaneous": is_simultaneous,
    "public_note": public_note,
    "variants_in_words": variants_in_words,
    "opening_events": verbs.opening_events,
    "as_action": verbs.as_action,
}
_OF_THE_GAME = {"final_view": _final_view, "observation_key": _observation_key}  # defaults that ask the game's view


def defaults(package: str) -> Callable[[str], object]:
    """A game package's module `__getattr__`: the contract's default for a name the package does not state."""
    own = {name: make(package) for name, make in _OF_THE_GAME.items()}

    def __getattr__(name: str):
        if name in DEFAULTS:
            return DEFAULTS[name]
        if name in own:
            return own[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


CONTRACT = REQUIRED + tuple(DEFAULTS) + tuple(_OF_THE_GAME)  # every name generic code may ask a game's package
