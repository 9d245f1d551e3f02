"""Fit the search's evaluation (ai/games/dune/evaluate.py) and write its models, ai/models/NAME.json.

    nice .venv/bin/python -m lab.fit_eval --games 2500 --rival    # numpy: pip install -e ".[lab]"
    nice .venv/bin/python -m lab.fit_eval --facing-guild 10001:50 20001:75 --jobs 2
    nice .venv/bin/python -m lab.fit_eval --facing-rival 100000:50 --jobs 2

Each file it writes records the command that wrote it (`fitted_by`).

The general model: games are played by the heuristic with a little randomness
(so positions vary); at the start of every turn each seat's features are
recorded with whether that seat went on to win, and the game's (without the Guild) with whether nobody won.
Per player-count group (2, 3, 4+) a logistic regression for each (numpy, Newton's method with a small L2
penalty), and the winners a won game has on average (above one where alliances win); a fifth of the games held
out, where the log-loss and a reliability table (decile of the chance: shown -> observed) are printed beside
the old model's and the base rate's.  With `--rival` the no-Guild two-player model is fitted on the two-player
games without the Guild of the same self-play (a game nobody won labelled DRAW), printed beside the old one.
The shipped general, nobody and facing_rival models: `--games 2500 --rival` (about 6 minutes on a loaded core).

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
import numpy as np

from dune_tui.ai.games.dune import heuristic
from dune_tui.ai.games.dune.evaluate import (
    DRAW,
    duel_features,
    features,
    model,
    nobody_features,
    threat_features,
)
from dune_tui.games.dune import Options, apply, legal_actions, new_game, returns
from dune_tui.games.dune.data import GUILD

from . import anti_guild

MODELS = pathlib.Path(__file__).resolve().parents[1] / "ai" / "models"

GROUPS = {"2": (2,), "3": (3,), "4+": (4, 5, 6, 7, 8)}


class Turn(msgspec.Struct):
    """One start of a turn of a self-play game: each seat's features, the game's (nobody-wins, no Guild only),
    the no-Guild two-player model's for each seat (two players without the Guild), and, at the end, the result."""

    game: int
    players: int
    seats: list[list[float]]
    nobody: list[float] | None
    rival: list[list[float]] | None
    won: list[float] | None = None


def samples(players: int, games: int, seed: int, epsilon: float) -> list[Turn]:
    """The starts of turns of `games` heuristic self-play games (a random action with chance `epsilon`)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        s = new_game(Options(players=players, seed=seed * 100_003 + g))
        s.events = None
        rows = []
        last_turn = -1
        guild = s.in_play(GUILD)
        while s.result is None:
            if s.turn != last_turn and s.phase == "roll":
                last_turn = s.turn
                rival = None if guild or s.n != 2 else [duel_features(s, k) + threat_features(s, k) for k in (0, 1)]
                rows.append(Turn(seed * 100_003 + g, s.n, [features(s, k) for k in range(s.n)],
                                 None if guild else nobody_features(s), rival))
            seat = s.awaiting[0]
            legal = legal_actions(s, seat)
            a = rng.choice(legal) if rng.random() < epsilon else heuristic.choose(s, seat, legal)
            apply(s, seat, a, check=False)
        won = returns(s)
        for r in rows:
            r.won = won
        out += rows
    return out


def fit_np(x, y, l2: float = 1.0, rounds: int = 25) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty (numpy): labels in [0, 1]."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def predict(w, x) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(np.asarray(x, float) @ np.asarray(w, float), -30, 30)))


def np_logloss(y, p) -> float:
    p = np.clip(np.asarray(p, float), 1e-9, 1 - 1e-9)
    y = np.asarray(y, float)
    return float(np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))))


def deciles(y, p) -> str:
    """Predicted decile: mean predicted -> observed (count), for the held-out positions."""
    y, p = np.asarray(y, float), np.asarray(p, float)
    bins = np.minimum(9, (p * 10).astype(int))
    return ", ".join(f"{10 * b}%: {p[bins == b].mean():.3f}->{y[bins == b].mean():.3f} ({(bins == b).sum()})"
                     for b in range(10) if (bins == b).any())


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


def write_model(name: str, weights, **more) -> None:
    """ai/models/`name`.json: the fitted weights, what the model is, and this run's command."""
    old = model(name)
    new = msgspec.structs.replace(old, weights=weights, fitted_by=shlex.join(["python", "-m", "lab.fit_eval",
                                                                              *sys.argv[1:]]), **more)
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
    p.add_argument("--rival", action="store_true",
                   help="with the general model, fit the no-Guild two-player model on the same self-play")
    p.add_argument("--agent", default="mcts:easy", help="the bot of those games (default mcts:easy)")
    p.add_argument("--jobs", type=int, default=1, help="processes for those games (default 1)")
    args = p.parse_args()
    if args.facing_guild or args.facing_rival:
        if args.facing_guild:
            write_model("facing_guild", fit_duel("guild", args.facing_guild, args.agent, args.jobs))
        if args.facing_rival:
            write_model("facing_rival", fit_duel("rival", args.facing_rival, args.agent, args.jobs))
        return 0
    fit_general(args)
    return 0


