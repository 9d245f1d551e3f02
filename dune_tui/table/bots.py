"""Where the bots think: in a child process (default) or in a thread (the table asks them).

A pure-Python search holds the GIL, so a bot thinking in a thread of the
Textual process delays key presses; a child process does not.  Both runners
offer the same blocking calls, made from a worker thread of the table's loop:

    runner.decide(request, cancel) -> action     (cancel: threading.Event)
    runner.close()

The child process gets requests (a seat's view, never the state) over a pipe
and holds one agent per bot seat, built with `ai.make_agent(spec, bot_seed(bots_secret, seat))`;
every agent is an `ai.agent.Agent`: `decide(request, cancel=...)`.  A bot learns the game from the request's
view alone: the events are not sent to it.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dune_tui.ai.agent import Agent


class BotCancelled(Exception):
    """The decision was abandoned (the table closed: the game left, the app quitting)."""


class BotFailed(Exception):
    """The bot raised or its process died: the message says how."""


def bot_seed(bots_secret: int, seat: int) -> int:
    """A bot's own seed, from the bots' secret (`Session.bots_secret`: drawn from the operating system when the
    game is made, kept in its saves, never derived from the game's seed, which keys the dice) and the seat.
    A one-way hash, so that a bot's seed says nothing of the secret nor of the other bots' seeds."""
    digest = hashlib.blake2b(f"{bots_secret}:{seat}".encode(), digest_size=8, person=b"dune-tui-bot").digest()
    return int.from_bytes(digest, "big")


class _Agents:
    """The agents of one game, built lazily: {seat: agent}."""

    def __init__(self, specs: dict[int, str], bots_secret: int) -> None:
        self.specs = specs
        self.bots_secret = bots_secret
        self.agents: dict[int, Agent] = {}

    def get(self, seat: int) -> Agent:
        agent = self.agents.get(seat)
        if agent is None:
            from dune_tui.ai import make_agent

            agent = self.agents[seat] = make_agent(self.specs[seat], seed=bot_seed(self.bots_secret, seat))
        return agent


class ThreadBots:
    """Agents in this process: cheap to start, but a CPU-bound bot competes for the GIL."""

    kind = "thread"

    def __init__(self, specs: dict[int, str], bots_secret: int) -> None:
        self.specs = specs
        self._agents = _Agents(specs, bots_secret)
        self._lock = threading.Lock()

    def start(self) -> None:
        for seat in self._agents.specs:
            self._agents.get(seat)

    def decide(self, request, cancel: threading.Event) -> Any:
        with self._lock:
            try:
                action = self._agents.get(request.seat).decide(request, cancel=cancel)
            except Exception as e:
                raise BotFailed(f"{type(e).__name__}: {e}") from e
        if cancel.is_set():
            raise BotCancelled
        return action

    def close(self) -> None:
        pass


def _child_main(conn, cancel, specs: dict[int, str], bots_secret: int) -> None:  # pragma: no cover
    """The bot process: answer ("decide", request) until EOF (or None).  The bots are `dune_tui.ai`, inside the
    package the child already runs from: nothing else on the path can shadow them."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)  # never write on the player's terminal
    os.dup2(devnull, 2)
    agents = _Agents(specs, bots_secret)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        request = msg[1]
        try:
            reply = ("ok", agents.get(request.seat).decide(request, cancel=cancel))
        except Exception as e:
            reply = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


class ProcessBots:
    """Agents in a child process: the UI keeps the GIL while a bot searches."""

    kind = "process"
    POLL = 0.05  # seconds between checks of the cancel flag while waiting
    GRACE = 2.0  # seconds a cancelled bot gets to answer before its process is killed

    def __init__(self, specs: dict[int, str], bots_secret: int) -> None:
        self.specs = specs
        self.bots_secret = bots_secret
        self._ctx = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None
        self._cancel = None
        self._lock = threading.Lock()
        self._closed = False
        self.fallback: ThreadBots | None = None  # used when no child process can be started
        self.fallback_reason = ""

    def start(self) -> None:
        """Start the child (blocking: call it from a worker thread)."""
        with self._lock:
            self._ensure()

    def _ensure(self) -> None:
        if self._closed:
            raise BotCancelled
        if self.fallback is not None or (self._proc is not None and self._proc.is_alive()):
            return
        try:
            with real_stdio():
                ours, theirs = self._ctx.Pipe()
                self._cancel = self._ctx.Event()  # (starts the resource tracker, which unblocks SIGINT as it does)
                proc = self._ctx.Process(target=_child_main, name="dune-tui-bots", daemon=True,
                                         args=(theirs, self._cancel, self.specs, self.bots_secret))
                with deaf_to_ctrl_c():
                    proc.start()
        except Exception as e:  # no process for us here: think in a thread instead
            self.fallback_reason = f"{type(e).__name__}: {e}"
            self.fallback = ThreadBots(self.specs, self.bots_secret)
            return
        theirs.close()
        self._proc, self._conn = proc, ours  # only a started child: `close` may run meanwhile (it takes no lock)
        if self._closed:
            self.close()

    def decide(self, request, cancel: threading.Event) -> Any:
        with self._lock:
            self._ensure()
            if self.fallback is not None:
                return self.fallback.decide(request, cancel)
            self._cancel.clear()
            try:
                self._conn.send(("decide", request))
            except (BrokenPipeError, OSError) as e:
                self._kill()
                raise BotFailed(f"the bot process is gone ({e})") from e
            deadline = None
            while True:
                try:
                    ready = self._conn.poll(self.POLL)
                    reply = self._conn.recv() if ready else None
                except (EOFError, OSError) as e:
                    self._kill()
                    if cancel.is_set():
                        raise BotCancelled from e
                    raise BotFailed("the bot process died") from e
                if reply is not None:
                    if cancel.is_set():
                        raise BotCancelled
                    if reply[0] == "error":
                        raise BotFailed(reply[1])
                    return reply[1]
                if cancel.is_set():
                    self._cancel.set()
                    if deadline is None:
                        deadline = time.monotonic() + self.GRACE
                    elif time.monotonic() > deadline:
                        self._kill()
                        raise BotCancelled

    def close(self) -> None:
        """Stop the child now (it is a daemon: it cannot outlive us either)."""
        self._closed = True
        if self._cancel is not None:
            self._cancel.set()
        proc, conn = self._proc, self._conn
        if conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                conn.send(None)
        if proc is not None:
            proc.join(0.2)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)
        if conn is not None:
            conn.close()

    def _kill(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            self._proc.kill()
            self._proc.join(1.0)
        self._proc = None


@contextlib.contextmanager
def real_stdio():
    """Textual replaces sys.stdout/stderr with objects without a file descriptor, which
    multiprocessing needs (its resource tracker passes stderr's fd to the child)."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def deaf_to_ctrl_c():
    """Ctrl-C on a terminal goes to its whole foreground group, the bots' child too (a half-started Python prints a
    traceback on the player's screen).  SIGINT blocked in this thread while the child starts stays blocked in it (a
    signal mask survives fork and exec, as multiprocessing's resource tracker relies on); the parent stops it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def make_runner(kind: str, specs: dict[int, str], bots_secret: int):
    """A runner for the bot seats `specs` ({seat: agent spec}); kind "process" or "thread"."""
    return (ProcessBots if kind == "process" else ThreadBots)(specs, bots_secret)


def bot_specs(session) -> dict[int, str]:
    """{seat: agent spec} of a session's bot seats."""
    return {s: cfg.agent for s, cfg in enumerate(session.seats) if not cfg.is_human}


def start_early(session, kind: str):
    """A process runner for `session`'s bots, its child already started: starting is a fork and an exec, and the
    child's imports then run beside the caller's (a bot that plays first is ready sooner).  None when there is no
    child to start: the table makes its own runner."""
    specs = bot_specs(session)
    if kind != "process" or not specs or session.controller.over:
        return None
    runner = make_runner(kind, specs, session.bots_secret)
    runner.start()
    return runner
