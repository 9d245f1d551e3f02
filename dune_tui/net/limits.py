"""Rates a table allows a peer, and a log that a peer cannot flood.

    bucket = Bucket(burst=10, rate=0.5)     # 10 at once, then one every 2 seconds
    if not bucket.take(): ...               # over the rate
    guesses = Buckets(20, 1.0)              # one bucket per key (an address, a seat), the oldest forgotten
    quiet = QuietLog(log, burst=20, rate=1.0)
    quiet.warning(peer, "refused %s: %s", peer, why)   # past the rate: counted, then one summary line
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict

SUMMARY_SECONDS = 10.0  # how often a summary of the lines left out is written


class Bucket:
    """A token bucket: `burst` at once, then `rate` a second."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst, self.rate = float(burst), rate
        self.tokens, self.at = float(burst), time.monotonic()

    def ready(self) -> bool:
        """Whether a token is there (none is taken)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens >= 1

    def take(self) -> bool:
        """Take one token if there is one (True), else False."""
        if not self.ready():
            return False
        self.tokens -= 1
        return True


class Buckets:
    """One Bucket per key, at most `keys` of them (the least recently used is forgotten)."""

    def __init__(self, burst: float, rate: float, keys: int = 4096) -> None:
        self.burst, self.rate, self.keys = burst, rate, keys
        self.buckets: OrderedDict[object, Bucket] = OrderedDict()

    def _bucket(self, key) -> Bucket:
        bucket = self.buckets.pop(key, None) or Bucket(self.burst, self.rate)
        self.buckets[key] = bucket
        while len(self.buckets) > self.keys:
            self.buckets.popitem(last=False)
        return bucket

    def ready(self, key) -> bool:
        return self._bucket(key).ready()

    def take(self, key) -> bool:
        return self._bucket(key).take()


class QuietLog:
    """Log lines keyed by who caused them: past `burst` then `rate` a second per key, a line is only counted,
    and every SUMMARY_SECONDS one line says how many were left out, for whom."""

    def __init__(self, log: logging.Logger, burst: float = 20, rate: float = 1.0) -> None:
        self.log = log
        self.buckets = Buckets(burst, rate)
        self.left_out: dict[str, int] = {}
        self.timer: asyncio.TimerHandle | None = None

    def info(self, key: str, msg: str, *args) -> None:
        self._line(logging.INFO, key, msg, args)

    def warning(self, key: str, msg: str, *args) -> None:
        self._line(logging.WARNING, key, msg, args)

    def _line(self, level: int, key: str, msg: str, args: tuple) -> None:
        if self.buckets.take(key):
            self.log.log(level, msg, *args)
            return
        self.left_out[key] = self.left_out.get(key, 0) + 1
        if self.timer is None:
            with contextlib.suppress(RuntimeError):  # no loop running: the summary comes with close()
                self.timer = asyncio.get_running_loop().call_later(SUMMARY_SECONDS, self.flush)

    def flush(self) -> None:
        """Write the summary of the lines left out (if any)."""
        self.timer = None
        for key, count in self.left_out.items():
            self.log.warning("%d more lines about %s left out of this log (one summary every %g s)", count, key,
                             SUMMARY_SECONDS)
        self.left_out.clear()

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.flush()
