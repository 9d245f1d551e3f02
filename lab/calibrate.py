"""Fit the calibration of the chances the advisor and the review show (ai/models/calibration.json, read by
`ai.games.dune.evaluate.shown`), and print its reliability tables.

    nice .venv/bin/python -m lab.calibrate --games 5000 --groups 2 4+ --jobs 2    # numpy: pip install -e ".[lab]"

The positions are lab.fit_eval's (the start of every turn of heuristic self-play, 10% random actions, the same
seeds, so the same games): each seat's chance as the shipped models give it (`evaluate.chances`) against what
happened.  For each group of `--groups` (every group prints its table), on four fifths of the games (fit_eval's
split: whole games), the chances are cut into bins of equal counts and each bin's mean chance mapped to its
observed rate, made monotone (pool adjacent violators, weighted by the bins' counts), with 0 -> 0 and 1 -> 1 at
the ends; other groups keep 0 -> 0, 1 -> 1.  On the fifth held out, the deciles (mean shown -> observed,
positions) and the Brier score before and after, through `shown` itself.  The models' weights are not touched:
the search's rewards, and so its choices, stay as they were.

Why not 3 players (lab/results/calibrate.txt): a game of 2 or 3 has one winner or none, so the seats' chances
share the rest exactly, and with 3 spreading the calibrated chances back over it undid the calibration (the
50-60% decile went from 0.570 -> 0.534 to 0.566 -> 0.414); uncalibrated, every 3-player decile was already
within 5 points.  With 2 the calibration held (the 20-30% decile from 0.221 -> 0.279 to 0.217 -> 0.244).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import msgspec
import numpy as np

from dune_tui.ai.fitted import Calibration, calibration, model
from dune_tui.ai.games.dune.evaluate import shown

from .fit_eval import GROUPS, MODELS, deciles, predict, samples, split


def monotone(y: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Pool adjacent violators: the non-decreasing sequence nearest to `y` in the weighted least squares."""
    blocks: list[list[float]] = []  # [mean, weight, count]
    for v, k in zip(y, w):
        blocks.append([float(v), float(k), 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, c2 = blocks.pop()
            m1, w1, c1 = blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, c1 + c2])
    return np.concatenate([[m] * c for m, _, c in blocks])


def knots(p, y, bins: int) -> list[list[float]]:
    """The knots of chance `p` -> observed rate of `y`: bins of equal counts, made monotone, 0 and 1 at the ends."""
    order = np.argsort(p)
    parts = [part for part in np.array_split(order, bins) if len(part)]
    xs = np.array([p[part].mean() for part in parts])
    ys = monotone(np.array([y[part].mean() for part in parts]), np.array([len(part) for part in parts], float))
    xs, keep = np.unique(np.round(xs, 4), return_index=True)
    xs, ys = [0.0, *xs.tolist(), 1.0], [0.0, *np.round(ys[keep], 4).tolist(), 1.0]
    return [xs, ys]


def positions(turns, group: str):
    """Each seat's chance as the shipped models give it, the nobody-wins chance (0 with the Guild), the results:
    one row per start of a turn."""
    general, nobody_w = model("general"), model("nobody")
    w, winners = general.weights[group], general.winners[group]
    rows = []
    for r in turns:
        raw = predict(w, r.seats)
        nobody = float(predict(nobody_w.weights[group], [r.nobody])[0]) if r.nobody is not None else 0.0
        rest = 1.0 - nobody
        rows.append((r.players, np.minimum(rest, raw * rest * winners / (raw.sum() or 1.0)), nobody, r.won))
    return rows


def report(name: str, rows, cal: Calibration | None) -> None:
    """The held-out deciles and Brier score of the seats' chances, through `shown` with `cal` if given."""
    p, y = [], []
    for n, wins, nobody, won in rows:
        p += shown(list(wins), nobody, n, cal) if cal else list(wins)
        y += won
    p, y = np.asarray(p), np.asarray(y, float)
    print(f"   {name}: Brier {np.mean((p - y) ** 2):.4f} (base rate {np.var(y):.4f}); {deciles(y, p)}")


def group_samples(args, group: str):
    """fit_eval's self-play of this group, its player counts played in parallel."""
    counts = GROUPS[group]
    games = max(50, args.games // len(counts))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        parts = pool.map(samples, counts, [games] * len(counts), [args.seed + n for n in counts],
                         [args.epsilon] * len(counts))
        return [t for part in parts for t in part]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2500, help="games per player-count group (as lab.fit_eval)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--epsilon", type=float, default=0.1)
    p.add_argument("--bins", type=int, default=40, help="bins of equal counts per knot fit")
    p.add_argument("--groups", nargs="+", choices=GROUPS, default=["2", "4+"], help="the groups calibrated")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    old = calibration("calibration")
    identity = [[0.0, 1.0], [0.0, 1.0]]
    wins = {group: identity for group in GROUPS}
    for group in GROUPS:
        t = time.perf_counter()
        train, test = split(group_samples(args, group))
        fit_rows = positions(train, group)
        fitted = knots(np.concatenate([r[1] for r in fit_rows]),
                       np.asarray([v for r in fit_rows for v in r[3]], float), args.bins)
        held = positions(test, group)
        print(f"{group}: {len(train) + len(test)} starts of turns, {time.perf_counter() - t:.0f} s; held out:")
        report("before", held, None)
        report("calibrated", held, Calibration("", "", wins | {group: fitted}))
        if group in args.groups:
            wins[group] = fitted
    new = msgspec.structs.replace(old, wins=wins,
                                  fitted_by=shlex.join(["python", "-m", "lab.calibrate", *sys.argv[1:]]))
    path = MODELS / "calibration.json"
    path.write_bytes(msgspec.json.format(msgspec.json.encode(new), indent=1) + b"\n")
    print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
