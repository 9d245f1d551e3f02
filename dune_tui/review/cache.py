"""The analysis kept beside its save: `<save>.review.json` (msgspec JSON, 0600 like the saves).

A cache is used only when it was made for exactly this file (the save's sha256), this budget, this way of
looking (the seat) and this version of the figures; anything else, or a damaged file, is recomputed and the
cache rewritten.  A failed write is not an error: the review goes on without a cache."""

from __future__ import annotations

import contextlib
from pathlib import Path

import msgspec

from ..saves.files import read_limited, write_atomic
from .analysis import VERSION, Analysis, Budget, analyse

SUFFIX = ".review.json"


def cache_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + SUFFIX)


def cached(review, budget: Budget) -> Analysis | None:
    """The kept analysis of `review` at `budget`, or None (absent, damaged, or made for another file)."""
    try:
        found = msgspec.json.decode(read_limited(cache_path(review.path)), type=Analysis)
    except Exception:  # absent, unreadable or damaged: recompute
        return None
    fits = (found.version == VERSION and found.digest == review.digest and found.budget == budget
            and found.seat == (None if review.over else review.seat) and found.complete
            and len(found.chances) == len(review.log) + 1)
    return found if fits else None


def store(review, analysis: Analysis) -> Path | None:
    """Keep a complete analysis beside the save; None if it could not be written."""
    if not analysis.complete:
        return None
    path = cache_path(review.path)
    with contextlib.suppress(Exception):
        write_atomic(path, msgspec.json.encode(analysis), keep_backup=False)
        return path
    return None


def load_or_analyse(review, budget: Budget | None = None, **how) -> Analysis:
    """The kept analysis if it fits, else a new one (kept when complete); `how`: analyse's progress, cancel."""
    budget = budget or Budget()
    found = cached(review, budget)
    if found is not None:
        return found
    analysis = analyse(review, budget, **how)
    store(review, analysis)
    return analysis
