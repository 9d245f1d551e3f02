"""The save file: one msgspec schema per format version, and the migrations
between them.  saves/README.md in the repository documents the format.

A file is JSON (readable, diffable, the samples in the repository can be
reviewed), one object whose `format` is "dune-tui-save" and whose `version`
says which schema below reads it.  To change the format: copy the newest
schema as `SaveV<n+1>`, change it, add `migrate_v<n>_v<n+1>` to MIGRATIONS,
bump CURRENT, and regenerate the samples (saves/make_samples.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

import msgspec

from ..text import printable
from .errors import SaveError

FORMAT = "dune-tui-save"
CURRENT = 2


class Envelope(msgspec.Struct):
    """What every version shares: enough to pick the schema."""

    format: str = ""
    version: int = 0


# --------------------------------------------------------------- version 1


class OptionsV1(msgspec.Struct, kw_only=True):
    players: int
    seed: int
    factions: tuple[str, ...] | None = None
    faction_choice: str = "random"
    face_dancers: str = "dice"
    dice: str = "splitmix"  # the generator; files written before "keyed" existed replay with SplitMix64


class SeatV1(msgspec.Struct, kw_only=True):
    kind: Literal["human", "bot"] = "bot"
    agent: str = "heuristic"
    name: str = ""
    login: str = ""  # the Unix login the seat is kept for at a table on a shared server ("" if none)


class LogEntryV1(msgspec.Struct, array_like=True):
    seat: int
    action: tuple[Any, ...]  # nested lists come back as lists: see engine.as_action


class HintV1(msgspec.Struct, array_like=True):
    """Advice a seat was shown (`h`): after `decision` decisions of the log, a short summary."""

    decision: int
    seat: int
    text: str


class ResultV1(msgspec.Struct, kw_only=True):
    winners: tuple[int, ...]
    reason: str
    round: int
    stolen_from: int = -1
    text: str = ""


Pairs = tuple[tuple[int, int], ...]
Commit = tuple[str, Pairs, Pairs]  # ("commit", ((unit, n), ...), ((faction, n), ...))


class SnapshotV1(msgspec.Struct, kw_only=True):
    """Every field of engine.state.State but `events` and `_legal`."""

    seat_faction: list[int]
    faction_seat: list[int]
    board: list[int]
    card: list[int]
    reserve: list[int]
    lcard: list[int]
    lreserve: list[int]
    constr: list[int]
    store: list[int]
    dice: list[int]
    options: OptionsV1
    n: int
    rng: int
    phase: str
    awaiting: tuple[int, ...]
    round: int
    turn: int
    active: int
    storm: int
    snooper: int
    shield: int
    thumpers: int
    prediction: int
    kept: int
    used_dice: int
    axolotl: int
    ally: int
    proposal: tuple[int, int]
    share: int
    spice_die: int
    spice_other: int
    guild_paid: bool
    landed_out: int
    consent: bool
    ally_budget: int
    target: int
    rats_flee: bool
    battles: tuple[int, ...]
    b_loc: int
    b_def: int
    b_offers: int
    b_queue: tuple[int, ...]
    b_commits: tuple[Commit | None, Commit | None]
    chooser: int
    result: ResultV1 | None
    viewer: int


class SaveV1(msgspec.Struct, kw_only=True):
    format: str
    version: int
    app_version: str  # the dune-tui that wrote it
    name: str  # the save's name (its file is <name>.dune.json)
    kind: Literal["auto", "named"]
    game_id: str  # the game's identity; its autosave is autosave-<game_id>
    created: datetime  # when the game started
    saved_at: datetime
    options: OptionsV1  # the seed is options.seed
    seats: list[SeatV1]
    log: list[LogEntryV1]  # every decision, in order: with the options it replays the game
    snapshot: SnapshotV1  # the state after the log
    # the game is over (its snapshot has a result); files written before this field read False, and
    # `finished` below reads their snapshot: older dune-tui ignore the field, so no new version is needed
    finished: bool = False
    # the advice shown to players (h), beside the log and not needed to replay it; files without it read none
    hints: list[HintV1] = []
    # the bots' own secret (Session.bots_secret, seeding them; never the game's seed): files without it read None
    # and the loaded game draws a new one (the log, not the bots, replays a game)
    bots_secret: int | None = None
    hints_allowed: bool = True  # False: a competitive game (new --no-hints); files without it allowed them


class ResultOnly(msgspec.Struct):
    result: Any = None


class Finished(msgspec.Struct):
    """Just enough of a save to tell whether its game is over, without decoding the rest."""

    finished: bool = False
    snapshot: ResultOnly | None = None


def finished(save: SaveV1 | Finished) -> bool:  # SaveV1 or any later version
    """The game in the save is over: it says so, or (a file from before the `finished` field) its snapshot
    has a result."""
    return save.finished or (save.snapshot is not None and save.snapshot.result is not None)


# --------------------------------------------------------------- version 2
# The save says which rule set it plays, in a top-level "rules" tag: "dune" (Dune: The Dice Game, the fields
# of version 1 unchanged) or "express" (Dune Express: its options and its State's fields).


class SaveV2(SaveV1, tag_field="rules", tag="dune"):
    """A game of Dune: The Dice Game: version 1's fields, tagged."""


