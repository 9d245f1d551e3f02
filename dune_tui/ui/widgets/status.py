"""The top line of the game screen: round, whose turn, the storm, the bots' pause."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...engine.data import BENE_GESSERIT, FACTION_NAMES
from ..labels import letter

ROUNDS = 6


class StatusBar(Widget):
    DEFAULT_CSS = "StatusBar { height: 1; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.pause = 0.0
        self.skipping = False

    def show(self, view, pause: float, skipping: bool) -> None:
        self.view, self.pause, self.skipping = view, pause, skipping
        self.refresh()

    def render(self) -> Text:
        v = self.view
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None:
            return out
        if v.turn == 0:
            out.append(" Setting up", style="bold")
        else:
            out.append(f" Round {v.round} of {ROUNDS}", style="bold")
            f = v.seat_faction[v.active]
            if f >= 0:
                out.append(" · ")
                out.append_text(letter(f))
                out.append(f" {FACTION_NAMES[f]} to play")
        out.append(f" · storm zone {v.storm}")
        if v.viewer >= 0 and v.seat_faction[v.viewer] == BENE_GESSERIT and v.prediction >= 0:
            out.append(f" · you predict {FACTION_NAMES[v.prediction]}", style="italic")
        bots = "skipping ahead" if self.skipping else f"bot pause {self.pause:g}s"
        out.append(f" · {bots}", style="dim")
        return out
