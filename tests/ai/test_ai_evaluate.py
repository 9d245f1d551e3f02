"""The search's evaluation: chances in [0, 1] that grow with strategic regions held alone (R11)."""

from __future__ import annotations

from ai_positions import find

from ai.evaluate import evaluate
from dune_tui.engine.data import CARTHAG, HABBANYA_SIETCH, SIETCH_TABR, STRATEGIC_ORDER
from dune_tui.engine.state import NU


def test_chances_are_probabilities_for_every_player_count():
    for players in (2, 3, 4, 6, 8):
        s = find(players, "roll")
        p = evaluate(s)
        assert len(p) == players
        assert all(0.0 <= x <= 1.0 for x in p)


def test_holding_more_strategic_regions_alone_is_worth_more():
    s = find(4, "roll")
    seat = s.awaiting[0]
    me = s.seat_faction[seat]
    for r in STRATEGIC_ORDER:
        for u in range(NU):
            s.board[r * NU + u] = 0
    before = evaluate(s)[seat]
    for r in (HABBANYA_SIETCH, SIETCH_TABR, CARTHAG):
        s.board[r * NU + me] = 2
    assert evaluate(s)[seat] > before
