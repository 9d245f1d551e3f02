"""The game-over statistics (issue 27, bug 2): every battle counts for both sides, attacker and defender."""

from __future__ import annotations

import re
from collections import Counter

from dune_tui.ai import make_agent
from dune_tui.controller import Controller
from dune_tui.games.dune import Options
from dune_tui.games.dune.data import FACTION_NAMES
from dune_tui.session import SeatConfig, Session
from dune_tui.ui.games.dune.over import statistics
from tests.sessions import session_from_log

REVEAL = re.compile(r"Reveal in .+?: (.+?) commit .*; (.+?) commit .* The (.+?) win\.")


def finished_session(seed: int) -> Session:
    """A whole 4-player game between heuristic bots, loaded back from its log as a saved game would be."""
    options = Options(players=4, seed=seed)
    controller = Controller(options)
    controller.run([make_agent("heuristic", seed=seed * 10 + s) for s in range(4)])
    return session_from_log(options, [SeatConfig()] * 4, controller.log, bots_secret=seed)


def test_battles_won_and_lost_count_the_attacker_and_the_defender():
    session = finished_session(11)
    expected: dict[int, Counter] = {f: Counter() for f in session.state.seat_faction}
    defended = 0
    for e in session.history:
        if e.kind == "reveal":  # read from the words, not the payload
            attacker, defender, winner = (FACTION_NAMES.index(n) for n in REVEAL.fullmatch(e.text).groups())
            for f in (attacker, defender):
                expected[f]["won" if f == winner else "lost"] += 1
            defended += 1
    assert defended >= 2, "pick a seed with battles"
    stats = statistics(session)
    for f in session.state.seat_faction:
        assert (stats[f]["won"], stats[f]["lost"]) == (expected[f]["won"], expected[f]["lost"]), FACTION_NAMES[f]
    assert sum(c["won"] + c["lost"] for c in stats.values()) == 2 * defended


def test_turns_and_landings_are_counted_per_faction():
    session = finished_session(11)
    stats = statistics(session)
    assert sum(c["turns"] for c in stats.values()) == session.state.turn
    landed = Counter(next(f for f in stats if e.text.startswith(FACTION_NAMES[f] + " lands"))
                     for e in session.history if e.kind == "landed")
    assert {f: stats[f]["landed"] for f in stats} == {f: landed[f] for f in stats}
