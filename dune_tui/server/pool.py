"""The server's bots think in a pool of worker processes shared by every table, at most one per core: never in the
server's event loop, and a bot's search at one table never holds up a human's decision at another.

    pool = BotPool(workers=os.cpu_count())
    table = Table(session, runner=pool.runner(table_id, specs, bots_secret))   # the runner the table asks
    pool.close()

A table's runner offers the table's blocking calls (`decide(request, cancel)`, `start`, `close`).  Each worker keeps
the agents of the tables it has served (built by `ai.make_agent` with the table's own seeds, as a table's child
process does); a request carries its seat's view only, never the state.  A decision the table abandons (closed) is
left to finish in its worker and dropped.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ..table.bots import BotCancelled, BotFailed, bot_seed

PARENT_SECONDS = 0.5  # how often a worker checks that the server still lives
KEPT = 256  # tables whose agents a worker keeps (the least recently asked are dropped)
_agents: OrderedDict = OrderedDict()  # in a worker: (table, seat) -> agent


def _worker(root: str, server: int) -> None:  # pragma: no cover (in the worker)
    """A worker starts: quiet (the server's stdout and stderr are its log), and gone with the server, however it
    ends (a `kill -9` leaves no worker behind: its queue never says so, the worker holding one end of it).  The
    server's pid comes from the server: a worker still starting when the server was killed had asked for its
    parent's and got init's, and waited for init to end."""
    sys.path.insert(0, root)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _decide(table: str, spec: str, bots_secret: int, request):  # pragma: no cover (in the worker)
    key = (table, request.seat)
    agent = _agents.pop(key, None)
    if agent is None:
        from dune_tui.ai import make_agent

        agent = make_agent(spec, seed=bot_seed(bots_secret, request.seat))
    _agents[key] = agent
    while len(_agents) > KEPT:
        _agents.popitem(last=False)
    return agent.decide(request)


class BotPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        root = str(Path(__file__).resolve().parents[2])
        self.executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_worker, initargs=(root, os.getpid()))

    def runner(self, table: str, specs: dict[int, str], bots_secret: int) -> PoolBots:
        return PoolBots(self, table, specs, bots_secret)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class PoolBots:
    """One table's bots in the pool (the table's runner)."""

    kind = "pool"

    def __init__(self, pool: BotPool, table: str, specs: dict[int, str], bots_secret: int) -> None:
        self.pool, self.table, self.specs, self.bots_secret = pool, table, specs, bots_secret
        self.closed = threading.Event()

    def start(self) -> None:
        pass

    def decide(self, request, cancel: threading.Event):
        try:
            future = self.pool.executor.submit(_decide, self.table, self.specs[request.seat], self.bots_secret,
                                               request)
        except RuntimeError as e:  # the pool is shut down (the server is stopping)
            raise BotCancelled from e
        while True:
            try:
                return future.result(timeout=0.1)
            except concurrent.futures.TimeoutError:
                if cancel.is_set() or self.closed.is_set():
                    future.cancel()
                    raise BotCancelled from None
            except concurrent.futures.CancelledError:
                raise BotCancelled from None
            except concurrent.futures.process.BrokenProcessPool as e:
                raise BotFailed(f"the bots' worker process died ({e})") from None
            except Exception as e:
                raise BotFailed(f"{type(e).__name__}: {e}") from None

    def close(self) -> None:
        self.closed.set()
