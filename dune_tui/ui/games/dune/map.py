"""The map of Arrakis drawn as a board (R1): nine regions in their six storm zones around the Polar Sink.

Each region shows its zone, name, `*` strategic and `D` desert marks, its construction and the troops
in it (faction letter and count in the faction's colour, `+2s` Sardaukar). The storm's zone is shaded
`░` and labelled `≋STORM`, the zone it goes to at the end of the turn `→next`. While a decision is
about a region, its options light up with their numbers (`[3]`), and a click on a region says so
(`RegionClicked`); the movement target is marked `◎` and the battle `×`. While regions are lit the map takes
the focus (Tab): ←/→/↑/↓ move a cursor (`▶` and a heavy frame) to the lit region next on screen that way,
Enter or Space picks it as a click would, Esc gives the focus back; the list's highlight follows the cursor
(`Pointed`), as the cursor follows the list's highlight. It draws one view, the seat's."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding

from ....games.dune import queries
from ....games.dune.data import (
    CONSTRUCTION_NAMES,
    DESERT,
    FACTION_LETTERS,
    FACTION_UNITS,
    POLAR_SINK,
    REGION_NAMES,
    REGION_SHORT,
    SARDAUKAR,
    STRATEGIC,
    ZONE,
)
from ...widgets.choices import DIGITS
from ...widgets.drawn import Drawn
from ...widgets.fit import fitting, pack
from ...widgets.messages import RegionClicked
from ...widgets.place_cursor import PlaceCursor
from .labels import CONSTRUCTION_LETTERS, FACTION_COLOURS
from .map_grid import Box, Canvas, boxes

REGION_AT = {"setup": 1, "kanly": 1, "land": 2, "target": 1, "move": 1, "battle": 1, "harvester": 1}
ABBREV = ("Cielago", "Habbanya", "GtFlat", "Tabr", "Broken", "Carthag", "Arrakeen", "MinorErg", "Tuek's", "Polar")
ROOMY = 60  # from this width: full names, words for marks, a legend
COMPACT_HEIGHT, ROOMY_HEIGHT = 11, 17
LEGEND = "* strategic D desert ░≋ storm →next [n] option ◎ target × battle"
TARGET_PHASES = frozenset({"move", "ally_move", "battle_order", "fort_loss", "face_dancers", "offer_leader",
                           "commit", "construct"})
BATTLE_PHASES = frozenset({"fort_loss", "face_dancers", "offer_leader", "commit"})
STORM = Style(bgcolor="#4a3415")
LIT = Style(bgcolor="#173f5f")
POINTED = Style(bgcolor="#2a6a9a")
PLAIN = Style()
CELL_ASPECT = 2  # a cell is about twice as tall as wide: rows count double when measuring on screen
MOVE = Binding.Group("Move", compact=True)


def region_of(key: tuple) -> int:
    """The region an option is about (-1 if none): a landing's, a move's source, a target..."""
    pos = REGION_AT.get(key[0])
    return key[pos] if pos is not None and len(key) > pos else -1


def region_options(view, keys: list[tuple]) -> dict[int, list[int]]:
    """The options listed (`keys`, in the panel's order) by the region they are about; a construction is
    about the movement target."""
    out: dict[int, list[int]] = {}
    for n, key in enumerate(keys):
        loc = view.target if key[0] in ("build", "demolish") else region_of(key)
        if loc >= 0:
            out.setdefault(loc, []).append(n)
    return out


def troop_tokens(view, loc: int) -> list[Text]:
    """`A3`, `C2+1s`, `C0+1s`: each faction's troops in `loc`, letter and count in its colour (the count
    even when 0 beside Sardaukar, which a bare `C+1s` left to guess)."""
    base = loc * 9
    out = []
    for f, units in enumerate(FACTION_UNITS):
        regular = sum(view.board[base + u] for u in units if u != SARDAUKAR)
        sard = view.board[base + SARDAUKAR] if SARDAUKAR in units else 0
        if regular or sard:
            out.append(Text(FACTION_LETTERS[f] + str(regular) + (f"+{sard}s" if sard else ""),
                            style=f"bold {FACTION_COLOURS[f]}"))
    return out


def centre(box: Box) -> tuple[float, float]:
    """Where a box's middle is on screen, in cell widths."""
    return box.x + box.w / 2, CELL_ASPECT * (box.y + box.h / 2)


