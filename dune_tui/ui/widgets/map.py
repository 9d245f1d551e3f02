"""The map of Arrakis: six zones around the Polar Sink, one line per region (R1)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...engine.data import DESERT, POLAR_SINK, REGION_NAMES, RING, STRATEGIC, ZONE
from ..labels import construction, troops_at

LEGEND = "* strategic  D desert  ≋ storm  Fort/Harv/Orni"


class MapView(Widget):
    """Draws one state (a seat's view): regions, marks, constructions, troops, the storm."""

    DEFAULT_CSS = "MapView { height: auto; }"

    def __init__(self, view=None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._set(view)

    def _set(self, view) -> None:
        self.view = view
        # a region to point at (the movement target)
        self.target = view.target if view is not None and view.phase in ("move", "ally_move", "construct") else -1

    def show(self, view) -> None:
        self._set(view)
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 11 + (1 if width >= 60 else 0)

    def render(self) -> Text:
        v = self.view
        if v is None:
            return Text("")
        roomy = self.size.width >= 60
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("Arrakis", style="bold")
        out.append(f"   storm in zone {v.storm} ≋", style="bold reverse")
        for loc in (*RING, POLAR_SINK):
            out.append("\n")
            out.append_text(self._line(v, loc, roomy))
        if roomy:
            out.append("\n" + LEGEND, style="dim")
        return out

    def _line(self, v, loc: int, roomy: bool) -> Text:
        zone = ZONE[loc]
        storm = loc != POLAR_SINK and zone == v.storm
        line = Text()
        label = (f"Zone {zone}" if zone else "Centre") if roomy else (str(zone) if zone else "·")
        line.append(f"{label:>{6 if roomy else 1}}", style="bold reverse" if storm else "bold")
        line.append("≋" if storm else " ", style="bold" if storm else "")
        line.append(" ")
        name_style = "bold" if loc in STRATEGIC else ""
        if loc == self.target:
            name_style += " underline"
        line.append(f"{REGION_NAMES[loc]:<15}", style=name_style.strip())
        line.append(" ")
        line.append("*" if loc in STRATEGIC else " ", style="bold")
        line.append("D" if loc in DESERT else " ")
        line.append(" ")
        kind = v.constr[loc] if loc != POLAR_SINK else 0
        text = construction(kind, short=not roomy)
        line.append(f"{text:<{13 if roomy else 4}}", style="italic")
        line.append(" ")
        line.append_text(troops_at(v, loc))
        if loc == self.target:
            line.append(" ◀ target" if roomy else " ◀", style="bold")
        return line
