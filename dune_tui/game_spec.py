"""One way to start a game: `new`, `host`, `sim`, the new-game screen and the lobby's Host a table build a game from
the same parameters through `new_game` (the options alone through `game_options`).

    spec = GameSpec(rules="express", seats=["human", "user:alice"], variant="houses")   # or spec_from_args(args)
    session = new_game(spec)                      # ValueError: a sentence saying what does not fit
"""

from __future__ import annotations

import argparse

import msgspec

from .games import DEFAULT, GAMES, game_named
from .games.rng import random_seed
from .seats import default_bot, human_spec, seat_config

DEFAULT_PLAYERS = 4  # a newcomer alone against three bots sees the whole game: alliances need four (R5)


class GameSpec(msgspec.Struct, kw_only=True):
    """A new game's parameters, as `dune-tui new` and the new-game screen take them."""

    rules: str = DEFAULT
    players: int | None = None  # None: the number of seats or factions given if 2 or more, else DEFAULT_PLAYERS
    seats: list[str] = []  # human, user:LOGIN or a bot spec, in play order; the rest are the default bot
    seed: int | None = None  # None: 128 bits from the OS
    factions: tuple[str, ...] | None = None  # faction keys (Dune Express: house keys), one per seat
    # a game's own parameters (its engine's PARAMETERS say which it takes): new_game refuses another game's
    faction_choice: str = "random"  # the first game's only
    face_dancers: str = "dice"  # the first game's only
    variant: str = ""  # Dune Express's only
    hints: bool = True
    bots_secret: int | None = None  # seeds the bots (Session.bots_secret); None: a new secret from the OS


_COMMON = frozenset({"rules", "players", "seats", "seed", "factions", "hints", "bots_secret"})
GAME_PARAMETERS = tuple(f for f in GameSpec.__struct_fields__ if f not in _COMMON)  # some game's own
_NOT_GIVEN = {f: getattr(GameSpec(), f) for f in GAME_PARAMETERS}


def games_help() -> str:
    """The games `--rules` chooses from, in words: "dune (Dune: The Dice Game, default) or express (...)"."""
    return " or ".join(f"{g.name} ({g.title}{', default' if g.is_default else ''})" for g in GAMES.values())


def add_rule_set_arguments(parser: argparse.ArgumentParser) -> None:
    """`--rules NAME` and `--variant LIST`, as `new` and `host` take them (None: not given, the default game)."""
    parser.add_argument("--rules", choices=tuple(GAMES), default=None,
                        help=f"{games_help()}; with Dune Express, 2 to 6 players, --faction names houses: "
                             "harkonnen fremen corrino bg atreides guild")
    parser.add_argument("--variant", default="", metavar="LIST",
                        help="Dune Express modifications, comma-separated: houses, shorter[:ROUNDS], tiebreak, "
                             "thumper, defence:none|limited, fortresses, snooper:N, shield:N, trance:N, thumper:N "
                             "(token counts)")


def spec_from_args(args: argparse.Namespace) -> GameSpec:
    """The spec `dune-tui new` (or `host`) was given."""
    return GameSpec(rules=getattr(args, "rules", None) or DEFAULT, players=args.players, seats=list(args.seat),
                    seed=args.seed, factions=tuple(args.faction) if args.faction else None,
                    faction_choice=args.faction_choice, face_dancers=args.face_dancers,
                    variant=getattr(args, "variant", ""), hints=args.hints)


def game_options(rules: str, players: int, seed: int, factions: tuple[str, ...] | None = None, **parameters):
    """The engine's options of a game of `rules` from its own `parameters` (OptionsError: a sentence)."""
    return game_named(rules).engine.options_from(players, seed, factions, **parameters)


def refusal(game, given: dict[str, object]) -> str:
    """Why `game` cannot take the parameters `given` ("" if it can): each one it does not take and that is not
    at its value for "not given" is refused, naming the game(s) that take it."""
    for name, value in given.items():
        if name in game.parameters:
            continue
        takers = [g for g in GAMES.values() if name in g.parameters]  # (only here are the other games loaded)
        if all(value == g.parameters[name] for g in takers):
            continue
        own = [n for g in takers for n in g.parameters]
        flags = " and ".join(f"--{n.replace('_', '-')}" for n in dict.fromkeys(own))
        games = " or ".join(f"--rules {g.name} ({g.title})" for g in takers)
        return f"{flags} {'are the options of' if len(own) > 1 else 'is for'} {games} only"
    return ""


def _seats(spec: GameSpec, players: int) -> list[str]:
    from ai import AgentSpecError, parse_spec

    given = [s.strip() if s.strip().startswith("user:") else s.strip().lower() for s in spec.seats]
    if len(given) > players:
        raise ValueError(f"{len(given)} --seat given for {players} players")
    for choice in given:
        if not human_spec(choice):
            try:
                parse_spec(choice)
            except AgentSpecError as e:
                raise ValueError(f"--seat: {e}") from None
    return (given or ["human"]) + [default_bot()] * (players - max(len(given), 1))


def new_game(spec: GameSpec):
    """A new Session from `spec`; ValueError with a sentence when the parameters do not fit."""
    from .games.errors import OptionsError
    from .session import Session

    rules = game_named(spec.rules)
    given = {name: getattr(spec, name) for name in GAME_PARAMETERS if getattr(spec, name) != _NOT_GIVEN[name]}
    if why := refusal(rules, given):
        raise ValueError(why)
    players = spec.players
    if players is None:
        given_seats = max(len(spec.seats), len(spec.factions or ()))
        players = given_seats if given_seats >= 2 else DEFAULT_PLAYERS
    if players not in rules.players:
        where = "" if rules.is_default else f" for {rules.title}"
        raise ValueError(f"--players must be {min(rules.players)} to {max(rules.players)}{where}, not {players}")
    seats = _seats(spec, players)
    if spec.factions and len(spec.factions) != players:
        word = "" if rules.side_word == "faction" else f" ({rules.side_word})"
        raise ValueError(f"give one --faction{word} per seat ({players}), or none")
    seed = random_seed() if spec.seed is None else spec.seed  # 128 bits from the OS: the dice cannot be worked out
    try:
        options = game_options(rules.name, players, seed, spec.factions,
                               **{name: getattr(spec, name) for name in rules.parameters})
    except OptionsError as e:
        raise ValueError(str(e)) from None
    secret = random_seed() if spec.bots_secret is None else spec.bots_secret  # its own 128 bits, not the dice seed
    return Session(options, [seat_config(s) for s in seats], bots_secret=secret, hints_allowed=spec.hints)
