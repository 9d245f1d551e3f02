"""One way to start a game: `new`, `host`, `sim`, the new-game screen and the lobby's Host a table build a game from
the same parameters through `new_game` (the options alone through `game_options`).

    spec = GameSpec(rules="express", seats=["human", "user:alice"], variant="houses")   # or spec_from_args(args)
    session = new_game(spec)                      # ValueError: a sentence saying what does not fit
"""

from __future__ import annotations

import argparse

import msgspec

from .games import GAMES, game_named

DEFAULT_PLAYERS = 4  # a newcomer alone against three bots sees the whole game: alliances need four (R5)


class GameSpec(msgspec.Struct, kw_only=True):
    """A new game's parameters, as `dune-tui new` and the new-game screen take them."""

    rules: str = "dune"
    players: int | None = None  # None: the number of seats or factions given if 2 or more, else DEFAULT_PLAYERS
    seats: list[str] = []  # human, user:LOGIN or a bot spec, in play order; the rest are the default bot
    seed: int | None = None  # None: 128 bits from the OS
    factions: tuple[str, ...] | None = None  # faction keys (Dune Express: house keys), one per seat
    faction_choice: str = "random"  # the first game's only
    face_dancers: str = "dice"  # the first game's only
    variant: str = ""  # Dune Express's only
    hints: bool = True
    bots_secret: int | None = None  # seeds the bots (Session.bots_secret); None: a new secret from the OS


def add_rule_set_arguments(parser: argparse.ArgumentParser) -> None:
    """`--rules dune|express` and `--variant LIST`, as `new` and `host` take them."""
    parser.add_argument("--rules", choices=tuple(GAMES), default="dune",
                        help="dune (Dune: The Dice Game, default) or express (Dune Express, 2 to 6 players; "
                             "--faction then names houses: harkonnen fremen corrino bg atreides guild)")
    parser.add_argument("--variant", default="", metavar="LIST",
                        help="Dune Express modifications, comma-separated: houses, shorter[:ROUNDS], tiebreak, "
                             "thumper, defence:none|limited, fortresses, snooper:N, shield:N, trance:N, thumper:N "
                             "(token counts)")


def spec_from_args(args: argparse.Namespace) -> GameSpec:
    """The spec `dune-tui new` (or `host`) was given."""
    return GameSpec(rules=getattr(args, "rules", "dune"), players=args.players, seats=list(args.seat),
                    seed=args.seed, factions=tuple(args.faction) if args.faction else None,
                    faction_choice=args.faction_choice, face_dancers=args.face_dancers,
                    variant=getattr(args, "variant", ""), hints=args.hints)


def game_options(rules: str, players: int, seed: int, factions: tuple[str, ...] | None = None,
                 faction_choice: str = "random", face_dancers: str = "dice", variant: str = ""):
    """The engine's options of a game of `rules` (OptionsError: a sentence)."""
    if rules == "dune":
        from .games.dune import Options

        return Options(players=players, seed=seed, faction_choice=faction_choice, face_dancers=face_dancers,
                       factions=factions)
    return game_named(rules).engine.with_variants(variant, players=players, seed=seed, houses=factions)


def _seats(spec: GameSpec, players: int) -> list[str]:
    from ai import AgentSpecError, parse_spec

    from .ui.seats import default_bot, human_spec

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
    from .games.dune import OptionsError, random_seed
    from .session import Session
    from .ui.seats import seat_config

    rules = game_named(spec.rules)
    if rules.name == "dune" and spec.variant:
        raise ValueError("--variant is for --rules express (Dune Express's modifications)")
    if rules.name != "dune" and (spec.faction_choice != "random" or spec.face_dancers != "dice"):
        raise ValueError("--faction-choice and --face-dancers are the first game's; Dune Express deals its "
                         "houses at random unless --faction names them")
    players = spec.players
    if players is None:
        given = max(len(spec.seats), len(spec.factions or ()))
        players = given if given >= 2 else DEFAULT_PLAYERS
    if players not in rules.players:
        where = "" if rules.name == "dune" else f" for {rules.title}"
        raise ValueError(f"--players must be {min(rules.players)} to {max(rules.players)}{where}, not {players}")
    seats = _seats(spec, players)
    if spec.factions and len(spec.factions) != players:
        raise ValueError(f"give one --faction{'' if rules.name == 'dune' else ' (house)'} per seat ({players}), "
                         "or none")
    seed = random_seed() if spec.seed is None else spec.seed  # 128 bits from the OS: the dice cannot be worked out
    try:
        options = game_options(rules.name, players, seed, spec.factions, spec.faction_choice, spec.face_dancers,
                               spec.variant)
    except OptionsError as e:
        raise ValueError(str(e)) from None
    secret = random_seed() if spec.bots_secret is None else spec.bots_secret  # its own 128 bits, not the dice seed
    return Session(options, [seat_config(s) for s in seats], bots_secret=secret, hints_allowed=spec.hints)
