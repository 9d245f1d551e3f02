"""Write the sample saves of the current format version to saves/v<N>/.

    .venv/bin/python saves/make_samples.py

Three positions of the first game (see saves/README.md): a fresh game, a battle
where the attacker has sealed its commit and the defender has not, and a game one
turn from victory; and, from format version 2, a Dune Express game in its third
round with the houses' abilities, the Shorter Game and Thumper.  The games are played by a greedy one-ply chooser (full
information: it only needs to reach these positions, not to play fairly), so
the files are the same every time for the same engine.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from dune_tui.ai import make_agent
from dune_tui.controller import Controller, Decision, replay
from dune_tui.games import express
from dune_tui.games.dune import Options
from dune_tui.saves import schema
from dune_tui.saves.files import SUFFIX, write_atomic
from dune_tui.saves.store import to_file
from dune_tui.session import SeatConfig, Session

HERE = Path(__file__).resolve().parent
WHEN = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
SEATS = [SeatConfig(kind="human", name="You"), *[SeatConfig(kind="bot", agent="heuristic")] * 7]


def play(options: Options, stop=lambda state: False) -> Controller:
    """Heuristic bots play until the game ends or `stop(state)`.  In a sealed battle commit the
    attacker (the active seat) answers first, so the game can stop between the two commits."""
    c = Controller(options)
    bots = [make_agent("heuristic", seed=options.seed * 10 + s) for s in range(options.players)]
    while not c.over and not stop(c.state):
        requests = c.pending()
        request = next((r for r in requests if r.seat == c.state.active), requests[0])
        c.submit(Decision(request.id, request.seat, bots[request.seat].decide(request)))
    return c


def session(options: Options, controller: Controller, slug: str) -> Session:
    return Session(options, SEATS[:options.players], controller, created=WHEN, game_id=f"sample-{slug}",
                   bots_secret=1)  # fixed, so the files are the same every time


def fresh_game() -> Session:
    options = Options(players=4, seed=1)
    return session(options, Controller(options), "fresh")


def mid_battle() -> Session:
    """The attacker (the active seat) has committed; the defender, You in seat 1, must still commit."""

    def sealed_pending(state) -> bool:
        return state.phase == "commit" and state.b_commits[0] is not None and state.b_commits[1] is None

    for seed in range(500):
        options = Options(players=4, seed=seed)
        c = play(options, sealed_pending)
        if sealed_pending(c.state) and c.state.awaiting == (0,):
            return session(options, c, "mid-battle")
    raise AssertionError("no seed below 500 reaches a battle where seat 1 defends")


def one_turn_from_victory() -> Session:
    """At the first decision of the turn in which You (seat 1) win: the first seed where greedy play gets there."""
    for seed in range(500):
        options = Options(players=4, seed=seed)
        finished = play(options)
        result = finished.state.result
        if result.reason in ("solo", "alliance") and finished.state.active == 0:  # You win, in your turn
            break
    else:
        raise AssertionError("no seed below 500 ends in a victory for seat 1")
    last_turn = finished.state.turn
    for k in range(len(finished.log)):
        c, _ = replay(options, finished.log[:k])
        if c.state.turn == last_turn:
            return session(options, c, "one-turn-from-victory")
    raise AssertionError("the last turn has no decision")


def express_mid_game() -> Session:
    """Dune Express, 4 players, houses + Shorter Game 20 + Thumper: heuristic bots play to the third round."""
    options = express.with_variants("houses,shorter:20,thumper", players=4, seed=5)
    c = Controller(options)
    bots = [make_agent("heuristic", seed=options.seed * 10 + s) for s in range(options.players)]
    while not c.over and c.state.round < 3:
        request = c.pending()[0]
        c.submit(Decision(request.id, request.seat, bots[request.seat].decide(request)))
    assert not c.over, "the sample game ended before its third round"
    return session(options, c, "express-mid-game")


SAMPLES = {
    "fresh-game": fresh_game,
    "mid-battle-sealed-commit": mid_battle,
    "one-turn-from-victory": one_turn_from_victory,
    "express-mid-game": express_mid_game,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / f"v{schema.CURRENT}", help="where to write them")
    folder = parser.parse_args(argv).out
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in SAMPLES.items():
        save = to_file(make(), name, "named")
        save.saved_at = WHEN
        path = folder / f"{name}{SUFFIX}"
        write_atomic(path, schema.encode(save) + b"\n", keep_backup=False)
        path.chmod(0o644)  # repository files, not a player's saves
        print(f"{path}: {len(save.log)} decisions, round {save.snapshot.round}, "
              f"{save.snapshot.phase}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