def split(turns: list[Turn]) -> tuple[list[Turn], list[Turn]]:
    """Four fifths of the games to fit, a fifth held out (whole games, so that no game is on both sides)."""
    games = sorted({t.game for t in turns})
    random.Random(0).shuffle(games)
    held = set(games[: len(games) // 5])
    return [t for t in turns if t.game not in held], [t for t in turns if t.game in held]


def consistent(turns: list[Turn], w, nobody_w, winners: float) -> np.ndarray:
    """Each seat's chance as evaluate.chances makes it from these weights: the nobody-wins chance apart, the
    seats' chances spread over the rest (winners a won game on average)."""
    out = []
    for r in turns:
        raw = predict(w, r.seats)
        rest = 1.0 - (float(predict(nobody_w, [r.nobody])[0]) if r.nobody is not None else 0.0)
        out += list(np.minimum(rest, raw * rest * winners / (raw.sum() or 1.0)))
    return np.asarray(out)


def fit_general(args) -> None:
    """The general model (each seat's chance to win), the nobody-wins model and, from the two-player games
    without the Guild, the no-Guild model (`--rival`): fitted on heuristic self-play, each printed against the
    model it replaces on the held-out games (the old weights read the features they had, the first ones)."""
    weights, nobody, winners, rival = {}, {}, {}, None
    old_general, old_rival = model("general"), model("facing_rival")
    for name, counts in GROUPS.items():
        t = time.perf_counter()
        turns = []
        for n in counts:
            turns += samples(n, max(50, args.games // len(counts)), args.seed + n, args.epsilon)
        train, test = split(turns)
        x = [f for r in train for f in r.seats]
        y = [w for r in train for w in r.won]
        w = fit_np(x, y)
        weights[name] = [round(float(v), 4) for v in w]
        won_games = {r.game: r.won for r in train if any(r.won)}
        winners[name] = round(sum(sum(v) for v in won_games.values()) / max(1, len(won_games)), 4)
        free = [r for r in train if r.nobody is not None]
        nobody[name] = [round(float(v), 4) for v in fit_np([r.nobody for r in free],
                                                          [0.0 if any(r.won) else 1.0 for r in free])]
        tx = [f for r in test for f in r.seats]
        ty = [w for r in test for w in r.won]
        old = old_general.weights[name]
        p_old = predict(old, [f[: len(old)] for f in tx])
        p_new = predict(w, tx)
        print(f"{name}: {len(turns)} starts of turns, {len({r.game for r in turns})} games, {winners[name]} winners "
              f"a won game; held-out log-loss {np_logloss(ty, p_new):.4f} (the old model {np_logloss(ty, p_old):.4f}, "
              f"the base rate {np_logloss(ty, np.full(len(ty), np.mean(y))):.4f}), {time.perf_counter() - t:.0f} s")
        print("   held out, new:", deciles(ty, p_new))
        p_both = consistent(test, w, nobody[name], winners[name])
        print(f"   held out, new and consistent (log-loss {np_logloss(ty, p_both):.4f}):", deciles(ty, p_both))
        print("   held out, old:", deciles(ty, p_old))
        if name == "2" and args.rival:
            rows = [(r, k) for r in train if r.rival for k in (0, 1)]
            label = LABELS["rival"]
            res = lambda r, k: 1 if r.won[k] else (0 if not any(r.won) else -1)  # noqa: E731
            rival = fit_np([r.rival[k] for r, k in rows], [label[res(r, k)] for r, k in rows])
            held = [(r, k) for r in test if r.rival for k in (0, 1)]
            hy = [label[res(r, k)] for r, k in held]
            ow = old_rival.weights
            print(f"   no Guild, two players: {len(rows)} positions; held-out log-loss "
                  f"{np_logloss(hy, predict(rival, [r.rival[k] for r, k in held])):.4f} (the old model "
                  f"{np_logloss(hy, predict(ow, [r.rival[k][: len(ow)] for r, k in held])):.4f})")
    write_model("general", weights, winners=winners)
    write_model("nobody", nobody)
    if rival is not None:
        write_model("facing_rival", [round(float(v), 4) for v in rival])


if __name__ == "__main__":
    sys.exit(main())
