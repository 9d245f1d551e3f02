"""The `dune-tui` command.  Each subcommand lives with the code it drives."""

from __future__ import annotations

import argparse
import sys

from . import __version__, saves, sim, ui


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dune-tui", description="Dune: The Dice Game in your terminal.")
    parser.add_argument("--version", action="version", version=f"dune-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim.add_parser(sub)
    ui.add_parsers(sub)
    saves.add_parsers(sub, play=ui.run_session)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", ui.run_default)
    try:
        return func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
