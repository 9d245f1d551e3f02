"""Fit the search's evaluation (ai/games/dune/evaluate.py) and write its models, ai/models/NAME.json.

    .venv/bin/python -m lab.fit_eval --games 1500
    nice .venv/bin/python -m lab.fit_eval --facing-guild 10001:50 20001:75 --jobs 2
    nice .venv/bin/python -m lab.fit_eval --facing-rival 100000:50 --jobs 2

Each file it writes records the command that wrote it (`fitted_by`).

The general model: games are played by the heuristic with a little randomness
(so positions vary); at the start of every turn each seat's features are
recorded with whether that seat went on to win.  A logistic regression per
player-count group (2, 3, 4+) is fitted by Newton's method with a small L2
penalty, and its log-loss and accuracy are printed next to a constant model's.

The two-player models (`--facing-guild SEED:GAMES ...`, `--facing-rival SEED:GAMES ...`): the games of
`lab.anti_guild` (with `--no-guild` for the rival model) with those seeds, mcts:easy against the
heuristic, the search valuing its leaves by the general model only; the bot's features at the start of every
turn, labelled by its result (facing the Guild: won or not; without it: won 1, nobody won 0.25, lost 0).  A fifth
of the games is held out and scored at the starts of the bot's own turns (where the search evaluates), against
the general model.  The shipped weights came from `--facing-guild 10001:50 20001:75` (1,000 games, about 27
minutes on two cores) and `--facing-rival 100000:50` (600 games, about 16 minutes).  A model not named keeps its
file.
"""

from __future__ import annotations

import argparse
import functools
import math
import pathlib
import random
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import msgspec

from dune_tui.ai.games.dune import heuristic
from dune_tui.ai.games.dune.evaluate import DRAW, features, model
from dune_tui.games.dune import Options, apply, legal_actions, new_game, returns

from . import anti_guild

MODELS = pathlib.Path(__file__).resolve().parents[1] / "ai" / "models"

GROUPS = {"2": (2,), "3": (3,), "4+": (4, 5, 6, 7, 8)}


def samples(players: int, games: int, seed: int, epsilon: float) -> list[tuple[list[float], float]]:
    rng = random.Random(seed)
    out = []
    for g in range(games):
        s = new_game(Options(players=players, seed=seed * 100_003 + g))
        s.events = None
        rows = []
        last_turn = -1
        while s.result is None:
            if s.turn != last_turn and s.phase == "roll":
                last_turn = s.turn
                rows += [(seat, features(s, seat)) for seat in range(s.n)]
            seat = s.awaiting[0]
            legal = legal_actions(s, seat)
            a = rng.choice(legal) if rng.random() < epsilon else heuristic.choose(s, seat, legal)
            apply(s, seat, a, check=False)
        won = returns(s)
        out += [(x, won[seat]) for seat, x in rows]
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[tuple[list[float], float]], l2: float = 1.0, rounds: int = 12) -> list[float]:
    d = len(data[0][0])
    w = [0.0] * d
    for _ in range(rounds):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in data:
            z = sum(a * b for a, b in zip(w, x))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            g = p - y
            h = p * (1 - p)
            for i in range(d):
                xi = x[i]
                if xi:
                    grad[i] += g * xi
                    hrow = hess[i]
                    hx = h * xi
                    for j in range(d):
                        if x[j]:
                            hrow[j] += hx * x[j]
        for i in range(d):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
    return w


def cross_entropy(y: float, p: float) -> float:
    """The log-loss of predicting chance p for label y (p kept off 0 and 1)."""
    p = min(1 - 1e-9, max(1e-9, p))
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def logloss(w, data) -> tuple[float, float]:
    total = 0.0
    right = 0
    for x, y in data:
        z = sum(a * b for a, b in zip(w, x))
        p = 1 / (1 + math.exp(-max(-30, min(30, z))))
        total += cross_entropy(y, p)
        right += (p >= 0.5) == (y >= 0.5)
    return total / len(data), right / len(data)


# What a two-player model learns from a game's end, by the bot's result (1 won, 0 nobody won, -1 lost): facing the
# Guild whether it won; without the Guild its value, a game nobody won worth DRAW (ai/games/dune/evaluate.py).
LABELS = {"guild": {1: 1.0, 0: 0.0, -1: 0.0}, "rival": {1: 1.0, 0: DRAW, -1: 0.0}}


