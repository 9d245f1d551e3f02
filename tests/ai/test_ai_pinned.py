"""The bots' decisions on fixed positions and seeds, recorded before the search was reshaped (issue 24: SearchConfig,
Evaluator, observation_key, models as data): a refactor must not change them.  Regenerate pinned_decisions.json
only for a change meant to change play, and say so."""

from __future__ import annotations

import dataclasses
import json
import pathlib

import pytest
from ai_positions import reach, request

from dune_tui.ai import make_agent
from dune_tui.ai.mcts import MctsAgent
from dune_tui.games.dune import as_action

PINNED = json.loads((pathlib.Path(__file__).parent / "pinned_decisions.json").read_text())
SPECS = ("heuristic", "mcts:easy", "mcts:iters=250")


def agent(spec: str, seed: int):
    """The bot, with no wall-clock cap (the iterations decide, however busy the machine)."""
    a = make_agent(spec, seed)
    if isinstance(a, MctsAgent):
        a.config = dataclasses.replace(a.config, seconds=1000.0)
    return a


@pytest.mark.parametrize("case", PINNED, ids=lambda c: f"{c['players']}p-{c['phase']}")
def test_the_bots_decide_as_recorded(case):
    s = next(s for seed in range(300) if (s := reach(case["players"], seed, case["phase"])) is not None)
    req = request(s, s.awaiting[-1])
    for spec in SPECS:
        assert agent(spec, 7).decide(req) == as_action(case[spec]), spec
