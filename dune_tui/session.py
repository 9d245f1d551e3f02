"""A game being played: its options, who sits in each seat, and the controller
(which holds the authoritative state and the decision log).

The Textual game plays a Session; a save file holds one (`Session.SAVED`:
dune_tui.saves writes those fields and reads them back, each in one place);
the simulator does not need one (it drives a Controller directly).
"""

from __future__ import annotations

import re
import secrets
import shlex
from datetime import UTC, datetime
from typing import Literal

import msgspec

from .controller import Controller, LogEntry
from .games.events import Event  # every game's Event is one
from .text import NAME_LIMIT, printable


class SeatConfig(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays a seat: a person at this keyboard, or a bot with an agent spec
    (`random`, `heuristic`, `mcts:easy`, `mcts:normal`, `mcts:hard`...).

    The name and the agent may come from a file or a peer: they are made printable (no control
    characters, no bidi overrides) and the name cut to NAME_LIMIT characters, whatever made the seat."""

    kind: Literal["human", "bot"] = "bot"
    agent: str = "heuristic"
    name: str = ""
    login: str = ""  # a human seat kept for this Unix login (`--seat user:alice`, or who sat there first)
    claimed: bool = False  # the login sat down at a free seat (kept for it since), not invited to it by the host

    def __post_init__(self) -> None:
        name, agent = printable(self.name, limit=NAME_LIMIT), printable(self.agent, limit=NAME_LIMIT)
        if name != self.name:
            msgspec.structs.force_setattr(self, "name", name)
        if agent != self.agent:
            msgspec.structs.force_setattr(self, "agent", agent)
        if self.login and not valid_login(self.login):
            raise ValueError(f"not a login name: {printable(self.login, limit=NAME_LIMIT)!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self) -> str:
        return seat_label(self.name, self.kind, self.agent)


LOGIN = re.compile(r"[a-z_][a-z0-9_.-]{0,31}\$?", re.IGNORECASE)  # what useradd accepts (POSIX portable names)
KEY = "key:"  # a player the table server's front door knows by their SSH key: `key:NAME`, NAME their display name
KEY_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,19}", re.IGNORECASE)  # a display name: no space, nothing to escape


def host_load(file: str) -> str:
    """The command that hosts a saved game again (`file`: its path, or FILE)."""
    return f"dune-tui host --load {file if file == 'FILE' else shlex.quote(file)}"


def valid_login(login: object) -> bool:
    """A Unix login (`alice`) or a front door's player known by key (`key:alice`): who may keep a seat."""
    if isinstance(login, str) and login.startswith(KEY):
        return KEY_NAME.fullmatch(login.removeprefix(KEY)) is not None
    return isinstance(login, str) and LOGIN.fullmatch(login) is not None


def seat_label(name: str, kind: str, agent: str) -> str:
    """How a seat is named on screen: its player's name, else "Human" or "Bot (spec)"."""
    if name:
        return name
    return "Human" if kind == "human" else f"Bot ({agent})"


# A game id names its autosave file: ASCII letters, digits and hyphens, 1 to 64, starting with a letter or
# digit.  new_game_id makes 20261125-061024-a1b2; older samples use sample-fresh.  Nothing path-like:
# no dot, slash, backslash, NUL, space or control character.
GAME_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z-]{0,63}")


def new_game_id(created: datetime) -> str:
    """A game's identity in file names: its start time and a little randomness."""
    return f"{created.astimezone(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


def valid_game_id(game_id: object) -> bool:
    """True for an identifier new_game_id could have made (it names the game's autosave file)."""
    return isinstance(game_id, str) and GAME_ID.fullmatch(game_id) is not None


def new_bots_secret() -> int:
    """A secret for the bots of a game that has none (a loaded game whose file kept none; `game_spec.new_game` draws a
    new game's alike): 128 bits from the operating system, never the game's seed (which keys the dice: a bot must
    learn nothing of it)."""
    return secrets.randbits(128)


class Session:
    """A game with its seats.  `name` is the last name it was saved under (if any);
    `game_id` and `created` stay with the game across saves and loads (its
    autosave is `autosave-<game_id>`); `history` holds the events up to when
    the session was made or loaded, private ones too (filter with
    `Event.visible_to`); whoever plays it on may append to it.  `bots_secret` seeds the bots
    (`table.bots.bot_seed`): whoever makes the game gives it (`game_spec.new_game` draws it from the operating
    system, never from the game's seed, which keys the dice; a test gives a number), and its saves keep it, so that
    the bots play on as they would have."""

    # What a save holds of the session, by the names both use: the saves write these and read them back, beside
    # the file's own fields (its name and kind, when and by which dune-tui it was written, the state's snapshot).
    SAVED = ("game_id", "created", "options", "seats", "log", "hints", "bots_secret", "hints_allowed", "lesson")

    def __init__(self, options: msgspec.Struct, seats: list[SeatConfig], controller: Controller | None = None, *,
                 bots_secret: int, name: str = "", created: datetime | None = None, game_id: str = "",
                 hints: list[tuple[int, int, str]] | None = None, hints_allowed: bool = True,
                 lesson: list[int] | None = None) -> None:
        if len(seats) != options.players:
            raise ValueError(f"{len(seats)} seats for {options.players} players")
        self.options = options
        self.seats = list(seats)
        self.controller = controller or Controller(options)
        self.name = name
        self.created = created or datetime.now(UTC)
        self.game_id = game_id or new_game_id(self.created)
        self.bots_secret = bots_secret
        self.history: list[Event] = list(self.controller.opening) if controller is None else []
        self.autosaved_turn = -1  # turns finished at the last autosave (see saves.autosave_due)
        self.warning = ""  # set by saves.load(strict=False) when the file's snapshot disagreed with its log
        self.recovered = 0  # decisions saves.load took from the game's journal (made after its last autosave)
        self.recovery = ""  # what the resumed game says about them ("" when the game had been closed cleanly)
        self.from_backup = False  # loaded from the backup of a damaged save (its next autosave keeps that backup)
        self.hints: list[tuple[int, int, str]] = list(hints or [])  # advice shown (h): (decisions before, seat, text)
        self.hints_allowed = hints_allowed  # False: a competitive game, no advice (new/host --no-hints)
        # a guided first game's (ui/screens/lesson.py): the steps of its lesson already told, by their index in the
        # lesson file; None: no lesson
        self.lesson = lesson

    @property
    def state(self):
        return self.controller.state

    @property
    def log(self) -> list[LogEntry]:
        return self.controller.log

    def take_back(self):
        """Take back the game's last decision (the controller's `undoable` said it may be): the history is the game
        as now played, and the hints shown for decisions no longer played are dropped.  The entry taken back."""
        entry, self.history = self.controller.take_back()
        self.hints = [h for h in self.hints if h[0] <= len(self.log)]  # (the position asked again keeps its)
        return entry

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def kept_for_others(self, login: str, file: str = "FILE") -> str:
        """Why `login` may not play this unfinished game at one keyboard ("" if it may): it was hosted at a table,
        and human seats are kept for other logins, who sit down as themselves only at the table again.  `file`:
        the game's save, when the caller knows it (the command then says it); "": no command (a front door's player
        has no shell)."""
        others = [i for i in self.humans() if self.seats[i].login and self.seats[i].login != login]
        if not others or self.controller.over:
            return ""
        whose = ", ".join(f"seat {i + 1} is {self.seats[i].login}'s" for i in others)
        how = f"resume it with `{host_load(file)}`" if file else "it is resumed only by hosting it again"
        return f"this game was played at a table and {whose}: {how}, where each player sits down as themselves"
