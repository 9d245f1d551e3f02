"""House cards: per seat its faction, who plays it, leaders and troops on the card, reserve,
stored spice, the Snooper / Shield / Thumper markers and this turn's ally (one line each, under a legend of their
letters); `full_card`: the whole card
(leaders by name and strength, troops, spice, abilities with the knot ones marked) for the Houses screen."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Static

from ....games.dune import queries
from ....games.dune.data import (
    ATREIDES,
    ATREIDES_BOTH_LEADERS,
    BENE_GESSERIT,
    CORRINO,
    FACTION_LETTERS,
    FACTION_NAMES,
    GUILD,
    LEADER_COUNT,
    LEADER_NAMES,
    LEADER_STRENGTH,
)
from ...widgets.drawn import Drawn
from ...widgets.fit import bot_short
from .abilities import ABILITIES, KNOT_MARK
from .labels import FACTION_COLOURS, SHORT_NAMES, card_troops, reserve_troops, with_sardaukar


def who_plays(seat_cfg, seat: int, you: int, short: bool) -> str:
    """Who plays a seat, for its card: you, a human's name (and away when not connected), a bot and its level."""
    if seat_cfg.is_human:
        if seat == you:
            return "you"
        name = getattr(seat_cfg, "name", "")  # a player's name or login (a table on a shared server)
        away = not getattr(seat_cfg, "connected", True)  # a table's seat (table.messages.SeatInfo) says who is away
        if name:
            who = (name if len(name) <= 6 else name[:5] + "…") if short else f"{name[:16]}, seat {seat + 1}"
        elif away:  # a table's seat nobody has sat down at
            return "free" if short else f"free, seat {seat + 1}"
        else:
            who = f"seat {seat + 1}" if short else f"human, seat {seat + 1}"  # ("P2" read as a code)
        return f"{who}{AWAY}" if away and short else f"{who}, away" if away else who
    spec = seat_cfg.agent
    if not short:
        return f"bot {spec}"
    return bot_short(spec)


def player(seat_cfg, seat: int, you: int) -> str:
    """Who plays a seat, in full: you, a human's name, a bot and its level; away when not connected."""
    name = "you" if seat == you else (seat_cfg.label() if seat_cfg.is_human else f"bot, {seat_cfg.agent}")
    if not getattr(seat_cfg, "connected", True):  # a table's seat (table.messages.Seat) says who is away
        name += ", away"
    return name


def leaders_line(v, f: int) -> str:
    name = LEADER_NAMES[f] + (" + Duncan Idaho" if f == ATREIDES else "")
    strength = f"{LEADER_STRENGTH[f]}, both {ATREIDES_BOTH_LEADERS}" if f == ATREIDES else str(LEADER_STRENGTH[f])
    return f"{name} (strength {strength}): {v.lcard[f]} on card, {v.lreserve[f]} in reserve"


def strategic(v, f: int) -> Text:
    """` 1/3`: the strategic regions `f` holds alone, of those it needs to win alone (R11)."""
    held = queries.held_alone(v, 1 << f)
    return Text(f" {held}/{queries.strategic_needed(v.n)}", style="bold" if held else "")


def full_card(v, seat: int, seat_cfg, you: int) -> Text:
    """A faction's card as the seat `v.viewer` sees it (v is that seat's view): the Bene Gesserit's
    prediction is in the Bene Gesserit's own view only, so it shows there and nowhere else."""
    f = v.seat_faction[seat]
    out = Text()
    if f < 0:
        out.append(f"Seat {seat + 1}: no faction yet ({player(seat_cfg, seat, you)})")
        return out
    colour = FACTION_COLOURS[f]
    out.append(f"{FACTION_LETTERS[f]} {FACTION_NAMES[f]}", style=f"bold {colour}")
    out.append(f" — {player(seat_cfg, seat, you)}", style="bold" if seat == you else "")
    if v.active == seat and v.turn > 0:
        out.append(" ▶ playing", style="bold")
    if v.ally == f:
        out.append(" ◆ ally this turn", style="bold")
    held, needed = queries.held_alone(v, 1 << f), queries.strategic_needed(v.n)
    out.append(f"\nRegions  {held} strategic held alone, {needed} to win")
    out.append(f"\nLeaders  {leaders_line(v, f)}")
    out.append(f"\nTroops   {with_sardaukar(card_troops(v, f))} on card, "
               f"{with_sardaukar(reserve_troops(v, f))} in reserve, {v.units_on_board(f)} on the map")
    if f in (CORRINO, GUILD):
        out.append(f"\nSpice    {v.store[f]} stored (at most 5)")
    held = markers(v, f)
    if held:
        out.append("\nMarkers  " + ", ".join(held), style="bold")
    if f == BENE_GESSERIT and v.prediction >= 0:
        out.append(f"\nPredicts the {FACTION_NAMES[v.prediction]} (secret)", style="italic")
    for ability in ABILITIES[f]:
        out.append(f"\n{KNOT_MARK if ability.knot(f) else ' '} ")
        out.append(ability.name, style="bold")
        out.append(f": {ability.text}")
    return out


