"""One finished game as the record shows it, read from its save without replaying it (as `dune-tui saves` reads
it: every string printable, every number checked)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import msgspec

from ..games import game_named
from ..saves import schema
from ..saves.snapshot import options_from_file
from ..saves.store import utc
from ..session import seat_label, valid_game_id
from ..text import NAME_LIMIT, printable

# how a game ended: a side alone, allies together, the side that wins when nobody has (the first game's Guild),
# nobody; and, from your seat, whether you won
WAYS = ("alone", "alliance", "default", "nobody")
RESULTS = ("won", "lost", *WAYS)
_DEFAULT_REASONS = ("guild_default",)  # a Result's reason when the game's DEFAULT_WINNER took it


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    name: str  # as shown: the player's name, "Human" or "Bot (mcts:hard)"
    kind: str  # "human" or "bot"
    agent: str  # the bot's level ("" for a person)
    login: str = ""
    side: str = ""  # its faction or house
    won: bool = False


class Finished(msgspec.Struct, frozen=True, kw_only=True):
    """A finished game: who played, how it ended, from your seat (`you`, None when no seat is yours)."""

    game_id: str
    rules: str  # the game's name ("dune", "express")
    title: str
    variants: str  # its modifications in words ("" for none)
    started: datetime | None
    ended: datetime | None
    seats: tuple[Seat, ...]
    you: int | None
    way: str  # one of WAYS
    rounds: int
    decisions: int
    path: str  # the save it was read from (the review opens it)
    left: bool = False  # you left your seat (`you`) before the end: a loss, whoever played it on (the server's)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def won(self) -> bool:
        return self.you is not None and not self.left and self.seats[self.you].won

    def result_text(self) -> str:
        """ "won alone", "won in alliance", "won: the Guild's default", "lost", "nobody won" (from your seat), "you
        left" (before the end)."""
        if self.left:
            return "you left"
        if self.way == "nobody":
            return "nobody won"
        if self.you is None:
            return {"alone": "won alone", "alliance": "allies won", "default": "won by default"}[self.way]
        if not self.won:
            return "lost"
        return {"alone": "won alone", "alliance": "won in alliance", "default": "won by default"}[self.way]

    def players_text(self) -> str:
        """ "you (Fremen), Bot (heuristic) (Atreides), bob (Corrino)" """
        return ", ".join(f"{'you' if i == self.you else s.name}" + (f" ({s.side})" if s.side else "")
                         for i, s in enumerate(self.seats))

    def game_text(self) -> str:
        return self.title + (f" ({self.variants})" if self.variants else "")


def matches(game: Finished, *, rules: str | None = None, players: int | None = None, result: str | None = None,
            bot: str | None = None) -> bool:
    """The game passes the filters: its game, its number of players, its result (one of RESULTS), a bot level."""
    if (rules and game.rules != rules) or (players and game.players != players):
        return False
    if bot and not any(s.kind == "bot" and s.agent == bot for s in game.seats):
        return False
    if result in ("won", "lost"):
        return game.you is not None and (game.left or game.way != "nobody") and game.won == (result == "won")
    return not result or game.way == result


def read(save, path: Path, me: str) -> Finished | None:
    """The finished game in a decoded save, or None (not over, or not a game this program wrote)."""
    if not schema.finished(save) or not valid_game_id(save.game_id):
        return None
    game = game_named(schema.rules_of_save(save))
    snap, players = save.snapshot, save.options.players
    result = snap.result
    if result is None or players not in game.players or len(save.seats) != players:
        return None
    sides = game.seat_sides(snap)[:players]
    winners = {seat for seat, side in enumerate(sides) if side in set(result.winners)}
    seats = tuple(Seat(name=printable(seat_label(s.name, s.kind, s.agent), limit=NAME_LIMIT), kind=s.kind,
                       agent="" if s.kind == "human" else printable(s.agent, limit=NAME_LIMIT),
                       login=printable(s.login, limit=NAME_LIMIT), side=game.side_name(sides[i]), won=i in winners)
                  for i, s in enumerate(save.seats))
    return Finished(game_id=save.game_id, rules=game.name, title=game.title, variants=_variants(game, save),
                    started=utc(save.created), ended=utc(save.saved_at), seats=seats, you=your_seat(seats, me),
                    way=way_of(result, len(winners)), rounds=snap.round if 0 <= snap.round <= 999 else 0,
                    decisions=len(save.log), path=str(path))


def _variants(game, save) -> str:
    try:
        return printable(game.engine.variants_in_words(options_from_file(save.options)), limit=80)
    except Exception:  # options the engine refuses: the listing still shows the game
        return ""


def your_seat(seats: tuple[Seat, ...], me: str) -> int | None:
    """The seat kept for your login, else the first person's seat at this keyboard (a game played alone)."""
    for i, seat in enumerate(seats):
        if me and seat.login == me:
            return i
    return next((i for i, s in enumerate(seats) if s.kind == "human" and not s.login), None)


def way_of(result, winners: int) -> str:
    if not winners:
        return "nobody"
    if result.reason in _DEFAULT_REASONS:
        return "default"
    return "alliance" if winners > 1 else "alone"
