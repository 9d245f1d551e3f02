"""Game options: everything fixed before the first die is rolled."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..base import Parameter
from ..errors import OptionsError
from .data import FACTION_KEYS, FACTION_NAMES, MIN_PLAYERS


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a game is set up.

    players: 2-8.  Seat 0 is the first player; play goes clockwise 0, 1, 2...
    seed: the dice.  The same options and decisions replay the same game.  A game
        nobody may predict takes `random_seed()` (128 bits); a small seed is for tests.
    factions: the faction of each seat (keys such as "atreides"), or None to
        let the seats pick in the rulebook's choice order ("choose") or deal
        them at random ("random").
    face_dancers: the Tleilaxu Face Dancers ability: "dice" (the card) or
        "spice" (the card's variant: 1 spice per replacement), R10.
    dice: the generator behind the seed (see `rng`): "keyed", whose rolls
        nobody can predict without the seed, or "splitmix", for the games
        saved before it (a save without this field).
    """

    players: int = 4
    seed: int = 0
    factions: tuple[str, ...] | None = None
    faction_choice: Literal["choose", "random"] = "random"
    face_dancers: Literal["dice", "spice"] = "dice"
    dice: Literal["keyed", "splitmix"] = "keyed"

    def __post_init__(self) -> None:
        validate(self)




def faction_id(name: str) -> int:
    """A faction id from a key, a name or a letter-insensitive prefix of either."""
    key = name.strip().lower().replace("_", " ").replace("-", " ")
    for i, (k, n) in enumerate(zip(FACTION_KEYS, FACTION_NAMES)):
        if key in (k, n.lower()):
            return i
    matches = [i for i, (k, n) in enumerate(zip(FACTION_KEYS, FACTION_NAMES))
               if k.startswith(key) or n.lower().startswith(key)]
    if len(matches) == 1 and key:
        return matches[0]
    raise OptionsError(f"unknown faction {name!r}; choose from {', '.join(FACTION_KEYS)}")


def available_factions(players: int) -> tuple[int, ...]:
    """R12: the factions a game of this many players may use."""
    return tuple(f for f, least in enumerate(MIN_PLAYERS) if players >= least)


# What a new game's parameters (dune_tui.game_spec.GameSpec, `dune-tui new`'s flags) say beyond the players, the
# seed and the sides: the ones this game takes, each with the value that means "not given".
PARAMETERS = {
    "faction_choice": Parameter("random", choices=("random", "choose"), about_sides=True,
                                help="without --faction: deal factions at random, or let seats choose in the "
                                     "rulebook's order"),
    "face_dancers": Parameter("dice", choices=("dice", "spice"),
                              help="the Tleilaxu Face Dancers: by unused dice (the card) or 1 spice each (variant)"),
}


def options_from(players: int, seed: int, sides: tuple[str, ...] | None = None, *, faction_choice: str = "random",
                 face_dancers: str = "dice") -> Options:
    """The options of a new game from its parameters (OptionsError: a sentence); `sides`: faction keys by seat."""
    return Options(players=players, seed=seed, factions=sides, faction_choice=faction_choice,
                   face_dancers=face_dancers)


def available_sides(options: Options) -> tuple[int, ...]:
    """The factions a game of these options may deal (R12)."""
    return available_factions(options.players)


side_id = faction_id  # a side (faction) id from its key or name


def variants_in_words(options: Options) -> str:
    """The variants these options play, in a few words ("" for none): the Face Dancers' spice variant."""
    return "face dancers: spice" if options.face_dancers == "spice" else ""


def validate(options: Options) -> None:
    if not isinstance(options.players, int) or not 2 <= options.players <= 8:
        raise OptionsError(f"players must be 2 to 8, not {options.players!r}")
    if options.factions is None:
        return
    if len(options.factions) != options.players:
        raise OptionsError(f"{len(options.factions)} factions given for {options.players} players")
    ids = [faction_id(f) for f in options.factions]
    if len(set(ids)) != len(ids):
        raise OptionsError("a faction can be played by one seat only")
    allowed = available_factions(options.players)
    for f in ids:
        if f not in allowed:
            raise OptionsError(f"{FACTION_NAMES[f]} needs at least {MIN_PLAYERS[f]} players (R12)")
