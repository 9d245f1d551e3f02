"""The top of the game screen: round n of 6 and who wins after the last if nobody has (the Guild's default win,
R11), whose turn, the storm, the bots' pause, and the turn track (the steps of a turn, the current one marked `▶`
and reversed; on a small screen the part around it)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ....games.dune import queries
from ....games.dune.data import BENE_GESSERIT, FACTION_NAMES
from ...widgets.drawn import Drawn
from .labels import SHORT_NAMES, letter

ROUNDS = 6
STEPS = ("roll", "alliance", "recruitment", "Kanly", "spice", "landing", "target", "movement", "battle",
         "construction", "storm")
STEPS_SHORT = ("roll", "ally", "recruit", "Kanly", "spice", "land", "target", "move", "battle", "build", "storm")
STEP_OF = {  # each decision's step of the turn (engine phases, describe.PROMPTS)
    "roll": 0, "piter": 0, "axolotl": 0, "alliance": 1, "alliance_answer": 1, "share": 2, "recruit": 2,
    "ally_recruit": 2, "kanly": 3, "worm_harvester": 4, "gift": 4, "consent": 5, "land": 5, "ally_land": 5,
    "target": 6, "move": 7, "ally_move": 7, "battle_order": 8, "fort_loss": 8, "face_dancers": 8,
    "offer_leader": 8, "commit": 8, "construct": 9,
}


def turn_track(step: int, names: tuple[str, ...], width: int) -> Text:
    """The steps in `width` cells: done ones dim, the current one `▶` reversed; when they do not all fit,
    the ones around it (`…` where some are left out)."""
    out = Text()
    for first in range(max(0, step - 1) + 1):
        for last in range(len(names), step, -1):
            out = _steps(step, names, first, last)
            if out.cell_len <= width:
                return out
    out.truncate(width, overflow="ellipsis")
    return out


def _steps(step: int, names: tuple[str, ...], first: int, last: int) -> Text:
    out = Text("… " if first else "", style="dim")
    for i in range(first, last):
        if i > first:
            out.append(" ")
        if i == step:
            out.append("▶" + names[i], style="bold reverse")
        else:
            out.append(names[i], style="dim" if i < step else "")
    if last < len(names):
        out.append(" …", style="dim")
    return out


def deadline(view, roomy: bool) -> Text:
    """The rounds left before the default win (R11): ` · Guild wins in 4` (rounds, this one too); with room
    ` (4 left, then Spacing Guild wins)`."""
    left, winner = queries.rounds_left(view), queries.default_winner(view)
    if roomy:
        who = f"{FACTION_NAMES[winner]} wins" if winner >= 0 else "everybody loses"
        return Text(f" (the last, then {who})" if left == 1 else f" ({left} left, then {who})")
    who = f"{SHORT_NAMES[winner]} wins" if winner >= 0 else "all lose"
    return Text(f" · then {who}" if left == 1 else f" · {who} in {left}")


class StatusBar(Drawn, Widget):
    DEFAULT_CSS = "StatusBar { height: 1; }"  # two lines in the roomy layout (dune.tcss): the whole track

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.pause = 0.0
        self.skipping = False

    def show(self, view, pause: float, skipping: bool) -> None:
        self.view, self.pause, self.skipping = view, pause, skipping
        self.redraw()

    def draw(self) -> Text:
        v = self.view
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None:
            return out
        roomy = self.size.height >= 2
        if v.turn == 0:
            out.append(" Setting up", style="bold")
        else:
            out.append(f" Round {v.round} of {ROUNDS}", style="bold")
            out.append_text(deadline(v, roomy))
            f = v.seat_faction[v.active]
            if f >= 0:
                out.append(" · ")
                out.append_text(letter(f))
                out.append(f" {FACTION_NAMES[f]}" + (" to play" if roomy else ""))
        if roomy:
            out.append(f" · storm zone {v.storm}")
        if v.viewer >= 0 and v.seat_faction[v.viewer] == BENE_GESSERIT and v.prediction >= 0:
            out.append(f" · you predict {FACTION_NAMES[v.prediction]}", style="italic")
        bots = Text(" · " + ("skipping ahead" if self.skipping else f"bot pause {self.pause:g}s"), style="dim")
        step = STEP_OF.get(v.phase, -1) if v.turn else -1
        if roomy:
            out.append_text(bots)
            if step >= 0:
                out.append("\n Turn: ", style="bold")
                out.append_text(turn_track(step, STEPS, self.size.width - 7))
            return out
        if step >= 0:
            out.append(" · ")
            out.append_text(turn_track(step, STEPS_SHORT, self.size.width - out.cell_len - bots.cell_len))
        out.append_text(bots)
        return out
