"""Issue 47: the bots' hot path (the heuristic, which is the search's rollouts and priors, and the leaf evaluation's
features) may be made faster, never different.  Whole games of heuristic bots at 2 to 8 players, pinned by a hash
of every decision it makes from a view and from the full state, the order it ranks the legal actions in (the
search's prior), the dice advantages behind a roll, and at each turn's start every seat's leaf features (recorded on
4d67991, before this hot path was reworked).  Change a pin only for a change meant to change play or the
evaluation, and say so: `python tests/ai/test_ai_pinned_games.py` prints the new hashes."""

from __future__ import annotations

import dataclasses
import functools
import hashlib

import pytest
from ai_positions import reach, request

from dune_tui.ai import make_agent
from dune_tui.ai.games.dune import evaluate, heuristic
from dune_tui.ai.games.dune.dice_policy import die_advantages
from dune_tui.ai.games.dune.plan import Ctx
from dune_tui.games.dune import Options, apply, legal_actions, new_game, view

GAMES = [(players, 100 * players + g) for players in range(2, 9) for g in range(2)]


@functools.cache
def heuristic_games() -> tuple[str, str]:
    """(hash of the heuristic's decisions, orders and dice advantages; hash of the leaf features)."""
    play, leaf = hashlib.sha256(), hashlib.sha256()
    for players, seed in GAMES:
        s = new_game(Options(players=players, seed=seed))
        s.events = None
        while not s.over:
            if s.phase == "roll" and s.kept == 0:
                leaf.update(repr([(evaluate.features(s, seat), evaluate.reachable(s, seat))
                                  for seat in range(s.n)]).encode())
                leaf.update(repr(evaluate.nobody_features(s)).encode())
                if s.n == 2:
                    leaf.update(repr([evaluate.duel_features(s, seat) + evaluate.threat_features(s, seat)
                                      for seat in range(2)]).encode())
            seat = s.awaiting[0]
            legal = legal_actions(s, seat)
            v = view(s, seat)
            play.update(repr((heuristic.ranked(v, seat, list(legal)), heuristic.choose(v, seat, list(legal)))).encode())
            if s.phase == "roll":
                play.update(repr(die_advantages(Ctx(s, seat))).encode())
            apply(s, seat, heuristic.choose(s, seat), check=False)
    return play.hexdigest(), leaf.hexdigest()


@pytest.mark.xdist_group("pinned-games")  # the games are played once for both pins
def test_heuristic_games_play_as_recorded():
    assert heuristic_games()[0] == "cdb644fc9ced3f85326efdb4f0a077a2b08f25cdac3309f4a13e58f3b54fbce6"


@pytest.mark.xdist_group("pinned-games")
def test_leaf_features_as_recorded():
    assert heuristic_games()[1] == "d14798a7d5df668b9fc9bb565b2a37e7efbebbd60a19c7dc178169ad36ada0ef"




def search_statistics() -> tuple[str, str]:
    """Hashes of the roots of short searches (mcts:iters=100 searched to the end) at four positions of
    tests/ai/ai_positions.py: every candidate's visits and summed rewards (`wins`), which any change to a rollout, a
    prior or a leaf value moves; and apart their summed chances (what the advisor shows), which the calibration of the
    chances shown moves too (ai/models/calibration.json) and nothing else should."""
    search, chances = hashlib.sha256(), hashlib.sha256()
    for players, phase in ((4, "roll"), (4, "land"), (4, "move"), (2, "roll")):
        s = next(s for seed in range(300) if (s := reach(players, seed, phase)) is not None)
        bot = make_agent("mcts:iters=100", 7)
        bot.config = dataclasses.replace(bot.config, seconds=1000.0, stop_share=None)
        root = bot.search(request(s, s.awaiting[-1]))
        search.update(repr(list(zip(root.actions, root.visits, root.wins))).encode())
        chances.update(repr(list(zip(root.won, root.drawn))).encode())
    return search.hexdigest(), chances.hexdigest()


def test_searches_find_as_recorded():
    # the search's, recorded on 4d67991: the calibration of the chances (session 7) left it as it was
    assert search_statistics() == ("8e95560ae8b48e0094aa9bfc770a8c57a305058cd527bae7edd13c28e5b4f114",
                                   "43ce9dac2077a13dbc056acf7b02bad60cb015dade384e5957b700d33c3e6130")


if __name__ == "__main__":
    print(heuristic_games(), search_statistics())
