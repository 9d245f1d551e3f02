"""The review's analysis: the decision that threw a won game away is marked first; the figures are kept beside
the save, used again after a restart and recomputed when they do not fit; `dune-tui review --json`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dune_tui.review import Budget, ReviewError, analyse, load_or_analyse, open_review
from dune_tui.review import cache as review_cache
from dune_tui.review.cache import cache_path
from tests.review import games

QUICK = Budget(iters=20, rollouts=8)  # enough for the thrown-away win to stand out
TINY = Budget(iters=2, rollouts=1)  # where only the bookkeeping is checked, not what the figures say


def review_json(*args: str, budget: Budget = QUICK) -> dict:
    out = subprocess.run([sys.executable, "-m", "dune_tui", "review", *args, "--json", "--iters", str(budget.iters),
                          "--rollouts", str(budget.rollouts)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.slow
def test_the_thrown_away_win_is_marked_first_in_the_json(tmp_path):
    path, thrown = games.thrown_away_save(tmp_path / "thrown.dune.json")
    report = review_json(str(path))
    assert report["finished"] and report["decisions"] == len(open_review(path).log)
    assert report["marks"][0] == thrown + 1
    worst = next(j for j in report["judged"] if j["decision"] == thrown + 1)
    assert worst["seat"] == 1 and worst["best_chance"] - worst["after"] >= 0.5
    assert worst["best"] != worst["action"]
    assert set(worst) == {"decision", "seat", "side", "action", "before", "after", "best", "best_chance", "loss",
                          "nobody"}
    assert cache_path(path).exists()  # kept beside the save


@pytest.mark.slow
def test_a_game_nobody_won_is_no_win_for_anyone_from_the_opening_to_the_end(tmp_path):
    """Issue 41: the review of a two-player game nobody won opened with "Fremen 50% → 33%": the opening was 1/n
    by fiat, a decision that ended the game counted 1/n each, the rollouts a draw's reward.  Every position is
    now judged by the seat's chance of winning, the chance that nobody wins apart."""
    path = games.nobody_won_save(tmp_path / "nobody.dune.json")
    review = open_review(path)
    analysis = analyse(review, QUICK)
    last = analysis.decisions[-1]  # the decision that ended the game: nobody won, whatever the dice
    assert last.after == 0.0  # (was 1/n)
    assert last.nobody == 1.0 and "(nobody 100%)" in last.line()
    opening = analysis.chances[0]  # judged as any position, not 1/n: the chances and nobody's fill one
    assert opening != [0.5, 0.5] and abs(sum(opening) + analysis.nobody[0] - 1.0) < 1e-9
    assert analysis.chances[-1] == [0.0, 0.0] and analysis.nobody[-1] == 1.0  # how it ended
    first = analysis.decisions[0]
    assert first.before == opening[first.seat]
    for k, row in enumerate(analysis.chances):  # every position: chances, never a reward above them
        assert abs(sum(row) + analysis.nobody[k] - 1.0) < 1e-9, k


@pytest.mark.slow
def test_the_analysis_survives_a_restart_and_is_recomputed_when_it_does_not_fit(tmp_path, monkeypatch):
    path = games.finished_save(tmp_path / "game.dune.json")
    first = load_or_analyse(open_review(path), TINY)
    assert first.complete and len(first.chances) == len(open_review(path).log) + 1
    kept = cache_path(path).read_bytes()

    def must_not_run(*args, **kw):
        raise AssertionError("recomputed")

    monkeypatch.setattr(review_cache, "analyse", must_not_run)
    again = load_or_analyse(open_review(path), TINY)  # a new review of the file: as after a restart
    assert again == first
    ran = []
    monkeypatch.setattr(review_cache, "analyse", lambda *a, **kw: ran.append(1) or analyse(*a, **kw))
    load_or_analyse(open_review(path), Budget(iters=3, rollouts=1))  # another budget
    assert ran == [1]
    cache_path(path).write_bytes(kept)
    data = path.read_bytes().replace(b'"name":"game"', b'"name":"renamed"')  # the same game, another file
    assert data != path.read_bytes()
    path.write_bytes(data)
    load_or_analyse(open_review(path), TINY)
    assert ran == [1, 1]
    cache_path(path).write_bytes(b"{damaged")
    load_or_analyse(open_review(path), TINY)
    assert ran == [1, 1, 1]
    assert load_or_analyse(open_review(path), TINY) == load_or_analyse(open_review(path), TINY)
    assert ran == [1, 1, 1]


