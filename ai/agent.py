"""What a bot is: the one protocol the table's bot runner, `Controller.run` (`dune-tui sim`) and the benchmarks call.

A bot answers a `DecisionRequest` (dune_tui.controller: the seat, its view, the legal actions) with one of the
legal actions, reading the seat's view only.  Every bot takes the `cancel` keyword, so no caller needs to ask
which bots do; a bot that answers at once may ignore it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


class Cancel(Protocol):
    """Set from another thread or process to abandon a decision (threading.Event, multiprocessing.Event)."""

    def is_set(self) -> bool: ...


@runtime_checkable
class Agent(Protocol):
    """A bot.  `name` is its spec (`mcts:hard`); `decide` returns one of `request.legal`, and returns early (with
    its best guess so far) once `cancel` is set."""

    name: str

    def decide(self, request, cancel: Cancel | None = None) -> Any: ...
