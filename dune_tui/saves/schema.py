"""The save file: one msgspec schema per format version, and the migrations
between them.  saves/README.md in the repository documents the format.

A file is JSON (readable, diffable, the samples in the repository can be
reviewed), one object whose `format` is "dune-tui-save" and whose `version`
says which schema below reads it.  The fields every game's save holds are in
`fields`; a game's own (its options, its snapshot, its tagged `Save`) in its
module of the saves' table (dune_tui/saves/games/).  To
change the format: copy the newest schema as `SaveV<n+1>`, change it, add
`migrate_v<n>_v<n+1>` to MIGRATIONS, bump CURRENT, and regenerate the samples
(saves/make_samples.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Union

import msgspec

from ..games import GAMES, game_named
from ..text import printable
from .errors import SaveError
from .fields import Envelope, SaveFields
from .games import schema_of

FORMAT = "dune-tui-save"
CURRENT = 2


class ResultOnly(msgspec.Struct):
    result: Any = None


class Finished(msgspec.Struct):
    """Just enough of a save to tell whether its game is over, without decoding the rest."""

    finished: bool = False
    snapshot: ResultOnly | None = None


def finished(save: SaveFields | Finished) -> bool:
    """The game in the save is over: it says so, or (a file from before the `finished` field) its snapshot
    has a result."""
    return save.finished or (save.snapshot is not None and save.snapshot.result is not None)


# --------------------------------------------------------------- versions
# Version 1: a game of Dune: The Dice Game, the first game (`SaveV1` of its schema).  Version 2: the save says
# which game it plays in a top-level "rules" tag, its game's name; each game's `Save` (dune_tui/saves/games/) holds
# its options and its State's fields, the first game's exactly as in version 1.

FIRST = schema_of(game_named())
Save = Union[tuple(schema_of(game).Save for game in GAMES.values())]  # noqa: UP007 (a runtime tuple of types)


def save_union() -> Any:
    """The current version's schema: the union of every registered game's `Save` (a game registered after this
    module was imported too)."""
    return _union(tuple(GAMES))


@cache
def _union(names: tuple[str, ...]) -> Any:
    return Union[tuple(schema_of(GAMES[name]).Save for name in names)]  # noqa: UP007 (a runtime tuple of types)


def migrate_v1_v2(old):
    """Every version 1 file is a game of the first game."""
    return FIRST.Save(**msgspec.structs.asdict(old))


SCHEMAS: dict[int, Any] = {1: FIRST.SaveV1, 2: Save}  # the current version's `Save`: read as `save_union()`
MIGRATIONS: dict[int, Callable[[Any], Any]] = {1: migrate_v1_v2}  # version n -> function from SaveV<n> to SaveV<n+1>

_encoder = msgspec.json.Encoder()


def encode(save: Save) -> bytes:
    return _encoder.encode(save)


def rules_of_save(save) -> str:
    """The name of the game a decoded save (of the current version) plays: its tag."""
    return type(save).__struct_config__.tag


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
        kind = SCHEMAS[env.version]
        save = msgspec.json.decode(data, type=save_union() if kind is Save else kind)
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
