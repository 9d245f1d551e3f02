"""One way to start a game: `new`, `host`, `sim`, the new-game screen and the lobby's Host a table build a game from
the same parameters through `new_game` (the options alone through `game_options`).

    spec = GameSpec(rules="express", seats=["human", "user:alice"], variant="houses")   # or spec_from_args(args)
    session = new_game(spec)                      # ValueError: a sentence saying what does not fit
"""

from __future__ import annotations

import argparse
import functools

import msgspec

from .games import DEFAULT, GAMES, game_named
from .games.rng import random_seed
from .seats import default_bot, human_spec, seat_config


def game_parameters() -> dict:
    """Each game's own parameters (its engine's `PARAMETERS`: `games.base.Parameter`s), by name, in the registry's
    order; a name two games take is one parameter (the first game's declaration).  It loads every game's engine, so
    it is asked only when a game is made or a command line built (playing the first game loads no other)."""
    return _parameters(tuple(GAMES))


@functools.cache
def _parameters(names: tuple[str, ...]) -> dict:  # (by the games registered: a game may register late)
    out = {}
    for name in names:
        for parameter_name, parameter in GAMES[name].engine.PARAMETERS.items():
            out.setdefault(parameter_name, parameter)
    return out


def _not_given(name: str):
    return game_parameters()[name].default


class _Common(msgspec.Struct, kw_only=True):
    """A new game's parameters, as `dune-tui new` and the new-game screen take them: these, common to every game,
    and each game's own (`game_parameters()`), which `new_game` refuses for another game than theirs."""

    rules: str = DEFAULT
    players: int | None = None  # None: the number of seats or factions given if 2 or more, else the game's default
    seats: list[str] = []  # human, user:LOGIN or a bot spec, in play order; the rest are the default bot
    seed: int | None = None  # None: 128 bits from the OS
    factions: tuple[str, ...] | None = None  # side keys (faction or house keys), one per seat
    hints: bool = True
    bots_secret: int | None = None  # seeds the bots (Session.bots_secret); None: a new secret from the OS


def _game_spec() -> type:
    return _spec_of(tuple(game_parameters().items()))


@functools.cache
def _spec_of(parameters: tuple) -> type:
    spec = msgspec.defstruct("GameSpec", [(name, p.type, p.default) for name, p in parameters], bases=(_Common,),
                             kw_only=True, module=__name__)
    spec.__doc__ = _Common.__doc__
    return spec


def __getattr__(name: str):
    """`GameSpec`: `_Common`'s fields and each game's own parameters as fields, made when first asked for."""
    if name == "GameSpec":
        return _game_spec()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def games_help() -> str:
    """The games `--rules` chooses from, in words: "dune (Dune: The Dice Game, default) or express (...)"."""
    return " or ".join(f"{g.name} ({g.title}{', default' if g.is_default else ''})" for g in GAMES.values())


def players_help() -> str:
    """How many players each game takes, in words: "dune: 2 to 8, express: 2 to 6"."""
    return ", ".join(f"{g.name}: {min(g.players)} to {max(g.players)}" for g in GAMES.values())


def sides_help() -> str:
    """The side keys `--faction` takes, by game: "dune's factions: atreides ...; express's houses: ..."."""
    return "; ".join(f"{g.name}'s {g.side_word}s: {' '.join(g.side_keys)}" for g in GAMES.values())


def add_rule_set_arguments(parser: argparse.ArgumentParser) -> None:
    """`--rules NAME` and each game's own parameters (`--variant LIST`, `--face-dancers`...), as `new` and `host`
    take them (`--rules` None: not given, the default game)."""
    parser.add_argument("--rules", choices=tuple(GAMES), default=None, help=games_help())
    add_parameter_arguments(parser, game_parameters())


def add_parameter_arguments(parser: argparse.ArgumentParser, parameters: dict) -> None:
    """A flag for each of the games' `parameters` (`game_parameters()` or some of them), as its `Parameter` says."""
    for name, p in parameters.items():
        parser.add_argument(p.flag(name), dest=name, default=p.default, choices=p.choices, metavar=p.metavar,
                            type=p.type, help=p.help)


def spec_from_args(args: argparse.Namespace):
    """The `GameSpec` `dune-tui new` (or `host`) was given."""
    return _game_spec()(rules=getattr(args, "rules", None) or DEFAULT, players=args.players, seats=list(args.seat),
                    seed=args.seed, factions=tuple(args.faction) if args.faction else None, hints=args.hints,
                    **{name: getattr(args, name, _not_given(name)) for name in game_parameters()})


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


def _seats(spec, players: int) -> list[str]:
    from dune_tui.ai import AgentSpecError, parse_spec

    given = [s.strip() if s.strip().startswith(("user:", "key:")) else s.strip().lower() for s in spec.seats]
    if len(given) > players:
        raise ValueError(f"{len(given)} --seat given for {players} players")
    for choice in given:
        if not human_spec(choice):
            try:
                parse_spec(choice)
            except AgentSpecError as e:
                raise ValueError(f"--seat: {e}") from None
    return (given or ["human"]) + [default_bot()] * (players - max(len(given), 1))


def new_game(spec):
    """A new Session from `spec`; ValueError with a sentence when the parameters do not fit."""
    from .games.errors import OptionsError
    from .session import Session

    rules = game_named(spec.rules)
    given = {name: getattr(spec, name) for name in game_parameters() if getattr(spec, name) != _not_given(name)}
    if why := refusal(rules, given):
        raise ValueError(why)
    players = spec.players
    if players is None:
        given_seats = max(len(spec.seats), len(spec.factions or ()))
        players = given_seats if given_seats >= 2 else rules.default_players
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
