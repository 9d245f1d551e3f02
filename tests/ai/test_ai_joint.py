"""The search's joint node: wherever the engine's `is_simultaneous` says the seats awaited choose at once, however
many they are, each seat chooses by its own regret matching without seeing the others' choices (ai/mcts.py).  A toy
game of three seats choosing at once (a sealed bid): the search finds each seat's dominant choice."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from dune_tui.ai.evaluator import outcome
from dune_tui.ai.mcts import MctsAgent, SearchConfig
from dune_tui.ai.search_rules import SearchRules

SEATS = 3
GO = 2  # each seat's dominant choice: it wins whenever it chooses GO, whatever the others do


class Bid:
    """Three seats each seal a choice 0, 1 or 2 at once; a seat that chose GO wins."""

    def __init__(self) -> None:
        self.n, self.turn, self.phase = SEATS, 1, "bid"
        self.awaiting, self.picks, self.result = tuple(range(SEATS)), {}, None

    def copy(self) -> Bid:
        new = Bid()
        new.awaiting, new.picks, new.result = self.awaiting, dict(self.picks), self.result
        return new


def _apply(s: Bid, seat: int, action, *, check: bool = True) -> list:
    s.picks[seat] = action
    s.awaiting = tuple(x for x in s.awaiting if x != seat)
    if not s.awaiting:
        s.result = SimpleNamespace(winners=tuple(x for x, a in s.picks.items() if a == GO))
    return []


ENGINE = SimpleNamespace(
    legal_actions=lambda s, seat: [0, 1, GO] if seat in s.awaiting else [],
    apply=_apply,
    is_simultaneous=lambda s: s.result is None,
    observation_key=lambda s, seat: repr((s.picks.get(seat), s.result is not None)).encode(),
    determinize=lambda view, seed: view.copy(),
    returns=lambda s: [1.0 if s.picks.get(x) == GO else 0.0 for x in range(SEATS)] if s.result else [0.0] * SEATS,
)


class Toy:
    lazy = False

    def prior(self, state, seat: int, legal: list) -> list:
        return list(legal)  # no hint: GO last

    def evaluate(self, s, seat: int, horizon_turn):
        return outcome(s, ENGINE.returns)


def _rules() -> SearchRules:
    return SearchRules(ENGINE, Toy(), choose=lambda view, seat, legal, rng: legal[0], at_once=frozenset(),
                       minor=frozenset(), ranked=lambda view, seat, legal, rng: list(legal))


def test_three_seats_choosing_at_once_make_one_joint_node_and_each_finds_its_best_choice():
    for seat in range(SEATS):
        agent = MctsAgent(seed=seat, config=dataclasses.replace(SearchConfig(), iters=300, seconds=1000.0))
        agent.game = lambda view: _rules()
        request = SimpleNamespace(view=Bid(), seat=seat, phase="bid", legal=[0, 1, GO], bots_seconds=None)
        root = agent.search(request)
        assert root.joint and root.seats == (0, 1, 2) and len(root.actions) == SEATS
        assert root.n == 300 and all(len(child.seats) == 0 for child in root.children.values())
        for side in range(SEATS):
            assert max(range(3), key=lambda i, side=side: root.average(side)[i]) == GO
        assert agent.decide(request) == GO
