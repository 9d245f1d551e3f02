"""The first game's battle reveal: both sealed commits shown together once both are in (R10), and a battle between
others in a line (the game screen asks the board: `reveal_screen`, `reveal_summary`)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ....games.dune import payloads
from ....games.dune.data import (
    ATREIDES,
    ATREIDES_BOTH_LEADERS,
    FACTION_NAMES,
    LEADER_NAMES,
    LEADER_STRENGTH,
    REGION_NAMES,
    SARDAUKAR,
    UNIT_NAMES,
    UNIT_OWNER,
    UNIT_STRENGTH,
    leader_names,
)
from ...kit.screens import DuneModal
from ...widgets.footer import Footer
from .labels import faction_label


class Reveal(DuneModal):
    """Both sealed commits, shown together once both are in (R10): side by side, what each side sent with
    its strength, the totals, who won and what each side lost; a panel over the bottom of the screen that
    leaves the board in sight, until Enter, Space or Esc."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, event, batch=()) -> None:
        """`batch`: the events the reveal came with; the battle's losses are the ones that follow it."""
        super().__init__()
        self.event = event
        self.losses = battle_losses(event, batch)

    def compose(self) -> ComposeResult:
        d = self.event.data  # payloads.Reveal
        title = Text(f"Battle in {REGION_NAMES[d.loc]}: the commits are revealed", style="bold")
        with Vertical(id="reveal", classes="dialog"):
            yield Static(title)
            yield Static(self._sides(d))
            yield Static(self._result(d))
        yield Footer()

    def _sides(self, d) -> Table:
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        for f, role in ((d.attacker_id, "attacking"), (d.defender_id, "defending")):
            table.add_column(faction_label(f) + f" ({role})", no_wrap=False)
        sides = (d.attacker_commit, d.defender_commit)
        rows = (("Troops", lambda c: troops_cell(c, sardaukar=False)),
                ("Sardaukar", lambda c: troops_cell(c, sardaukar=True)),
                ("Leaders", leaders_cell))
        for name, cell in rows:
            cells = [cell(c) for c in sides]
            if name != "Sardaukar" or any(cells):
                table.add_row(name, *(c or "none" for c in cells))
        totals = (Text(str(n), style="bold") for n in (d.attack, d.defence))
        table.add_row(Text("Strength", style="bold"), *totals)
        return table

    def _result(self, d) -> Text:
        text = Text(f"The {FACTION_NAMES[d.winner_id]} win, strength {max(d.attack, d.defence)} against "
                    f"{min(d.attack, d.defence)}", style="bold")
        text.append(": a tie goes to the defender." if d.attack == d.defence else ".", style="bold")
        for f in dict.fromkeys((d.attacker_id, d.defender_id, *self.losses)):  # a partner's losses too
            text.append(f"\n{FACTION_NAMES[f]} lose: {self.losses.get(f) or 'nothing'}")
        return text

    def action_close(self) -> None:
        self.dismiss(None)


def reveal_summary(d) -> str:
    """A battle between others in a line (the screen's notice of a bots' battle): where, both sides' strengths
    and who won."""
    attacker, defender = FACTION_NAMES[d.attacker_id], FACTION_NAMES[d.defender_id]
    tie = ", a tie goes to the defender" if d.attack == d.defence else ""
    return (f"{REGION_NAMES[d.loc]}: the {attacker} attack with {d.attack}, the {defender} defend with "
            f"{d.defence}{tie}. The {FACTION_NAMES[d.winner_id]} win.")


def troops_cell(commit, sardaukar: bool) -> str:
    """The commit's troops (or its Sardaukar) as "3 × 1" per kind, the strength of one after the ×."""
    return ", ".join(f"{k} {UNIT_NAMES[u]} × {UNIT_STRENGTH[u]}" if not sardaukar else f"{k} × {UNIT_STRENGTH[u]}"
                     for u, k in commit[1] if (u == SARDAUKAR) == sardaukar)


def leaders_cell(commit) -> str:
    names = []
    for f, k in commit[2]:
        both = f == ATREIDES and k == 2
        names.append("Leto and Duncan Idaho " + str(ATREIDES_BOTH_LEADERS) if both
                     else f"{LEADER_NAMES[f]} {LEADER_STRENGTH[f]}")
    return ", ".join(names)


def battle_losses(event, batch) -> dict[int, str]:
    """Per faction, what the battle of `event` cost it: the BattleLoss events right after the reveal."""
    events = list(batch)
    after = events[events.index(event) + 1:] if event in events else []
    lost: dict[int, dict[str, list[str]]] = {}  # faction → why and where → what
    for e in after:
        d = e.data
        if isinstance(d, payloads.Duel):
            continue
        if isinstance(d, payloads.LeaderLoss):
            lost.setdefault(d.faction_id, {}).setdefault("committed, to the reserve", []).append(
                leader_names(d.faction_id, d.count))
            continue
        if not isinstance(d, payloads.BattleLoss):
            break
        where = "card" if d.to_card else "reserve"
        lost.setdefault(UNIT_OWNER[d.unit_id], {}).setdefault(f"{d.why}, to the {where}", []).append(
            f"{d.count} {UNIT_NAMES[d.unit_id]}")
    return {f: "; ".join(f"{' and '.join(what)} ({note})" for note, what in notes.items())
            for f, notes in lost.items()}
