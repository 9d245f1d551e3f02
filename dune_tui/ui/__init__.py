"""The Textual game.  `add_parsers` adds its subcommands to `dune-tui`;
`run_default` is what plain `dune-tui` starts."""

from __future__ import annotations


def add_parsers(sub) -> None:
    """Subcommands of the game itself (`new`, ...)."""


def run_default(args) -> int:
    """Until the Textual game lands: watch one bot-against-bot game."""
    from ai import make_agent

    from ..controller import Controller
    from ..engine import Options

    c = Controller(Options(players=4, seed=7))
    for e in c.opening:
        print(e.text)
    bots = [make_agent("random", seed=s) for s in range(4)]
    while not c.over:
        reqs = c.pending()
        for d in [(r, bots[r.seat].decide(r)) for r in reqs]:
            for batch in c.submit(__import__("dune_tui.controller").controller.Decision(d[0].id, d[0].seat, d[1])):
                if batch.seat == 0:
                    for e in batch.events:
                        print(e.text)
    return 0
