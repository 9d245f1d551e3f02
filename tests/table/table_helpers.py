"""Helpers for the table tests: fake clients (in-process, headless, recording every message they get)."""

from __future__ import annotations

import asyncio
import random

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import DecisionRequest
from tests.sessions import play_until as play_until

HUMAN = SeatConfig(kind="human", agent="", name="Ann")


def bot(spec: str = "random") -> SeatConfig:
    return SeatConfig(kind="bot", agent=spec)


def session(players: int = 2, seats=None, seed: int = 7, **options) -> Session:
    seats = seats or [HUMAN] + [bot() for _ in range(players - 1)]
    return Session(Options(players=players, seed=seed, **options), seats, bots_secret=seed)


def table(game: Session, **kw) -> Table:
    kw.setdefault("bots", "thread")
    kw.setdefault("pause", 0.0)
    return Table(game, **kw)


class Client:
    """Attached for one seat; `answer`: answer every request of its seat with a random legal action."""

    def __init__(self, table: Table, seat: int, *, answer: bool = False, seed: int = 0, host: bool = False):
        self.table, self.answer, self.rng = table, answer, random.Random(seed)
        self.got: list = []
        self.conn = table.attach(seat, self.got.append if not answer else self._take, host=host)

    def _take(self, message) -> None:
        self.got.append(message)
        if isinstance(message, DecisionRequest):  # answer later, from the loop (never inside the table's call)
            action = self.rng.choice(message.legal)
            asyncio.get_running_loop().call_soon(self.send, Decision(message.id, message.seat, action))

    def send(self, message) -> None:
        self.table.receive(self.conn, message)

    def of(self, kind: type) -> list:
        return [m for m in self.got if isinstance(m, kind)]

    def open_requests(self) -> list[DecisionRequest]:
        """The requests delivered to this client and not closed since."""
        from dune_tui.table.messages import Closed, Welcome

        found: dict[int, DecisionRequest] = {}
        for m in self.got:
            if isinstance(m, Welcome):
                found = {r.id: r for r in m.requests}
            elif isinstance(m, DecisionRequest):
                found[m.id] = m
            elif isinstance(m, Closed):
                found.pop(m.id, None)
        return list(found.values())


async def until(condition, what: str = "", limit: int = 20_000) -> None:
    """Let the loop run until `condition()` holds (a bounded number of turns of the loop, not a time)."""
    for _ in range(limit):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"never happened: {what or condition}")


def at_commit(seats=None) -> Session:
    """A two-player game stopped at a battle commit, both sides to seal (seat 0 human unless `seats`)."""
    for seed in range(1, 50):
        try:
            return play_until(session(2, seats=seats, seed=seed),
                              lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=seed)
        except AssertionError:
            continue
    raise AssertionError("no battle in 50 games")


def state_fields(state) -> tuple:
    """A State's contents, to compare two views."""
    return tuple(getattr(state, k) for k in type(state).__slots__ if k not in ("events", "_legal"))