class ExpressOptionsV2(msgspec.Struct, kw_only=True):
    rules: Literal["express"] = "express"
    players: int
    seed: int
    houses: tuple[str, ...] | None = None
    abilities: bool = False
    round_limit: int = 0
    ending: str | None = None  # absent before issue 36: a Shorter Game then played the tie-break (X26)
    thumper: bool = False
    defence: str = "full"
    tokens: tuple[int, int, int, int] = (-1, -1, -1, -1)  # X28 (issue 36): -1, as `defence` says
    fortresses: bool = False  # issue 36
    dice: str = "keyed"

    def __post_init__(self) -> None:
        if self.ending is None:
            self.ending = "tiebreak" if self.round_limit else "nobody"


class ExpressResultV2(msgspec.Struct, kw_only=True):
    winners: tuple[int, ...]
    reason: str
    round: int
    text: str = ""


class ExpressSnapshotV2(msgspec.Struct, kw_only=True):
    """Every field of express.state.State but `events` and `_legal`."""

    seat_house: list[int]
    house_seat: list[int]
    board: list[int]
    reserve: list[int]
    tokens: list[int]
    supply: list[int]
    dice: list[int]
    options: ExpressOptionsV2
    n: int
    rng: int | None
    phase: str
    awaiting: tuple[int, ...]
    round: int
    turn: int
    first: int
    active: int
    kept: int
    skipped: int
    spice: int
    symbols: int
    target: int
    traitor: tuple[int, int, int]
    store: int
    prediction: int
    limit: int
    battles: tuple[int, ...]
    boost: int
    result: ExpressResultV2 | None
    viewer: int
    fortress: list[int] = msgspec.field(default_factory=lambda: [-1] * 6)  # issue 36: the fortress modification
    storm: int = -1
    assigned: int = 0


class ExpressSaveV2(SaveV1, tag_field="rules", tag="express"):
    """A game of Dune Express."""

    options: ExpressOptionsV2
    snapshot: ExpressSnapshotV2


def migrate_v1_v2(old: SaveV1) -> SaveV2:
    """Every version 1 file is a game of Dune: The Dice Game."""
    return SaveV2(**msgspec.structs.asdict(old))


# ---------------------------------------------------------------- versions

Save = SaveV2 | ExpressSaveV2  # the current schema
SCHEMAS: dict[int, Any] = {1: SaveV1, 2: Save}
MIGRATIONS: dict[int, Callable[[Any], Any]] = {1: migrate_v1_v2}  # version n -> function from SaveV<n> to SaveV<n+1>
OPTIONS: dict[str, type] = {"dune": OptionsV1, "express": ExpressOptionsV2}  # by rule set
SNAPSHOTS: dict[str, type] = {"dune": SnapshotV1, "express": ExpressSnapshotV2}  # by rule set
SAVES: dict[str, type] = {"dune": SaveV2, "express": ExpressSaveV2}

_encoder = msgspec.json.Encoder()


def encode(save: Save) -> bytes:
    return _encoder.encode(save)


def rules_of_save(save) -> str:
    """The rule set a decoded save plays ("dune" for any file written before version 2)."""
    return "express" if isinstance(save, ExpressSaveV2) else "dune"


def decode(data: bytes) -> Save:
    """The current-version save in `data` (older versions migrated); SaveError says what is wrong."""
    if not data.strip():
        raise SaveError("the file is empty")
    try:
        env = msgspec.json.decode(data, type=Envelope)
    except msgspec.ValidationError:
        raise SaveError("this is not a dune-tui save (JSON, but not one of ours)") from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise SaveError("the file is truncated or is not a dune-tui save (not valid JSON)") from None
    except RecursionError:
        raise SaveError("this is not a dune-tui save (JSON nested far too deeply)") from None
    if env.format != FORMAT:
        raise SaveError("this is not a dune-tui save (JSON, but not one of ours)")
    if env.version > CURRENT:
        raise SaveError(f"written by a newer dune-tui (format {env.version}; this one reads up to {CURRENT})")
    if env.version not in SCHEMAS:
        raise SaveError(f"unknown save format version {env.version}")
    try:
        save = msgspec.json.decode(data, type=SCHEMAS[env.version])
    except (msgspec.MsgspecError, UnicodeDecodeError) as e:
        raise SaveError(f"the file is damaged ({one_line(e)})") from None
    except RecursionError:
        raise SaveError("the file is damaged (JSON nested far too deeply)") from None
    for version in range(env.version, CURRENT):
        save = MIGRATIONS[version](save)
    return save


def one_line(e: BaseException) -> str:
    """The error on one printable line (msgspec quotes a bad tag, the file's "rules", as it is)."""
    return printable(" ".join(str(e).split()), limit=300) or type(e).__name__