def test_a_cancelled_analysis_is_partial_and_not_kept(tmp_path):
    import threading

    path = games.finished_save(tmp_path / "game.dune.json")
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        if done == 3:
            stop.set()

    partial = load_or_analyse(open_review(path), QUICK, progress=progress, cancel=stop)
    assert not partial.complete and seen == [1, 2, 3] and not cache_path(path).exists()


@pytest.mark.parametrize("rules", ["dune", "express"])
def test_an_unfinished_game_is_judged_from_the_one_seat_only(tmp_path, rules):
    path = games.unfinished_save(tmp_path / "open.dune.json", rules)
    review = open_review(path, seat=0)
    assert not review.over
    with pytest.raises(ReviewError):
        review.view(review.last, 1)
    with pytest.raises(ReviewError):
        review.view(review.last, -1, reveal=True)
    analysis = analyse(review, Budget(iters=5, rollouts=2))
    assert analysis.seat == 0
    assert {j.seat for j in analysis.decisions} == {0}
    assert all(row[1:] == [None] * (review.players - 1) for row in analysis.chances)


@pytest.mark.slow
def test_a_dune_express_game_is_reviewed(tmp_path):
    path = games.express_finished_save(tmp_path / "express.dune.json")
    report = review_json(str(path), budget=TINY)
    assert report["rules"] == "express" and report["finished"]
    assert len(report["judged"]) == report["decisions"]
    losses = [next(j["loss"] for j in report["judged"] if j["decision"] == m) for m in report["marks"]]
    assert losses == sorted(losses, reverse=True)


def test_a_bad_file_or_seat_is_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.dune.json"
    bad.write_text("{nonsense")
    for args in ([str(bad), "--json"], ["saves/v2/fresh-game.dune.json", "--seat", "9", "--json"]):
        out = subprocess.run([sys.executable, "-m", "dune_tui", "review", *args], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_the_screen_needs_a_terminal_and_says_so():
    out = subprocess.run([sys.executable, "-m", "dune_tui", "review", "saves/v2/one-turn-from-victory.dune.json"],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert out.returncode == 2 and "needs a terminal" in out.stderr


def test_a_review_replays_through_the_controller_and_names_a_broken_decision(tmp_path, monkeypatch):
    """One replay path: the review's positions are the controller's (`controller.replay`, as a save's loading);
    a decision the engine refuses is named in the sentence."""
    from dune_tui import controller
    from dune_tui.saves import schema
    from dune_tui.saves.files import write_atomic

    path = games.finished_save(tmp_path / "done.dune.json")
    replays = []
    monkeypatch.setattr(controller, "Controller", lambda options, _c=controller.Controller: replays.append(1) or
                        _c(options))
    review = open_review(path)
    assert replays, "the review did not replay through the controller"
    assert len(review.states) == len(review.log) + 1 == len(review.counts) and review.over
    save = schema.decode(path.read_bytes())
    save.log[4] = save.log[5] = save.log[6]  # (the same seat twice in a row: not that seat's decision)
    bad = tmp_path / "bad.dune.json"
    write_atomic(bad, schema.encode(save), keep_backup=False)
    with pytest.raises(ReviewError, match=rf"cannot review .*bad.dune.json: decision \d+ of {len(save.log)} "
                                          r"cannot be replayed \("):
        open_review(bad)
