"""Dune Express options: the player count, the seed, the houses and the modifications played."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..base import Parameter
from ..errors import OptionsError
from .data import BENE_GESSERIT, BOX_TOKENS, HOUSE_KEYS, HOUSE_NAMES, THUMPER, TOKEN_KEYS, TRUTH_TRANCE


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a game of Dune Express is set up.

    players: 2-6.  Seats are numbered clockwise; the first player is rolled for (PŘÍPRAVA HRY).
    seed: the dice (see `dune_tui.games.rng`); the same options and decisions replay the same game.
    houses: each seat's house key, or None to deal them at random.
    abilities: the houses' special abilities (SPECIÁLNÍ VLASTNOSTI RODŮ).
    round_limit: the Shorter Game's last round (0: no limit, KRATŠÍ HRA; dune-tui still stops the game after round
        999, X27).
    ending: at the round limit, "nobody" wins (the text's main ending) or the "tiebreak" (its alternative: the
        most territories, then units, then the spice die; X26); also at the Bene Gesserit's 20 rounds (X14).
    thumper: the Thumper modification (its traitor die and tokens).
    defence: the defence tokens: "full" (one of each per player), "limited" (one of each), "none".
    tokens: the supply's count of each token (Snooper, Shield, Truth Trance, Thumper) chosen by the players,
        0 to the box's 6; -1: as `defence` says (X28).
    fortresses: the fortress modification (its tactical die, fortresses, the storm: X19, X29-X35).
    """

    rules: Literal["express"] = "express"
    players: int = 4
    seed: int = 0
    houses: tuple[str, ...] | None = None
    abilities: bool = False
    round_limit: int = 0
    ending: Literal["nobody", "tiebreak"] = "nobody"
    thumper: bool = False
    defence: Literal["full", "limited", "none"] = "full"
    tokens: tuple[int, int, int, int] = (-1, -1, -1, -1)
    fortresses: bool = False
    dice: Literal["keyed", "splitmix"] = "keyed"

    def __post_init__(self) -> None:
        validate(self)


def house_id(name: str) -> int:
    """A house id from its key or name (any case), or a unique prefix of either."""
    key = name.strip().lower()
    names = [n.lower() for n in HOUSE_NAMES]
    for i, (k, n) in enumerate(zip(HOUSE_KEYS, names)):
        if key in (k, n):
            return i
    found = [i for i, (k, n) in enumerate(zip(HOUSE_KEYS, names)) if key and (k.startswith(key) or n.startswith(key))]
    if len(found) == 1:
        return found[0]
    raise OptionsError(f"unknown house {name!r}; choose from {', '.join(HOUSE_KEYS)}")


def available_houses(players: int, abilities: bool) -> tuple[int, ...]:
    """The houses a game may deal: no Bene Gesserit with 2 players and the abilities (X3)."""
    return tuple(h for h in range(6) if not (h == BENE_GESSERIT and abilities and players == 2))


# What a new game's parameters (dune_tui.game_spec.GameSpec, `dune-tui new`'s flags) say beyond the players, the
# seed and the sides: the ones this game takes, each with the value that means "not given".
PARAMETERS = {
    "variant": Parameter("", metavar="LIST",
                         help="Dune Express modifications, comma-separated: houses, shorter[:ROUNDS], tiebreak, "
                              "thumper, defence:none|limited, fortresses, snooper:N, shield:N, trance:N, thumper:N "
                              "(token counts)"),
}


def options_from(players: int, seed: int, sides: tuple[str, ...] | None = None, *, variant: str = "") -> Options:
    """The options of a new game from its parameters (OptionsError: a sentence); `sides`: house keys by seat,
    `variant`: the modifications as `--variant` spells them (`with_variants`)."""
    return with_variants(variant, players=players, seed=seed, houses=sides)


def available_sides(options: Options) -> tuple[int, ...]:
    """The houses a game of these options may deal (X3)."""
    return available_houses(options.players, options.abilities)


side_id = house_id  # a side (house) id from its key or name


def variants_in_words(options: Options) -> str:
    """The modifications these options play, as `--variant` spells them ("" for none)."""
    o = options
    parts = ["houses"] * o.abilities + [f"shorter:{o.round_limit}"] * bool(o.round_limit)
    parts += ["thumper"] * o.thumper + [f"defence:{o.defence}"] * (o.defence != "full")
    return ",".join(parts)


