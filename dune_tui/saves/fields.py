"""What a save holds whatever its game: the envelope, the seats, the log, the hints, and the file's fields in
their order.  Each game's schema (the saves' table, dune_tui/saves/games/) types the two that are its own, the
`options` and the `snapshot`, and tags the file with its name (saves/schema.py makes the union)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import msgspec


class Envelope(msgspec.Struct):
    """What every version shares: enough to pick the schema."""

    format: str = ""
    version: int = 0


class SeatV1(msgspec.Struct, kw_only=True):
    kind: Literal["human", "bot"] = "bot"
    agent: str = "heuristic"
    name: str = ""
    login: str = ""  # the Unix login the seat is kept for at a table on a shared server ("" if none)
    claimed: bool = False  # that login took the seat when it was free (the host did not invite it)


class LogEntryV1(msgspec.Struct, array_like=True):
    seat: int
    action: tuple[Any, ...]  # nested lists come back as lists: see engine.as_action


class HintV1(msgspec.Struct, array_like=True):
    """Advice a seat was shown (`h`): after `decision` decisions of the log, a short summary."""

    decision: int
    seat: int
    text: str


class LessonV1(msgspec.Struct, kw_only=True):
    """Where a guided first game's lesson is (ui/screens/lesson.py): the steps of its game's lesson file already
    told, by their index in the file."""

    told: list[int] = []


class SaveFields(msgspec.Struct, kw_only=True):
    """Every field of a save, in the file's order (a game's `Save` gives `options` and `snapshot` their types)."""

    format: str
    version: int
    app_version: str  # the dune-tui that wrote it
    name: str  # the save's name (its file is <name>.dune.json)
    kind: Literal["auto", "named"]
    game_id: str  # the game's identity; its autosave is autosave-<game_id>
    created: datetime  # when the game started
    saved_at: datetime
    options: Any  # the game's options (the seed is options.seed)
    seats: list[SeatV1]
    log: list[LogEntryV1]  # every decision, in order: with the options it replays the game
    snapshot: Any  # the game's state after the log
    # the game is over (its snapshot has a result); files written before this field read False, and
    # `schema.finished` reads their snapshot: older dune-tui ignore the field, so no new version is needed
    finished: bool = False
    # the advice shown to players (h), beside the log and not needed to replay it; files without it read none
    hints: list[HintV1] = []
    # the bots' own secret (Session.bots_secret, seeding them; never the game's seed): files without it read None
    # and the loaded game draws a new one (the log, not the bots, replays a game)
    bots_secret: int | None = None
    hints_allowed: bool = True  # False: a competitive game (new --no-hints); files without it allowed them
    # a guided first game (`dune-tui learn`): where its lesson is, so that a resumed game tells the rest; written
    # only for such a game (UNSET is not written: every other file is as before), files without it are no lesson
    lesson: LessonV1 | msgspec.UnsetType = msgspec.UNSET
