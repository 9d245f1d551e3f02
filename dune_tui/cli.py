"""The `dune-tui` command.  Each subcommand lives with the code it drives."""

from __future__ import annotations

import argparse
import sys

from . import __version__, sim, ui
from .commands import games, host, learn, link, new, review, saves, serve, table
from .game_spec import add_rule_set_arguments


def _parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The `dune-tui` parser and its commands' parsers by name."""
    parser = argparse.ArgumentParser(prog="dune-tui", description="Dune: The Dice Game in your terminal.")
    parser.add_argument("--version", action="version", version=f"dune-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim.add_parser(sub)
    new.add_parsers(sub)
    add_rules_arguments(sub.choices["new"])
    learn.add_parser(sub)
    saves.add_parsers(sub, play=play_session)
    host.add_parsers(sub)
    serve.add_parser(sub)
    table.add_parser(sub)
    link.add_parser(sub)
    review.add_parser(sub)
    games.add_parser(sub)
    return parser, sub.choices


def add_rules_arguments(new: argparse.ArgumentParser) -> None:
    """`dune-tui new --rules express [--variant ...]`: the game, on the terminal game's own `new` (which builds
    any game through `game_spec.new_game`, refusing another game's parameters)."""
    add_rule_set_arguments(new)


def play_session(session, save_dir=None, **how) -> int:
    """Play a session in the terminal game (`dune-tui load`, `new`); exit 2 when a seat is kept for another login."""
    from .net.identity import my_identity

    if why_not := session.kept_for_others(my_identity()):
        print(f"dune-tui: {why_not}", file=sys.stderr)
        return 2
    return ui.run_session(session, save_dir=save_dir, **how)


def build_parser() -> argparse.ArgumentParser:
    return _parsers()[0]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line.  argparse hands a command's unknown arguments up to `dune-tui` itself, which would
    print the top usage: refuse them with the command's own usage and error instead (exit 2)."""
    parser, commands = _parsers()
    args, extras = parser.parse_known_args(argv)
    if extras:
        argv = sys.argv[1:] if argv is None else argv
        after_command = args.command is not None and extras[0] not in argv[:argv.index(args.command)]
        (commands[args.command] if after_command else parser).error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    func = getattr(args, "func", ui.run_default)
    try:
        return func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