def validate(o: Options) -> None:
    if type(o.players) is not int or not 2 <= o.players <= 6:
        raise OptionsError(f"Dune Express is for 2 to 6 players, not {o.players!r}")
    if type(o.round_limit) is not int or not 0 <= o.round_limit <= 999:
        raise OptionsError(f"the round limit must be 0 (none) to 999, not {o.round_limit!r}")
    _validate_tokens(o)
    if o.houses is None:
        return
    if len(o.houses) != o.players:
        raise OptionsError(f"{len(o.houses)} houses given for {o.players} players")
    ids = [house_id(h) for h in o.houses]
    if len(set(ids)) != len(ids):
        raise OptionsError("a house can be played by one seat only")
    if any(h not in available_houses(o.players, o.abilities) for h in ids):
        raise OptionsError("the Bene Gesserit cannot play a 2-player game with the houses' abilities")


def _validate_tokens(o: Options) -> None:
    """X28: any count of a kind from 0 to the box's 6; none of a kind the game does not use."""
    if len(o.tokens) != 4 or any(type(n) is not int or not -1 <= n <= BOX_TOKENS for n in o.tokens):
        raise OptionsError(f"a token count is 0 to {BOX_TOKENS} (the box's tokens of a kind), not {o.tokens!r}")
    unused = TRUTH_TRANCE if o.thumper else THUMPER
    if o.tokens[unused] > 0:
        raise OptionsError(f"no {TOKEN_KEYS[unused]} tokens " + ("with the Thumper modification" if o.thumper
                                                                  else "without the Thumper modification"))
    if o.defence == "none" and max(o.tokens) > 0:
        raise OptionsError("defence:none removes every token: give counts or defence:none, not both")


def supply_counts(o: Options) -> tuple[int, int, int, int]:
    """The supply at the start: as many of each token as players (full), one (limited) or none (X17); a count
    the players chose replaces its kind's (X28); Truth Trance or Thumper tokens as the traitor die has."""
    each = {"full": o.players, "limited": 1, "none": 0}[o.defence]
    base = (each, each, 0 if o.thumper else each, each if o.thumper else 0)
    return tuple(b if n < 0 else n for b, n in zip(base, o.tokens))


VARIANTS = ("houses, shorter:N, tiebreak, thumper, defence:none|limited, snooper:N, shield:N, trance:N, "
            "thumper:N, fortresses")


def with_variants(text: str, **fields) -> Options:
    """Options from a variant list as the command line spells it: "houses,shorter:20,thumper,defence:none".
    `shorter:N` ends the game after round N with nobody winning (the text's main ending); `tiebreak` adds the
    alternative ending (the most territories wins, X26)."""
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        name, _, value = part.partition(":")
        if name == "houses" and not value:
            fields["abilities"] = True
        elif name == "thumper" and not value:
            fields["thumper"] = True
        elif name == "fortresses" and not value:  # Modifikace PEVNOSTI (X19)
            fields["fortresses"] = True
        elif name in TOKEN_KEYS and value:  # X28: "thumper:2" is the modification with two Thumper tokens
            if not value.isdigit():
                raise OptionsError(f"{name} takes a number of tokens, not {value!r}")
            counts = list(fields.get("tokens", (-1, -1, -1, -1)))
            counts[TOKEN_KEYS.index(name)] = int(value)
            fields["tokens"] = tuple(counts)
            fields["thumper"] = fields.get("thumper", False) or name == "thumper"
        elif name == "shorter":
            if value and not value.isdigit():
                raise OptionsError(f"shorter takes a number of rounds, not {value!r}")
            fields["round_limit"] = int(value or 20)
        elif name == "tiebreak" and not value:  # X26: the Shorter Game's alternative ending
            fields["ending"] = "tiebreak"
        elif name == "defence" and value in ("none", "limited", "full"):
            fields["defence"] = value
        else:
            raise OptionsError(f"unknown variant {part!r}; choose from {VARIANTS}")
    options = Options(**fields)
    if options.ending == "tiebreak" and not (options.round_limit or options.abilities):
        raise OptionsError("tiebreak is the Shorter Game's ending: give a round limit too (shorter:N)")
    return options
