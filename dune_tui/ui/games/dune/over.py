"""The first game's part of the game-over screen (screens/game_over.py): how they won, the final map, a few
statistics, the strategic regions each house held round by round."""

from __future__ import annotations

from collections import Counter

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ....games.dune import NU, payloads
from ....games.dune.data import BENE_GESSERIT, FACTION_NAMES, FACTION_UNITS, STRATEGIC_ORDER, TLEILAXU
from ...kit.ending import Ending
from .labels import faction_label
from .map import MapView

REASONS = {
    "solo": "They held enough strategic regions alone at the end of their turn.",
    "alliance": "Together they held four strategic regions at the end of the turn.",
}


def statistics(session) -> dict[int, Counter]:
    """Per faction: turns, battles won and lost, troops landed, from the game's events (`session.history`).

    A battle counts for both sides' principals, the attacker and the defender (not their helpers)."""
    stats: dict[int, Counter] = {f: Counter() for f in session.state.seat_faction if f >= 0}
    for e in session.history:
        d = e.data
        if isinstance(d, payloads.Reveal):
            for f in (d.attacker_id, d.defender_id):
                if f in stats:
                    stats[f]["won" if f == d.winner_id else "lost"] += 1
        elif isinstance(d, payloads.Landed) and d.faction_id in stats:
            stats[d.faction_id]["landed"] += 1
        elif isinstance(d, payloads.TurnStart) and d.faction_id in stats:
            stats[d.faction_id]["turns"] += 1
    return stats


def board_changes(history) -> list:
    """The history's moves of troops on the map, in order, from the typed payloads: each a list of
    (region, unit, change); and ("round", n) where round n ended. (The setup's troops come before any
    turn: the map at a round's end is the final map with the later changes undone.)"""
    steps: list = []
    battle = -1
    for e in history:
        d = e.data
        if isinstance(d, (payloads.Battle, payloads.Reveal)):
            battle = d.loc
        elif isinstance(d, payloads.Landed):
            steps.append([(d.loc, d.unit_id, 1)])
        elif isinstance(d, payloads.Moved):
            steps.append([(d.src_id, d.unit_id, -d.count), (d.dst_id, d.unit_id, d.count)])
        elif isinstance(d, (payloads.TroopLost, payloads.Kanly, payloads.Fortification)):
            steps.append([(d.loc, d.unit_id, -1)])
        elif isinstance(d, payloads.FaceDancer):
            steps.append([(d.loc, d.unit_id, -1), (d.loc, TLEILAXU, 1)])
        elif isinstance(d, payloads.BattleLoss):
            steps.append([(battle, d.unit_id, -d.count)])
        elif isinstance(d, payloads.Round):
            steps.append(("round", d.round - 1))
    return steps


def held(board, faction: int) -> int:
    """Strategic regions where `faction` has troops on `board` (NU cells per region)."""
    return sum(1 for r in STRATEGIC_ORDER if any(board[r * NU + u] for u in FACTION_UNITS[faction]))


def strategic_by_round(over) -> dict[int, list[int]]:
    """Per faction: the strategic regions it held at the end of each round played, from the final map
    and the history the seat may see (`over.state`, `over.history`)."""
    state = over.state
    factions = [f for f in state.seat_faction if f >= 0]
    board = list(state.board)
    ends = {state.result.round if state.result else state.round: board[:]}
    for step in reversed(board_changes(over.history)):
        if step[0] == "round":
            ends[step[1]] = board[:]
            continue
        for loc, unit, change in step:
            board[loc * NU + unit] -= change
    rounds = sorted(r for r in ends if r >= 1)
    return {f: [held(ends[r], f) for r in rounds] for f in factions}


BARS = " ▁▂▃▄▅"  # 0 to 5 strategic regions


def picture(over, stats: dict[int, Counter]) -> Group:
    """A row per house: its strategic regions round by round, as bars and as figures, and its battles
    won-lost; the columns line up whatever the names (a table, narrow enough for the roomy layout's column)."""
    by_round = strategic_by_round(over)
    rounds = len(next(iter(by_round.values()), []))
    last = over.state.result.round if over.state.result else over.state.round
    numbers = " ".join(str(r) for r in range(last - rounds + 1, last + 1))
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="dim")
    table.add_column("", no_wrap=True)
    table.add_column(numbers, no_wrap=True)
    table.add_column(numbers, no_wrap=True)
    table.add_column("battles", justify="right", no_wrap=True)
    for f, counts in by_round.items():
        c = stats.get(f, Counter())
        bars = Text(" ".join(BARS[min(n, 5)] if n else "·" for n in counts), style="bold")
        table.add_row(faction_label(f, short=True), bars, " ".join(str(n) for n in counts),
                      f"{c['won']}-{c['lost']}")
    return Group(Text("Strategic regions held at the end of each round", style="bold"), table,
                 Text("battles won-lost", style="dim"))


def statistics_table(over) -> Group:
    state = over.state
    stats = statistics(over)
    table = Table(box=None, padding=(0, 1), pad_edge=False)
    for col in ("House", "Turns", "Won", "Lost", "Landed", "Map", "Strat."):
        table.add_column(col, justify="left" if col == "House" else "right", no_wrap=True)
    for f in state.seat_faction:
        if f < 0:
            continue
        c = stats.get(f, Counter())
        strategic = sum(1 for r in STRATEGIC_ORDER if state.troops_of(r, f))
        table.add_row(faction_label(f, short=True), str(c["turns"]), str(c["won"]), str(c["lost"]),
                      str(c["landed"]), str(state.units_on_board(f)), str(strategic))
    # Title and caption outside the table, so they wrap at the column's width, not the table's.
    return Group(Text("Statistics", style="bold"), table,
                 Text("battles won and lost; troops landed; at the end: troops on the map, "
                      "strategic regions held (Strat.)", style="dim"))


def how(state) -> str:
    """How they won, and whom the Bene Gesserit had predicted."""
    reason = REASONS.get(state.result.reason)
    out = f" {reason}" if reason else ""
    if state.in_play(BENE_GESSERIT) and state.prediction >= 0:
        out += f"\nThe Bene Gesserit had predicted the {FACTION_NAMES[state.prediction]}."
    return out


TIPS = ("↑/↓, PgUp/PgDn and Home/End scroll the result: on a small terminal the strategic regions "
        "each house held round by round, and its battles won-lost, are under the statistics.")
ENDING = Ending(side_label=faction_label, final_map=MapView, how=how, tips=TIPS,
                figures=lambda over: [("stats", statistics_table(over)), ("picture", picture(over, statistics(over)))])
