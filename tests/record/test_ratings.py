"""Ratings (issue 46): openskill's Plackett–Luce, each seat a team, allies ranked together, leaving ranked last."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib import resources

import pytest
from openskill.models import PlackettLuce

from dune_tui.record import Finished, Seat, ratings
from dune_tui.record.ratings import Rating, bot_ratings, rate, rate_games


def test_a_known_sequence_of_results_matches_the_packages_own_numbers():
    mine: dict[str, Rating] = {}
    results = [  # (entrants, winners, left) and the ranks the package is given for them
        (["alice", "bob", "carol"], [0], [], [1, 2, 2]),  # alice alone
        (["alice", "bob", "carol"], [0, 1], [], [1, 1, 2]),  # alice and bob in alliance: ranked together
        (["carol", "alice", "bob", "dave"], [2], [0], [3, 2, 1, 2]),  # bob wins, carol abandoned: last
        (["bob", "dave"], [], [], [1, 1]),  # nobody won: everyone together
    ]
    package = PlackettLuce()
    theirs = {}
    for entrants, winners, left, ranks in results:
        mine.update(rate(mine, entrants, winners, left=left))
        teams = [[theirs.get(who) or package.rating(name=who)] for who in entrants]
        theirs.update({who: team[0] for who, team in zip(entrants, package.rate(teams, ranks=ranks))})
    assert set(mine) == set(theirs) == {"alice", "bob", "carol", "dave"}
    for who, r in mine.items():
        assert (r.mu, r.sigma) == pytest.approx((theirs[who].mu, theirs[who].sigma), abs=1e-12), who
    assert mine["alice"].mu > mine["carol"].mu  # and the figures say what happened


def finished(day: int, seats: list[Seat], you: int | None = 0) -> Finished:
    when = datetime(2025, 1, day, tzinfo=UTC)
    return Finished(game_id=f"g{day}", rules="dune", title="Dune: The Dice Game", variants="", started=when,
                    ended=when, seats=tuple(seats), you=you, way="alone", rounds=6, decisions=100, path="")


def person(name: str, won: bool = False, login: str = "") -> Seat:
    return Seat(name=name, kind="human", agent="", login=login, won=won)


def bot(level: str, won: bool = False) -> Seat:
    return Seat(name=f"Bot ({level})", kind="bot", agent=level, won=won)


def test_only_games_with_another_person_or_a_bot_of_known_rating_move_a_rating(monkeypatch):
    monkeypatch.setattr(ratings, "measured", lambda: {"dune": {"heuristic": Rating(20.0, 1.0)}})
    against_unrated = finished(1, [person("You", won=True), bot("random")])
    assert rate_games([against_unrated], "dune") == {}
    against_rated = finished(2, [person("You", won=True), bot("heuristic"), bot("random")])
    expected = rate({"bot:heuristic": Rating(20.0, 1.0)}, ["you", "bot:heuristic", "bot:random"], [0],
                    fixed=["bot:heuristic", "bot:random"])
    assert rate_games([against_unrated, against_rated], "dune") == expected
    assert rate_games([against_rated], "express") == {}  # a rating per game
    two_people = finished(3, [person("Ann"), person("Bob", won=True, login="bob")])
    after = rate_games([against_rated, two_people], "dune")
    assert set(after) == {"you", "bob"} and after["bob"].mu > 25.0 > after["you"].mu - 5


def test_the_bot_levels_ratings_come_with_their_intervals_and_the_commands_that_made_them():
    data = json.loads(resources.files("dune_tui.record").joinpath(ratings.DATA).read_text())
    assert set(data["rules"]) == {"dune", "express"}  # every level of every game measured
    for rules, entry in data["rules"].items():
        assert entry["commands"] and all(c.startswith("python benchmarks/bot_ratings.py") for c in entry["commands"])
        assert entry["games"] > 0
        levels = bot_ratings(rules)
        assert set(levels) == {"random", "heuristic", "mcts:easy", "mcts:normal", "mcts:hard"}
        for level, r in entry["levels"].items():
            assert r["low"] == pytest.approx(levels[level].low, abs=0.05) and r["low"] < r["mu"] < r["high"]
    assert bot_ratings("dune")["heuristic"].mu > bot_ratings("dune")["random"].mu