def markers(v, f: int) -> list[str]:
    out = []
    if v.snooper == f:
        out.append("Snooper")
    if v.shield == f:
        out.append("Shield")
    if v.thumpers >> f & 1:
        out.append("Thumper")
    return out


NAME_WIDTH = 9  # the one-line form's name column: "Harkonnen"
AWAY = " (away)"


def fitted(player: str, room: int, style: str) -> Text:
    """Who plays a house after its numbers, in `room` columns: whole if it fits, else without "(away)", else cut
    with `…` (a player's name is never dropped while 3 columns are left; the waiting line says who is away)."""
    if room < 3:
        return Text()
    if len(player) > room:
        player = player.removesuffix(AWAY)
    if len(player) > room:
        player = player[:room - 1] + "…"
    return Text(f" {player}", style=style)


class HouseCard(Drawn, Widget):
    """One seat's card, drawn from its data: the view, who sits there, whose eyes (`HouseCards` sets them and
    redraws the cards)."""

    DEFAULT_CSS = "HouseCard { height: 1; }"  # two lines or more in the roomy layout (dune.tcss: height auto)

    view = var(None)  # (a roomy card may take another line: `redraw` lays it out again then)
    seat_cfg = var(None)
    you = var(-1)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    async def on_click(self) -> None:
        """A click on a house opens every card in full (as `c` does)."""
        await self.run_action("screen.houses")

    def draw(self) -> Text:
        v = self.view
        if v is None:
            return Text()
        f = v.seat_faction[self.seat]
        if self.roomy:
            return self._line(v, f, roomy=True, width=self.size.width)
        # One line each, every card in the same form so that the columns line up: who plays a house moves
        # after the numbers (and goes where it does not fit) when a card's line is too long with it before
        # them; the names are cut only when a card's numbers do not fit even so.
        width = self.size.width
        cards = list(self.parent.query(HouseCard)) if isinstance(self.parent, HouseCards) else [self]
        level = max(card.level(width) for card in cards)
        name = NAME_WIDTH
        if level == 2:
            name = max(0, min(NAME_WIDTH, width - 3 - max(card.numbers_width() for card in cards)))
        return self._line(v, f, roomy=False, name=name, who=("first", "after", "after")[level], width=width)

    @property
    def roomy(self) -> bool:
        """Two lines or more (the roomy layout gives the cards `height: auto`)."""
        return self.styles.height is not None and self.styles.height.is_auto

    def get_content_height(self, container, viewport, width: int) -> int:
        v = self.view
        if v is None or not self.roomy:
            return 1
        return len(self._line(v, v.seat_faction[self.seat], roomy=True, width=width).plain.splitlines())

    def level(self, width: int) -> int:
        """The first one-line form that fits `width`: 0 who plays it before the numbers; 1 the numbers fit
        without who; 2 the names must be cut."""
        v = self.view
        if v is None or self.roomy:
            return 0
        f = v.seat_faction[self.seat]
        for level, who_ in enumerate(("first", "none")):
            if self._line(v, f, roomy=False, who=who_).cell_len <= width:
                return level
        return 2

    def numbers_width(self) -> int:
        v = self.view
        if v is None or v.seat_faction[self.seat] < 0:
            return 0
        f = v.seat_faction[self.seat]
        return self._numbers(v, f, False).cell_len + (len(" ◆ally") if v.ally == f else 0)

    def _line(self, v, f: int, roomy: bool, name: int = 0, who: str = "first", width: int = 0) -> Text:
        """`name`: the one-line form's name column (NAME_WIDTH; shorter names are cut with `…`, none under 4);
        `who`: who plays the house "first" (before the numbers), "after" them if it fits `width`, or "none".
        Roomy: the figures go on under the name, on as many lines of `width` as they need."""
        out = Text(no_wrap=True, overflow="ellipsis")
        active = v.active == self.seat and v.turn > 0
        out.append("▶" if active else " ", style="bold")
        if f < 0:
            out.append(f" Seat {self.seat + 1}: no faction yet ({who_plays(self.seat_cfg, self.seat, self.you, True)})")
            return out
        colour = FACTION_COLOURS[f]
        out.append(FACTION_LETTERS[f], style=f"bold {colour}")
        if roomy:
            out.append(" ")
            out.append(f"{FACTION_NAMES[f]:<14}", style=colour)
        elif (name := name or NAME_WIDTH) >= 4:
            label = SHORT_NAMES[f] if len(SHORT_NAMES[f]) <= name else SHORT_NAMES[f][:name - 1] + "…"
            out.append(" ")
            out.append(f"{label:<{name}}", style=colour)
        player = who_plays(self.seat_cfg, self.seat, self.you, not roomy)
        style = "bold" if self.seat == self.you else ""
        if roomy or who == "first":
            out.append(" ")
            out.append(f"{player:<{16 if roomy else 6}}", style=style)
        if roomy:
            out.append_text(strategic(v, f))
            if v.ally == f:
                out.append(" ◆ally", style="bold")
            return out.append_text(self._figures(v, f, width))
        out.append_text(self._numbers(v, f, roomy=False))
        if v.ally == f:
            out.append(" ◆ally", style="bold")
        if who == "after":
            out.append_text(fitted(player, width - out.cell_len - 1, style))
        return out

    def _figures(self, v, f: int, width: int) -> Text:
        """The roomy card's figures under its name, `   leaders 1/1 · card 0 · reserve 8+4s · spice 0`, wrapped
        between two figures onto more lines of `width` (0: one line) when they do not fit."""
        t = Text()
        line = 0
        for n, part in enumerate(self._numbers(v, f, roomy=True)):
            if n and width and line + 3 + part.cell_len > width:
                t.append("\n   ")
                line = 3
            elif n:
                t.append(" · ")
                line += 3
            else:
                t.append("\n   ")
                line = 3
            t.append_text(part)
            line += part.cell_len
        return t

    def _numbers(self, v, f: int, roomy: bool) -> Text | list[Text]:
        """The figures of a house: roomy, a list of them (`_figures` lays them out); else one short line."""
        card = with_sardaukar(card_troops(v, f))
        reserve = with_sardaukar(reserve_troops(v, f))
        held = markers(v, f)
        if roomy:
            parts = [Text(f"leaders {v.lcard[f]}/{LEADER_COUNT[f]}"), Text(f"card {card}"), Text(f"reserve {reserve}")]
            if f in (CORRINO, GUILD):
                parts.append(Text(f"spice {v.store[f]}"))
            if held:
                parts.append(Text(" ".join(held), style="bold"))
            if f == BENE_GESSERIT and v.viewer == self.seat and v.prediction >= 0:
                parts.append(Text(f"predicts {FACTION_NAMES[v.prediction]}", style="italic"))
            return parts
        t = Text()
        t.append(f" L{v.lcard[f]} T{card} R{reserve}")
        if f in (CORRINO, GUILD):
            t.append(f" ${v.store[f]}")
        if held:
            t.append(" " + " ".join(m[:2] for m in held), style="bold")
        if queries.held_alone(v, 1 << f):  # at 80 columns only who is on the way to a win: room for the names
            t.append_text(strategic(v, f))
        return t