def next_region(drawn: dict[int, Box], lit, start: int, step: tuple[int, int]) -> int:
    """The lit region nearest `start` on screen in the direction `step` (dx, dy), the ones straight that way
    first; `start` when there is none that way."""
    if start not in drawn:
        return start
    (x0, y0), (dx, dy) = centre(drawn[start]), step
    best, choice = None, start
    for loc in lit:
        if loc == start or loc not in drawn:
            continue
        x, y = centre(drawn[loc])
        ahead, aside = (x - x0) * dx + (y - y0) * dy, abs((x - x0) * dy - (y - y0) * dx)
        if ahead > 0 and (best is None or ahead + 2 * aside < best):
            best, choice = ahead + 2 * aside, loc
    return choice


class MapView(Drawn, PlaceCursor):
    """Draws one state (a seat's view) as a board; `light` marks the regions a decision is about."""

    DEFAULT_CSS = "MapView { height: auto; }"
    SIZED_BY_WIDTH = True  # get_content_height
    BINDINGS = [
        *(Binding(key, f"step('{key}')", "Move", group=MOVE, key_display=arrow)
          for key, arrow in (("left", "←"), ("up", "↑"), ("down", "↓"), ("right", "→"))),
        Binding("enter,space", "pick", "Pick", key_display="⏎"),
        Binding("escape", "back", "List"),  # the focus back to the list of options
    ]

    def __init__(self, view=None, *, id: str | None = None) -> None:
        super().__init__(view, id=id)
        self.drawn: dict[int, Box] = {}  # where each region was drawn last (for clicks and the cursor)

    def step_from(self, at: int, step: tuple[int, int]) -> int:
        return next_region(self.drawn, self.options, at, step)

    def get_content_height(self, container, viewport, width: int) -> int:
        return ROOMY_HEIGHT + 1 if width >= ROOMY else COMPACT_HEIGHT

    def on_click(self, event: events.Click) -> None:
        """A click inside a region, or on its border (the first region drawn there when two share it)."""
        hits = sorted((not box.holds(event.x, event.y, inner=True), loc) for loc, box in self.drawn.items()
                      if box.holds(event.x, event.y))
        if hits:
            event.stop()
            self.post_message(RegionClicked(hits[0][1]))

    # ---------------------------------------------------------------- drawing
    def draw(self) -> Text:
        v = self.view
        if v is None:
            return Text("")
        roomy = self.size.width >= ROOMY
        width = max(40, self.size.width)
        canvas = Canvas(width, ROOMY_HEIGHT if roomy else COMPACT_HEIGHT)
        self.drawn = boxes(canvas.width, canvas.height)
        for b in self.drawn.values():
            canvas.outline(b)
        canvas.lines(self.drawn[self.pointed] if self.has_focus and self.pointed in self.options else None)
        storm = queries.storm_forecast(v)
        after = storm.zone if storm.known and storm.moves and not v.over else -1
        for loc, b in self.drawn.items():
            self._region(canvas, v, loc, b, roomy, after)
        title = " Arrakis "
        canvas.write((canvas.width - len(title)) // 2, canvas.height - 1, Text(title, style="bold"), len(title))
        out = canvas.render()
        if roomy:
            out.append("\n" + LEGEND, style="dim")
        return out

    def _region(self, canvas: Canvas, v, loc: int, b: Box, roomy: bool, after: int) -> None:
        x, y, w, h = b.inner
        zone = ZONE[loc]
        in_storm = loc != POLAR_SINK and zone == v.storm
        options = self.options.get(loc)
        pointed = bool(options) and loc == self.pointed
        ground = STORM if in_storm else POINTED if pointed else LIT if options else PLAIN
        canvas.fill(x, y, w, h, "░" if in_storm else " ", ground + Style(dim=True) if in_storm else ground)
        label = Text("▶" if pointed else "", style="bold")
        if options:
            keys = [DIGITS[n] if n < len(DIGITS) else "·" for n in options]
            label.append("[" + ",".join(keys) + "]" if len(keys) < 3 else f"[{keys[0]}…]", style="bold reverse")
        if loc != POLAR_SINK:
            words = (" ≋ STORM ≋", " ≋STORM", "≋STORM") if in_storm else (
                (" → next storm", " →next", "→next") if zone == after else ("",))
            variants = [(f"Zone {zone}", say) for say in words if roomy] + [(str(zone), say) for say in words]
            variants.append((str(zone), words[-1][:1]))  # at the narrowest the sign alone, not a word cut
            room = w - label.cell_len
            name, says = next(pair for pair in variants if len("".join(pair)) <= room or pair == variants[-1])
            label.append(name, style="bold")
            label.append(says, style="bold reverse" if in_storm else "bold")
        canvas.write(b.x + 1, b.y, label, w)
        for row, line in enumerate(self._lines(v, loc, w, h, roomy)):
            canvas.write(x, y + row, line, w)

    def _lines(self, v, loc: int, w: int, h: int, roomy: bool) -> list[Text]:
        """The lines inside a region's box, never more than its `h`: in a roomy map the words are given up one
        after another (the construction's line of its own, the name's second line, `◎ target`/`× battle` in
        words) until every troop fits, so that a battle's troops are always in sight."""
        tokens = troop_tokens(v, loc)
        if h == 1:  # the Polar Sink in a small map: name and troops on one line
            head = self._words(v, loc, w, h, roomy=False)[0]
            return [Text(" ").join([head, *pack(tokens, w - head.cell_len - 1, 1)])]
        needed = len(pack(tokens, w, h))
        for given_up in range(4 if roomy else 1):
            lines = self._words(v, loc, w, h, roomy, given_up)
            if len(lines) + needed <= h:
                break
        return (lines + pack(tokens, w, max(1, h - len(lines))))[:h]

    def _words(self, v, loc: int, w: int, h: int, roomy: bool, given_up: int = 0) -> list[Text]:
        """The region's words: its name, marks, construction and whether it is the target or the battle; a
        roomy map's long forms `given_up` (0-3) from the least needed (see `_lines`)."""
        target = v.target == loc and v.phase in TARGET_PHASES
        battle = v.b_loc == loc and v.phase in BATTLE_PHASES
        marks_in_words = roomy and given_up < 3
        head = Text()
        if not marks_in_words:
            head.append("◎" if target else "", style="bold")
            head.append("×" if battle else "", style="bold")
        room = w - head.cell_len
        name = REGION_NAMES[loc]
        lines = [head]
        if roomy and given_up < 2 and len(name) > room and h >= 4 and loc != POLAR_SINK:
            first, _, rest = name.partition(" ")
            head.append(fitting(room, first), style="bold")
            lines.append(Text(rest, style="bold"))
        else:
            head.append(fitting(room, name, REGION_SHORT[loc], ABBREV[loc], ABBREV[loc][:4]), style="bold")
        if loc != POLAR_SINK:
            marks = Text(("*" if loc in STRATEGIC else "") + ("D" if loc in DESERT else ""), style="bold")
            kind = v.constr[loc]
            full = CONSTRUCTION_NAMES[kind]
            lines.append(marks)
            if kind and roomy and given_up < 1 and marks.cell_len + 1 + len(full) > w >= len(full):
                lines.append(Text(full, style="italic"))  # a line of its own in a tall, narrow region
            elif kind:
                room = w - marks.cell_len - 1
                marks.append(" " + fitting(room, full, CONSTRUCTION_LETTERS[kind]), style="italic")
        if marks_in_words and (target or battle):
            lines += [Text(word, style="bold") for word, on in (("◎ target", target), ("× battle", battle)) if on]
        return lines
