"""Fit the calibration of the chances the advisor and the review show (ai/models/calibration.json, read by
`ai.games.dune.evaluate.shown`), and print its reliability tables.

    nice .venv/bin/python -m lab.calibrate --games 5000 --groups 2 4+ --jobs 2    # numpy: pip install -e ".[lab]"
    nice .venv/bin/python -m lab.calibrate --rules express --games 10000 --groups 2 3 --jobs 2

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

Dune Express (`--rules express`, ai/models/express_calibration.json, read by its evaluator's `leaf`): the
positions are lab.fit_express's (greedy self-play of 2-6 players over its mix of modifications, a quarter of the
turns), each seat's chance as `outcomes` gives it; a game has one winner or none, so the seats share the rest.
Its one model for every player count was flattest with 2 (lab/results/calibrate-express.txt: shown 0.254, won
0.107; shown 0.744, won 0.891), which the calibration mends; 4+ is left as it was (within 5 points but where a
few dozen positions lie).
"""

from __future__ import annotations

import argparse
import functools
import random
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import msgspec
import numpy as np

from dune_tui.ai.fitted import Calibration, calibrated, calibration, model
from dune_tui.ai.fitted import group as group_of
from dune_tui.ai.games.dune.evaluate import shown
from dune_tui.ai.games.express import heuristic as express_heuristic
from dune_tui.ai.games.express.evaluator import outcomes
from dune_tui.games import express

from .fit_eval import GROUPS, MODELS, consistent, deciles, predict, samples, split
from .fit_express import SAMPLED, VARIANTS

FILES = {"dune": "calibration", "express": "express_calibration"}


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


def dune_positions(turns, group: str) -> list[tuple]:
    """(game, players, each seat's chance as the shipped models give it, the nobody-wins chance (0 with the Guild),
    the results): one row per start of a turn."""
    general, nobody_w = model("general").weights[group], model("nobody").weights[group]
    winners = model("general").winners[group]
    return [(r.game, r.players, list(consistent([r], general, nobody_w, winners)),
             float(predict(nobody_w, [r.nobody])[0]) if r.nobody is not None else 0.0, r.won) for r in turns]


def dune_rows(args, group: str) -> tuple[list, list]:
    """fit_eval's self-play of this group (its player counts played in parallel), split as fit_eval splits it."""
    counts = GROUPS[group]
    games = max(50, args.games // len(counts))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        parts = pool.map(samples, counts, [games] * len(counts), [args.seed + n for n in counts],
                         [args.epsilon] * len(counts))
        train, test = split([t for part in parts for t in part])
    return dune_positions(train, group), dune_positions(test, group)


def express_game(seed: int, epsilon: float) -> list[tuple]:
    """One game of lab.fit_express's self-play: (game, players, chances, nobody, results) at a quarter of its
    turns."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    s = express.new_game(express.options_from(players, seed, variant=rng.choice(VARIANTS)))
    s.events = None
    seen, last = [], -1
    while s.result is None:
        if s.turn != last and rng.random() < SAMPLED:
            seen.append(outcomes(s))
        last = s.turn
        seat = s.awaiting[0]
        legal = express.legal_actions(s, seat)
        a = rng.choice(legal) if rng.random() < epsilon else express_heuristic.greedy(s, seat, legal)
        express.apply(s, seat, a, check=False)
    won = [1.0 if h in s.result.winners else 0.0 for h in s.seat_house]
    return [(seed, players, wins, nobody, won) for wins, nobody in seen]


@functools.cache
def express_games(games: int, seed: int, epsilon: float, jobs: int) -> list[list[tuple]]:
    seeds = [seed * 1_000_003 + g for g in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [rows for rows in pool.map(express_game, seeds, [epsilon] * len(seeds), chunksize=20) if rows]


def express_rows(args, group: str) -> tuple[list, list]:
    """The self-play games of this group's player counts, four fifths to fit and a fifth held out."""
    games = [g for g in express_games(args.games, args.seed, args.epsilon, args.jobs) if group_of(g[0][1]) == group]
    cut = len(games) * 4 // 5
    return [r for g in games[:cut] for r in g], [r for g in games[cut:] for r in g]


def show(rules: str, row: tuple, cal: Calibration) -> list[float]:
    """A row's chances as the rule set's leaves show them through `cal`."""
    _, n, wins, nobody, _ = row
    return shown(wins, nobody, n, cal) if rules == "dune" else calibrated(cal.wins[group_of(n)], wins, nobody)


def report(name: str, rules: str, rows, cal: Calibration | None) -> None:
    """The held-out deciles and Brier score of the seats' chances, shown through `cal` if given."""
    p = np.asarray([x for r in rows for x in (show(rules, r, cal) if cal else r[2])])
    y = np.asarray([v for r in rows for v in r[4]], float)
    print(f"   {name}: Brier {np.mean((p - y) ** 2):.4f} (base rate {np.var(y):.4f}); {deciles(y, p)}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rules", choices=FILES, default="dune")
    p.add_argument("--games", type=int, default=2500, help="games per player-count group (as lab.fit_eval); "
                                                           "Dune Express: games in all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--epsilon", type=float, default=0.1)
    p.add_argument("--bins", type=int, default=40, help="bins of equal counts per knot fit")
    p.add_argument("--groups", nargs="+", choices=GROUPS, default=["2", "4+"], help="the groups calibrated")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    old = calibration(FILES[args.rules])
    identity = [[0.0, 1.0], [0.0, 1.0]]
    wins = {group: identity for group in GROUPS}
    rows_of = dune_rows if args.rules == "dune" else express_rows
    for group in GROUPS:
        t = time.perf_counter()
        train, held = rows_of(args, group)
        fitted = knots(np.asarray([x for r in train for x in r[2]]), np.asarray([v for r in train for v in r[4]],
                                                                                 float), args.bins)
        print(f"{group}: {len(train) + len(held)} positions, {time.perf_counter() - t:.0f} s; held out:")
        report("before", args.rules, held, None)
        report("calibrated", args.rules, held, Calibration("", "", wins | {group: fitted}))
        if group in args.groups:
            wins[group] = fitted
    new = msgspec.structs.replace(old, wins=wins,
                                  fitted_by=shlex.join(["python", "-m", "lab.calibrate", *sys.argv[1:]]))
    path = MODELS / f"{FILES[args.rules]}.json"
    path.write_bytes(msgspec.json.format(msgspec.json.encode(new), indent=1) + b"\n")
    print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
