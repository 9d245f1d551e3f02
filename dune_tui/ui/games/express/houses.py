"""Dune Express's status line (the round and its limit, whose turn, the step of the turn) and a line or two per
house: its units on the board and in reserve, its tokens, the territories it holds against those needed to win,
the Corrino store; the seat whose turn it is marked ▶, the viewer's house "you"."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ....games.express.data import BENE_GESSERIT, CORRINO, SARDAUKAR, TOKEN_NAMES, UNIT_OWNER
from ...widgets.fit import bot_short
from .labels import HOUSE_COLOURS, SHORT_HOUSES, house_label, house_letter, needed, tokens_text

STEPS = ("roll", "traitor", "move", "battle")
STEP_OF = {"foresight": 0, "roll": 0, "foresight_change": 0, "ruthlessness": 0, "monopoly": 0, "traitor": 1,
           "block": 1, "deploy": 2, "wormride": 2, "desert_power": 3}


def reserve(v, house: int) -> str:
    sard = v.reserve[SARDAUKAR] if UNIT_OWNER[SARDAUKAR] == house else 0
    return f"{v.reserve[house]}" + (f"+{sard}s" if sard else "")


class ExpressStatus(Widget):
    DEFAULT_CSS = "ExpressStatus { height: 1; background: $panel; text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.pause, self.skipping = 0.0, False

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
            out.append(f" Round {v.round}" + (f" of {v.limit}" if v.limit else ""), style="bold")
            h = v.seat_house[v.active]
            if h >= 0:
                out.append(" · ")
                out.append_text(house_letter(h))
                out.append(f" {SHORT_HOUSES[h]} to play")
            step = STEP_OF.get(v.phase, -1)
            if step >= 0:
                out.append(" · ")
                for i, name in enumerate(STEPS):
                    out.append(("▶" + name) if i == step else name,
                               style="bold reverse" if i == step else ("dim" if i < step else ""))
                    out.append(" ")
        if 0 <= v.viewer < v.n and v.seat_house[v.viewer] == BENE_GESSERIT and v.prediction > 0:
            out.append(f" · you marked round {v.prediction}", style="italic")
        out.append(" · " + ("skipping ahead" if self.skipping else f"bot pause {self.pause:g}s"), style="dim")
        return out


def who(seats: list, seat: int, you: int, short: bool = False) -> str:
    """Who plays a seat: you, or the seat's label, "(away)" when a table says its human is not connected;
    `short` (80 columns): a bot as `bot heur.` rather than `Bot (heurist…`."""
    if seat == you:
        return "you"
    if seat >= len(seats):
        return ""
    away = not getattr(seats[seat], "connected", True)  # a table's seat (table.messages.SeatInfo) says who is away
    cfg = seats[seat]
    if away and cfg.is_human and not cfg.name:
        return f"free, seat {seat + 1}"  # a table's seat nobody has sat down at
    label = f"bot {bot_short(cfg.agent)}" if short and not cfg.is_human else cfg.label()
    return label + (" (away)" if away else "")


class ExpressHouses(Widget):
    """One line per seat (two when there is room): house, whose turn, held/needed, units, tokens.  Its data,
    `view`, `you` (whose eyes) and `seats` (who sits where: a `Seats` message sets it), is reactive: a change of
    any redraws it."""

    DEFAULT_CSS = "ExpressHouses { height: 100%; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }"

    view = reactive(None, always_update=True)
    you = reactive(-1)
    seats: reactive[list] = reactive(list)

    def __init__(self, seats: list, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ExpressHouses.seats, list(seats))

    def show(self, view, you: int) -> None:
        self.view, self.you = view, you

    def render(self) -> Text:
        v = self.view
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None:
            return out
        two = 2 * v.n <= self.size.height
        for seat in range(v.n):
            h = v.seat_house[seat]
            if seat:
                out.append("\n")
            out.append("▶" if seat == v.active and v.turn else " ", style="bold")
            if h < 0:
                out.append(f"seat {seat + 1}: no house yet", style="dim")
                continue
            out.append_text(house_label(h, short=True))
            held = v.held(h)
            out.append(f" {held}/{needed(v)}", style="bold" if held else "")
            tokens = tokens_text([v.holds(seat, t) for t in range(len(TOKEN_NAMES))])
            numbers = f"board {v.on_board(h)} · reserve {reserve(v, h)}" + (f" · {tokens}" if tokens else "")
            if h == CORRINO and v.options.abilities:
                numbers += f" · store {v.store}"
            if two:
                if self.size.width < 40:  # 80 columns: the reserve goes (`c` shows it), the tokens stay
                    numbers = " · ".join([f"{v.on_board(h)} on board", *filter(None, [tokens])])
                out.append(f" {who(self.seats, seat, self.you, short=self.size.width < 40)}", style="dim")
                out.append(f"\n   {numbers}", style=HOUSE_COLOURS[h] if seat == v.active else "")
            else:
                out.append(" " + " ".join(filter(None, [f"board {v.on_board(h)}", tokens])))
        return out
