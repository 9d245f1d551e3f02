"""Fit Dune Express's outcome models (ai/games/express/evaluator.py, `outcomes`) and write
ai/models/express_outcomes.json.

    nice .venv/bin/python -m lab.fit_express --games 1200

Games of 2-6 players are played by the greedy one-ply policy (the search's rollouts) with a little randomness,
over a mix of modifications (none, the Shorter Game with 6 to 15 rounds, the houses' abilities, the tie-break);
at the start of a quarter of the turns (drawn at random) each seat's win features are recorded with whether its
house won, and where nobody may win, the nobody features with whether nobody did.  Two logistic regressions are
fitted (lab.fit_eval's Newton's method) on four fifths of the games; the held-out fifth's log-loss is printed next
to a constant model's.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import random
import shlex
import sys
import time

import msgspec

from dune_tui.ai.fitted import Model
from dune_tui.ai.games.express import heuristic
from dune_tui.ai.games.express.evaluator import nobody_features, nobody_possible, win_features
from dune_tui.games.express import apply, legal_actions, new_game, options_from

from .fit_eval import fit, logloss

PATH = pathlib.Path(__file__).resolve().parents[1] / "ai" / "models" / "express_outcomes.json"
VARIANTS = ("", "", "shorter:6", "shorter:8", "shorter:10", "shorter:15", "houses", "houses,shorter:10",
            "shorter:10,tiebreak")
SAMPLED = 0.25  # the share of turns whose positions are kept (a long game's turns are alike)
ABOUT = ("Dune Express (ai/games/express/evaluator.py, win_features and nobody_features): 'win', a seat's chance "
         "to win (spread with the others' to fill what nobody's leaves), and 'nobody', the chance that nobody wins "
         "where a round limit allows it; fitted on greedy self-play (10% random actions).")


def game(seed: int, epsilon: float) -> tuple[list, list]:
    """One game's (win features, won) and (nobody features, nobody won) rows."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    s = new_game(options_from(players, seed, variant=rng.choice(VARIANTS)))
    s.events = None
    wins, nobody, last = [], [], -1
    while s.result is None:
        if s.turn != last and rng.random() < SAMPLED:
            wins += [(h, win_features(s, h)) for h in s.seat_house]
            if nobody_possible(s):
                nobody.append(nobody_features(s))
        last = s.turn
        seat = s.awaiting[0]
        legal = legal_actions(s, seat)
        a = rng.choice(legal) if rng.random() < epsilon else heuristic.greedy(s, seat, legal)
        apply(s, seat, a, check=False)
    won = s.result.winners
    return [(x, 1.0 if h in won else 0.0) for h, x in wins], [(x, 0.0 if won else 1.0) for x in nobody]


def held_out(name: str, rows: list, cut: int) -> list[float]:
    train, test = rows[:cut], rows[cut:]
    w = fit(train)
    base = min(1 - 1e-6, max(1e-6, sum(y for _, y in train) / len(train)))
    const = [math.log(base / (1 - base))] + [0.0] * (len(w) - 1)
    ll, _ = logloss(w, test)
    ll0, _ = logloss(const, test)
    print(f"{name}: {len(rows)} positions, held-out log-loss {ll:.4f} (constant {ll0:.4f})")
    return [round(v, 4) for v in w]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--epsilon", type=float, default=0.1, help="chance of a random action in the self-play")
    args = p.parse_args()
    t = time.perf_counter()
    games = [game(args.seed * 1_000_003 + g, args.epsilon) for g in range(args.games)]
    cut = len(games) * 4 // 5
    wins = [r for g in games for r in g[0]]
    nobody = [r for g in games for r in g[1]]
    w_cut = sum(len(g[0]) for g in games[:cut])
    n_cut = sum(len(g[1]) for g in games[:cut])
    weights = {"win": held_out("win", wins, w_cut), "nobody": held_out("nobody", nobody, n_cut)}
    new = Model(about=ABOUT, fitted_by=shlex.join(["python", "-m", "lab.fit_express", *sys.argv[1:]]),
                weights=weights)
    PATH.write_bytes(msgspec.json.format(msgspec.json.encode(new), indent=1) + b"\n")
    print(f"wrote {PATH} ({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
