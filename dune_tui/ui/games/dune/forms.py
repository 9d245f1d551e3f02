"""Forms for the two decisions a list serves badly:

- the dice keep (R4): toggle dice 1-7, then `r` (or Enter) keeps the marked dice and rerolls
  the rest (none marked: nothing, R4 keeps one; all marked: Enter keeps them); `a` keeps them all;
  `t` discards a Thumper to reroll a Shai-Hulud;
- the sealed battle commit (R10): a counter per troop type and leader, ↑/↓ to choose a row,
  ←/→ or -/+ to change it, Enter to seal.  One line per row and the total always in sight:
  on a short panel the battle's line goes first, then rows scroll with the cursor.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from ....games.dune import SEALED
from ....games.dune.data import (
    ATREIDES,
    FACTION_NAMES,
    LEADER_NAMES,
    N_DICE,
    REGION_NAMES,
    SPICE_DIE,
    UNIT_NAMES,
    UNIT_STRENGTH,
)
from ....games.dune.describe import action_text, consequences
from ...widgets.choices import ChoiceList
from ...widgets.dice_marks import MarkDice
from ...widgets.messages import Picked
from .dice import worm_forced
from .labels import die_face, troops_at


class DiceForm(MarkDice):
    """The roll decision: which dice to keep."""

    DEFAULT_CSS = "DiceForm { height: auto; }"
    REFUSED = "That keep is not allowed."

    def first_marks(self, view) -> int:
        return 1 << SPICE_DIE if worm_forced(view) else 0

    @property
    def thumper_ok(self) -> bool:
        return any(a[0] == "thumper" for a in self.legal)

    def refusal(self, die: int) -> str:
        if die == SPICE_DIE and worm_forced(self.view) and self.marks >> die & 1:
            return "Shai-Hulud must be kept (t: discard a Thumper instead)." if self.thumper_ok \
                else "Shai-Hulud must be kept."
        return ""

    def reroll_action(self) -> tuple:
        return ("keep", self.marks)

    def end_action(self) -> tuple:
        return ("keep", self.free)

    def action_thumper(self) -> None:
        keep = self.marks & ~(1 << SPICE_DIE)
        if self.view is None or not self.thumper_ok:
            self._say("You have no Thumper to discard." if self.view is not None else "")
        elif not keep:
            self._say("Mark the dice to keep instead of the worm, then press t.")
        else:
            self._pick(("thumper", keep))

    def render(self) -> Text:
        v = self.view
        out = Text()
        if v is None:
            return out
        marked = [die_face(d, v.dice[d]) for d in range(N_DICE) if self.marks >> d & 1]
        rest = bin(self.free & ~self.marks).count("1")
        if marked and rest:
            out.append(f"Keep {', '.join(marked)}; reroll {rest} ", style="bold")
            out.append("(r or Enter)\n")
        elif marked:
            out.append(f"Keep {', '.join(marked)}: the roll ends ", style="bold")
            out.append("(Enter)\n")
        else:
            keys = [str(d + 1) for d in range(N_DICE) if self.free >> d & 1]  # the numbers on the dice still rolled
            which = "1-7" if len(keys) == N_DICE else f"keys {' '.join(keys)}"
            out.append(f"Mark dice to keep with {which}, then r rerolls the rest. ", style="bold")
            out.append("a keeps all and ends the roll.\n")
        if self.thumper_ok:  # (a: keep all is in the footer)
            out.append("t: discard a Thumper, reroll the worm, keep the marked dice\n", style="dim")
        if self.error:
            out.append("\n" + self.error, style="bold reverse")
            out.append("\n")
        out.append("\n".join(self.forecast()), style="italic")
        out.rstrip()
        return out

    def forecast(self) -> list[str]:
        """What the turn holds if the marked dice are kept with the others kept so far: the spice, the storm
        at the end of the turn, what the Kanly weapon cannot reach (describe.consequences)."""
        v = self.view
        if v is None or v.viewer < 0:
            return []
        marked = v.copy()  # the seat's view, with the marked dice counted as kept
        marked.viewer = v.viewer
        marked.kept |= self.marks
        return consequences(marked, v.viewer)


class CommitForm(Widget, can_focus=True):
    """The sealed battle commit: how many of each troop type and leader, under the battle's line and what the
    commit decides (describe.consequences: the panel leaves it to the form, which cuts it first on a small screen)."""

    SAYS_CONSEQUENCES = True  # its decision's consequence lines (the panel's words have the phase quiet)

    FORM_ID = "commit-form"
    DEFAULT_CSS = "CommitForm { height: 1fr; }"  # the rest of the panel: render() fits the lines in it
    BINDINGS = [  # the footer fits in 80 columns with the game's keys
        Binding("up", "row(-1)", "Row", show=False, key_display="↑↓"),
        Binding("down", "row(1)", "Row", show=False),
        Binding("right,plus,equals_sign", "count(1)", "Count", key_display="←→"),
        Binding("left,minus", "count(-1)", "Fewer", show=False),
        Binding("m", "all_in", "All"),
        Binding("0", "none", "None", show=False, key_display="0"),  # key_display: listed by `?`
        Binding("enter", "seal", "Seal commit"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.rows: list[tuple[str, int, int]] = []  # (kind "troop"/"leader", id, most)
        self.counts: list[int] = []
        self.row = 0
        self.by_key: dict = {}
        self.note = ""

    def ask(self, view, legal, note: str = "") -> None:
        self.view = view
        self.note = note
        most: dict[tuple[str, int], int] = {}
        self.by_key = {}
        for action in legal:
            _, troops, leaders = action
            for u, k in troops:
                most[("troop", u)] = max(most.get(("troop", u), 0), k)
            for f, k in leaders:
                most[("leader", f)] = max(most.get(("leader", f), 0), k)
            self.by_key[(tuple(sorted(troops)), tuple(sorted(leaders)))] = action
        self.rows = [(kind, i, n) for (kind, i), n in most.items()]
        self.rows.sort(key=lambda r: (r[0] != "troop", r[1]))
        self.counts = [0] * len(self.rows)
        self.row = 0
        self.refresh(layout=True)

    def current(self) -> tuple | None:
        troops = tuple(sorted((i, k) for (kind, i, _), k in zip(self.rows, self.counts) if kind == "troop" and k))
        leaders = tuple(sorted((i, k) for (kind, i, _), k in zip(self.rows, self.counts) if kind == "leader" and k))
        return self.by_key.get((troops, leaders))

    def action_row(self, delta: int) -> None:
        if self.rows:
            self.row = (self.row + delta) % len(self.rows)
            self.refresh()

    def action_count(self, delta: int) -> None:
        if self.rows:
            most = self.rows[self.row][2]
            self.counts[self.row] = max(0, min(most, self.counts[self.row] + delta))
            self.refresh()

    def action_all_in(self) -> None:
        self.counts = [r[2] for r in self.rows]
        self.refresh()

    def action_none(self) -> None:
        self.counts = [0] * len(self.rows)
        self.refresh()

    def action_seal(self) -> None:
        action = self.current()
        if action is not None:
            self.post_message(Picked(action))

    def _row_label(self, kind: str, i: int, most: int) -> str:
        if kind == "troop":
            worth = f", strength {UNIT_STRENGTH[i]} each" if UNIT_STRENGTH[i] > 1 else ""
            return f"{UNIT_NAMES[i]} troops (of {most}{worth})"
        if i == ATREIDES and most == 2:
            return "Leto, Duncan Idaho (one 3, both 5)"
        return f"{LEADER_NAMES[i]} ({FACTION_NAMES[i]} leader)"

    def render(self) -> Text:
        v = self.view
        if v is None:
            return Text()
        battle = Text(f"{REGION_NAMES[v.b_loc]}: ", style="bold")
        battle.append_text(troops_at(v, v.b_loc))
        head = [battle]
        if self.note or SEALED in v.b_commits:
            head.append(Text(self.note or "The other side has sealed its commit.", style="italic"))
        rows = []
        for n, ((kind, i, most), k) in enumerate(zip(self.rows, self.counts)):
            cursor = n == self.row
            row = Text("▶ " if cursor else "  ", style="bold")
            row.append(f"◀ {k} ▶" if cursor else f"  {k}  ", style="bold reverse" if cursor else "bold")
            row.append(" " + self._row_label(kind, i, most))
            rows.append(row)
        action = self.current()
        total = Text(action_text(v, action).replace("Commit ", "= ", 1) if action else "", style="bold")
        width, room = self.size.width, self.size.height or len(head) + len(rows) + 9

        def below() -> int:  # the total's lines
            return len(total.wrap(self.app.console, width)) if width else 1

        said = [Text(line, style="italic") for line in consequences(v, v.viewer)]  # what the commit decides
        if width:
            said = [row for line in said for row in line.wrap(self.app.console, width)]
        if len(head) + len(said) + len(rows) + below() <= room:  # whole or not at all, cut before the rest
            head[1:1] = said
        while head and len(head) + len(rows) + below() > room:
            head.pop()  # the sealed note, then the battle's line: the prompt above names the battle
        if len(head) + len(rows) + below() > room:  # the rows scroll with the cursor
            total.append(f"  ↑↓ {len(rows)} rows", style="dim")
            shown = max(1, room - len(head) - below())
            start = max(0, min(self.row - shown + 1, len(rows) - shown))
            rows = rows[start:start + shown]
        lines = Text("\n", no_wrap=True, overflow="ellipsis").join(head + rows)
        return Group(lines, total)  # the total wraps: its strength, at the end, stays in sight


__all__ = ["ChoiceList", "CommitForm", "DiceForm"]
