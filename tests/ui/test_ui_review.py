"""The review screen (dune-tui review, Review on the game-over screen and the Load list): stepping through a
saved game by decision, turn and round; the marked decisions, worst first; an unfinished game's review never
shows another seat's secret; snapshots at 80x24 and 120x40."""

from __future__ import annotations

import re
import shutil

import pytest
from ui_helpers import make_app, pilot_test, screen_name, screen_text, until

from dune_tui import saves
from dune_tui.games.dune.data import FACTION_NAMES
from dune_tui.review import Budget, load_or_analyse, open_review
from dune_tui.review.cache import cache_path
from dune_tui.ui.app import DuneApp
from dune_tui.ui.screens import review as review_screen
from dune_tui.ui.screens.review import ReviewScreen
from dune_tui.ui.settings import Settings
from tests.review import games

QUICK = Budget(iters=20, rollouts=8)
TINY = Budget(iters=2, rollouts=1)  # where what the figures say is not looked at
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def review_app(review, **kw) -> DuneApp:
    app = DuneApp(None, Settings(bots="thread"), first=ReviewScreen(review, QUICK, exit_on_back=True, **kw))
    app.animation_level = "none"
    return app


def panel(app) -> str:
    """The review panel's words (where, who plays, the judgement), whatever their wrapping on screen."""
    return " ".join(str(app.screen.query_one(f"#review-{part}").content) for part in ("where", "judged"))


def analysed(app) -> bool:
    return screen_name(app) == "ReviewScreen" and app.screen.analysis is not None


@pytest.fixture(scope="session")
def analysed_save(tmp_path_factory):
    """`analysed_save(rules, where)`: a finished game's save in `where` with its analysis at QUICK kept beside it
    (the screen finds it at once), analysed once a worker: the analysis was most of these tests' time.  The tests
    that use one are in one xdist group a game, so that one worker analyses it once.  (The screen's own analysis:
    its progress, x, the Load list and the game-over screen, and an unfinished game's, are tested apart.)"""
    made = {}

    def copy(rules: str, where):
        if rules not in made:
            folder = tmp_path_factory.mktemp(f"analysed-{rules}")
            if rules == "express":
                path = games.express_finished_save(folder / "express.dune.json")
            else:
                path, _ = games.thrown_away_save(folder / "thrown.dune.json")
            load_or_analyse(open_review(path), QUICK)
            made[rules] = path
        path = made[rules]
        for kept in (path, cache_path(path)):
            shutil.copy(kept, where / kept.name)
        return where / path.name

    return copy


@pytest.mark.slow
@pytest.mark.xdist_group("review-thrown")
@pilot_test
async def test_stepping_and_the_marks(tmp_path, analysed_save):
    path, thrown = analysed_save("dune", tmp_path), games.thrown_away()[2]
    review = open_review(path)
    app = review_app(review)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: analysed(app), timeout=120, what="the analysis")
        screen = app.screen
        assert "Decision 1 of" in screen_text(app)
        await pilot.press("right", "right")
        assert screen.position == 2 and "Decision 3 of" in screen_text(app)
        await pilot.press("left")
        assert screen.position == 1
        await pilot.press("right_square_bracket")
        assert screen.position == review.turn_starts()[1]
        await pilot.press("pagedown")
        assert screen.position == review.round_starts()[1]
        await pilot.press("pageup", "pageup")
        assert screen.position == 0
        await pilot.press("end")
        assert screen.position == review.last and "The end" in screen_text(app)
        await pilot.press("home", "n")  # the first mark: the decision that threw the won game away
        assert screen.position == thrown
        judged = next(j for j in screen.analysis.decisions if j.decision == thrown)
        assert judged.line() in panel(app) and "the search preferred" in judged.line()
        assert panel(app).count(judged.action) == 1  # what was played, once: in its judgement
        await pilot.press("e")  # a finished game: any seat's eyes
        assert "seat 1's view" in panel(app)
        await pilot.press("a")
        assert "every secret revealed" in panel(app)
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running)


