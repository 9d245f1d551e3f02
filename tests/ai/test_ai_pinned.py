"""The bots' decisions on fixed positions and seeds, recorded before the search was reshaped (issue 24: SearchConfig,
Evaluator, observation_key, models as data): a refactor must not change them.  Regenerate pinned_decisions.json
only for a change meant to change play, and say so."""

from __future__ import annotations

import json
import pathlib
import random

import msgspec
import pytest
from ai_positions import reach, request

from dune_tui.ai import make_agent
from dune_tui.ai.mcts import MctsAgent, uncapped
from dune_tui.games.dune import as_action

PINNED = json.loads((pathlib.Path(__file__).parent / "pinned_decisions.json").read_text())
SPECS = ("heuristic", "mcts:easy", "mcts:iters=250")


def agent(spec: str, seed: int):
    """The bot, with no wall-clock cap (the iterations decide, however busy the machine)."""
    a = make_agent(spec, seed)
    if isinstance(a, MctsAgent):
        a.config = uncapped(a.config)
    return a


def position(case: dict):
    s = next(s for seed in range(300) if (s := reach(case["players"], seed, case["phase"])) is not None)
    return request(s, s.awaiting[-1])


@pytest.mark.parametrize("case", PINNED, ids=lambda c: f"{c['players']}p-{c['phase']}")
def test_the_bots_decide_as_recorded(case):
    req = position(case)
    for spec in SPECS:
        assert agent(spec, 7).decide(req) == as_action(case[spec]), spec


# Dune Express: the same three bots at the first decision of each kind that offers a choice, in seeded games played
# at random (positions by (variant, players, seed, decisions played)), recorded before issue 42's refactors.
EXPRESS_FILE = pathlib.Path(__file__).parent / "pinned_decisions_express.json"
PINNED_EXPRESS = json.loads(EXPRESS_FILE.read_text()) if EXPRESS_FILE.exists() else []
EXPRESS_GAMES = (("", 2, 4), ("houses,shorter:6,thumper,fortresses", 4, 3))
EXPRESS_SPECS = ("heuristic", "mcts:easy", "mcts:iters=60")  # a longer search costs seconds, and pins no more


def express_positions(variant: str, players: int, seed: int):
    """(decisions played, request) at the first decision of each phase that offers a choice."""
    from dune_tui.controller import Controller, Decision
    from dune_tui.games import express

    c = Controller(express.with_variants(variant, players=players, seed=seed))
    rng, seen = random.Random(seed), set()
    while not c.over:
        r = c.pending()[0]
        if len(r.legal) > 1 and r.phase not in seen:
            seen.add(r.phase)
            yield len(c.log), r
        c.submit(Decision(r.id, r.seat, rng.choice(r.legal)))


def express_decisions(variant: str, players: int, seed: int) -> list[dict]:
    return [{"variant": variant, "players": players, "seed": seed, "played": played, "phase": r.phase,
             **{spec: json.loads(json.dumps(msgspec.to_builtins(agent(spec, 7).decide(r)))) for spec in EXPRESS_SPECS}}
            for played, r in express_positions(variant, players, seed)]


@pytest.mark.slow
@pytest.mark.parametrize("game", EXPRESS_GAMES, ids=lambda g: f"{g[1]}p-{g[0] or 'plain'}")
def test_the_bots_decide_as_recorded_in_dune_express(game):
    recorded = [c for c in PINNED_EXPRESS if (c["variant"], c["players"], c["seed"]) == game]
    assert recorded and express_decisions(*game) == recorded


if __name__ == "__main__":  # regenerate (a change meant to change play only): `python tests/ai/test_ai_pinned.py dune`
    import sys

    if sys.argv[1:] == ["dune"]:
        FILE = pathlib.Path(__file__).parent / "pinned_decisions.json"
        cases = [{"players": c["players"], "phase": c["phase"],
                  **{spec: json.loads(json.dumps(msgspec.to_builtins(agent(spec, 7).decide(position(c)))))
                     for spec in SPECS}} for c in PINNED]
        FILE.write_text(json.dumps(cases, indent=1) + "\n")
    else:
        cases = [case for game in EXPRESS_GAMES for case in express_decisions(*game)]
        EXPRESS_FILE.write_text(json.dumps(cases, indent=1) + "\n")