class HouseCards(VerticalScroll, can_focus=False):
    """One HouseCard per seat, in seat order (seat 0 plays first).  Its data, `view`, `you` (whose eyes) and
    `seats` (who sits where: a `Seats` message sets it), go to every card, and every card is drawn again: the
    one-line cards share their columns."""

    view = var(None)
    you = var(-1)
    seats: var[list] = var(list)

    LEGEND = "L leaders, T troops on card\nR reserve, $ stored spice"  # under one-line cards (issue 45)

    def __init__(self, seats: list, *, id: str | None = None) -> None:
        self.cards = [HouseCard(s) for s in range(len(seats))]
        self.legend = Static(Text(self.LEGEND, style="dim"), id="houses-legend")
        super().__init__(*self.cards, self.legend, id=id)
        self.seats = list(seats)

    def show(self, view, you: int) -> None:
        self.view, self.you = view, you

    def watch_view(self) -> None:
        self._deal()

    def watch_you(self) -> None:
        self._deal()

    def watch_seats(self) -> None:
        self._deal()

    def _deal(self) -> None:
        for card in self.cards:
            card.view, card.you = self.view, self.you
            card.seat_cfg = self.seats[card.seat] if card.seat < len(self.seats) else None
        for card in self.cards:  # a card's line may change the columns of all
            card.redraw()
