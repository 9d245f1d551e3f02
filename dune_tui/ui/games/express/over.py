"""Dune Express's part of the game-over screen (an `Ending`): the final board, and per house its turns,
battles, landings and what it held at the end (from the final view and the events the seat may see)."""

from __future__ import annotations

from collections import Counter

from rich.table import Table

from ....games.express import payloads as pl
from ....games.express.data import UNIT_OWNER
from ...kit.ending import Ending
from .labels import house_label
from .map import ExpressMap


def statistics(history) -> dict[int, Counter]:
    """Per house: turns begun, battles fought (attacking or defending), units landed, units lost."""
    stats: dict[int, Counter] = {}
    for e in history:
        d = e.data
        if isinstance(d, pl.TurnStart):
            stats.setdefault(d.house_id, Counter())["turns"] += 1
        elif isinstance(d, pl.Battle):
            for h, losses in ((d.attacker_id, d.attacker_losses), (d.defender_id, d.defender_losses)):
                stats.setdefault(h, Counter())["battles"] += 1
                stats[h]["lost"] += sum(losses)
        elif isinstance(d, pl.Landed):
            stats.setdefault(UNIT_OWNER[d.unit_id], Counter())["landed"] += 1
        elif isinstance(d, pl.UnitKilled):
            stats.setdefault(UNIT_OWNER[d.unit_id], Counter())["lost"] += 1
    return stats


def statistics_table(over) -> Table:
    state = over.state
    stats = statistics(over.history)
    table = Table(title="Statistics", box=None, padding=(0, 1), title_style="bold", title_justify="left",
                  caption="battles fought, units landed and lost; at the end: units on the board, "
                          "territories held", caption_justify="left", caption_style="dim")
    for col in ("House", "Turns", "Battles", "Landed", "Lost", "Board", "Held"):
        table.add_column(col, justify="left" if col == "House" else "right", no_wrap=True)
    for h in state.seat_house:
        if h < 0:
            continue
        c = stats.get(h, Counter())
        table.add_row(house_label(h, short=True), str(c["turns"]), str(c["battles"]), str(c["landed"]),
                      str(c["lost"]), str(state.on_board(h)), str(state.held(h)))
    return table


ENDING = Ending(side_label=house_label, final_map=ExpressMap, heading="Dune Express, ",
                figures=lambda over: [("stats", statistics_table(over))])