def fit_duel(kind: str, seeds: list[tuple[int, int]], agent: str, jobs: int) -> list[float]:
    """Fit a two-player model ("guild": facing the Guild; "rival": no Guild) on the games of lab.anti_guild with
    these (seed, games per cell) of `agent`, which values its leaves by the general model only."""
    t = time.perf_counter()
    collect = functools.partial(anti_guild.play, collect=True, two_player_models=False)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        games = [g for seed, n in seeds
                 for g in pool.map(collect, anti_guild.plans(seed, n, agent, kind == "guild"), chunksize=2)]
    random.Random(0).shuffle(games)
    cut = len(games) * 4 // 5
    label = LABELS[kind]
    train = [(x, label[result]) for _, _, result, _, rows in games[:cut] for _, x, _ in rows]
    test = [(x, label[result], p) for _, _, result, _, rows in games[cut:] for own, x, p in rows if own]
    w = fit(train)
    ll, _ = logloss(w, [(x, y) for x, y, _ in test])
    general = sum(cross_entropy(y, p) for _, y, p in test) / len(test)
    won = sum(g[2] == 1 for g in games)
    print(f"{kind}: {len(games)} games ({won} won), {len(train)} positions; held-out log-loss at its own turns "
          f"{ll:.4f} (the general model {general:.4f}), {time.perf_counter() - t:.0f} s")
    return [round(v, 4) for v in w]


def write_model(name: str, weights) -> None:
    """ai/models/`name`.json: the fitted weights, what the model is, and this run's command."""
    old = model(name)
    new = msgspec.structs.replace(old, weights=weights, fitted_by=shlex.join(["python", "-m", "lab.fit_eval",
                                                                              *sys.argv[1:]]))
    path = MODELS / f"{name}.json"
    path.write_bytes(msgspec.json.format(msgspec.json.encode(new), indent=1) + b"\n")
    print("wrote", path)


def seed_games(text: str) -> tuple[int, int]:
    seed, _, games = text.partition(":")
    try:
        pair = int(seed), int(games)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SEED:GAMES such as 10001:50, not {text!r}") from None
    if pair[1] < 5:
        raise argparse.ArgumentTypeError(f"GAMES must be at least 5 (a fifth is held out), not {pair[1]}")
    return pair


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1500, help="games per player count (4+ splits them)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--epsilon", type=float, default=0.1, help="chance of a random action in the self-play")
    p.add_argument("--facing-guild", nargs="+", type=seed_games, metavar="SEED:GAMES",
                   help="fit only the facing-Guild model, on these screens of lab.anti_guild")
    p.add_argument("--facing-rival", nargs="+", type=seed_games, metavar="SEED:GAMES",
                   help="fit only the no-Guild model, on these screens of lab.anti_guild --no-guild")
    p.add_argument("--agent", default="mcts:easy", help="the bot of those games (default mcts:easy)")
    p.add_argument("--jobs", type=int, default=1, help="processes for those games (default 1)")
    args = p.parse_args()
    if args.facing_guild or args.facing_rival:
        if args.facing_guild:
            write_model("facing_guild", fit_duel("guild", args.facing_guild, args.agent, args.jobs))
        if args.facing_rival:
            write_model("facing_rival", fit_duel("rival", args.facing_rival, args.agent, args.jobs))
        return 0
    weights = {}
    for name, counts in GROUPS.items():
        t = time.perf_counter()
        data = []
        for n in counts:
            data += samples(n, max(50, args.games // len(counts)), args.seed + n, args.epsilon)
        random.Random(0).shuffle(data)
        cut = len(data) * 4 // 5
        w = fit(data[:cut])
        base = sum(y for _, y in data[:cut]) / cut
        const = [math.log(base / (1 - base))] + [0.0] * (len(w) - 1)
        ll, acc = logloss(w, data[cut:])
        ll0, acc0 = logloss(const, data[cut:])
        print(f"{name}: {len(data)} samples, held-out log-loss {ll:.4f} (constant {ll0:.4f}), "
              f"accuracy {acc:.3f} (constant {acc0:.3f}), {time.perf_counter() - t:.0f} s")
        weights[name] = [round(v, 4) for v in w]
    write_model("general", weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())