@pytest.mark.slow
@pilot_test
async def test_the_analysis_shows_its_progress_and_x_stops_it(tmp_path):
    path = games.finished_save(tmp_path / "game.dune.json")
    app = DuneApp(None, Settings(bots="thread"),
                  first=ReviewScreen(open_review(path), Budget(iters=700, rollouts=24), exit_on_back=True))
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.screen.query_one("#review-progress")
        await until(pilot, lambda: (bar.progress or 0) >= 1, timeout=60, what="the progress bar moving")
        assert "Analysing… (x stops)" in panel(app)
        await pilot.press("x")
        await until(pilot, lambda: app.screen.analysis is not None, timeout=60, what="the analysis stopping")
        assert not app.screen.analysis.complete and not bar.display
        assert app.screen.analysis.decisions  # what was judged before x is shown
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running)
    assert not (tmp_path / "game.dune.json.review.json").exists()  # a stopped analysis is not kept


@pytest.mark.slow
@pilot_test
async def test_an_unfinished_games_review_never_shows_another_seats_secret(tmp_path):
    path = games.unfinished_save(tmp_path / "open.dune.json")
    review = open_review(path, seat=0)
    bg = review.states[-1].faction_seat[6] if hasattr(review.states[-1], "faction_seat") else 1
    predicted = FACTION_NAMES[review.states[-1].prediction]
    secret = re.compile(rf"redicts? (the )?{predicted}", re.IGNORECASE)
    assert bg == 1 and review.states[-1].prediction >= 0
    app = review_app(review)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: analysed(app), timeout=120, what="the analysis")
        screen = app.screen
        for k in range(review.last + 1):
            assert screen.position == k
            text = screen_text(app) + "\n".join(screen.query_one("#log").lines_written)
            assert not secret.search(text), f"position {k}:\n{text}"
            await pilot.press("right")
        await pilot.press("e", "a")
        assert "seat 1's view" in panel(app) and "every secret" not in panel(app)
        assert {j.seat for j in screen.analysis.decisions} == {0}
    as_bg = open_review(path, seat=1)  # the control: the Bene Gesserit's own review shows it
    app = review_app(as_bg, analyse=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: screen_name(app) == "ReviewScreen")
        await pilot.press("end")
        await until(pilot, lambda: secret.search(screen_text(app)) is not None, what="the prediction")


@pytest.mark.slow
@pilot_test
async def test_review_from_the_load_list_and_the_game_over_screen(save_dir, monkeypatch):
    monkeypatch.setattr(review_screen, "BUDGET", TINY)  # the way to the review is the point, not its figures
    game = saves.load(games.finished_save(save_dir.parent / "game.dune.json"))
    path = saves.autosave(game, save_dir)
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("l")
        await until(pilot, lambda: "finished: " in screen_text(app))
        await pilot.press("w")
        await until(pilot, lambda: analysed(app), timeout=120, what="the review from the Load list")
        assert app.screen.review.path == path
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "LoadScreen")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")
        assert "w Review" in screen_text(app)
        await pilot.press("w")
        await until(pilot, lambda: analysed(app), timeout=60, what="the review from the game-over screen")
        assert app.screen.review.path == path and "Review · " in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")


def snapshot_review(path):
    review = open_review(path)
    load_or_analyse(review, QUICK)  # kept beside the save: the screen finds it at once
    return review_app(review)


@pytest.mark.slow
@pytest.mark.xdist_group("review-thrown")
@pytest.mark.parametrize("size", SIZES)
def test_review_snapshot(snap_compare, size, tmp_path, analysed_save):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: analysed(pilot.app), timeout=60)
        await pilot.press("n")
        await pilot.pause()

    assert snap_compare(snapshot_review(analysed_save("dune", tmp_path)), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.xdist_group("review-express")
@pytest.mark.parametrize("size", SIZES)
def test_review_express_snapshot(snap_compare, size, tmp_path, analysed_save):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: analysed(pilot.app), timeout=60)
        await pilot.press("pagedown", "right")
        await pilot.pause()

    assert snap_compare(snapshot_review(analysed_save("express", tmp_path)), terminal_size=size,
                        run_before=run_before)
