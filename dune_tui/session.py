"""A game being played: its options, who sits in each seat, and the controller
(which holds the authoritative state and the decision log).

The Textual game plays a Session; the saves write and read one; the
simulator does not need one (it drives a Controller directly).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .controller import Controller, LogEntry, replay
from .engine import Options


class SeatConfig(msgspec.Struct, frozen=True, kw_only=True):
    """Who plays a seat: a person at this keyboard, or a bot with an agent spec
    (`random`, `heuristic`, `mcts:easy`, `mcts:normal`, `mcts:hard`...)."""

    kind: Literal["human", "bot"] = "bot"
    agent: str = "heuristic"
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self) -> str:
        if self.name:
            return self.name
        return "Human" if self.is_human else f"Bot ({self.agent})"


class Session:
    def __init__(self, options: Options, seats: list[SeatConfig], controller: Controller | None = None) -> None:
        if len(seats) != options.players:
            raise ValueError(f"{len(seats)} seats for {options.players} players")
        self.options = options
        self.seats = list(seats)
        self.controller = controller or Controller(options)

    @property
    def state(self):
        return self.controller.state

    @property
    def log(self) -> list[LogEntry]:
        return self.controller.log

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @classmethod
    def from_log(cls, options: Options, seats: list[SeatConfig], log: list) -> Session:
        """Rebuild a session by replaying its decision log (raises IllegalAction on a bad log)."""
        controller, _ = replay(options, log)
        return cls(options, seats, controller)
