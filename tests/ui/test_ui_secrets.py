"""Pilot tests of what each seat may see: the sealed battle commit against a bot (R10), the
hot-seat hand-off before secret choices, the Bene Gesserit prediction kept from other seats,
the forced Shai-Hulud keep (R4), and the game-over screen."""

from __future__ import annotations

import pytest
from ui_helpers import (
    HUMAN,
    answer,
    at_commit,
    bot,
    hand_over,
    human_waiting,
    make_app,
    near_the_end,
    pilot_test,
    play_to_game_over,
    play_until,
    screen_name,
    screen_text,
    session,
    until,
    until_shown,
)

from dune_tui.games.dune import Options
from dune_tui.games.dune.data import FACTION_NAMES, SPICE_DIE, WORM
from dune_tui.session import Session
from dune_tui.ui.screens.modals import Handoff


@pytest.mark.slow
@pilot_test
async def test_battle_the_bots_commit_is_sealed_before_the_human_chooses_and_both_are_revealed():
    """R10: both sides commit secretly; the bot's commit is in before the human's form opens,
    the human's form does not show it, and the reveal shows both."""
    game = at_commit()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        request = app.screen.current
        assert request.phase == "commit"
        assert game.state.awaiting == (0,), "the bot committed first"
        assert ("sealed",) in request.view.b_commits or None in request.view.b_commits
        bot_commit = game.state.b_commits[1 if game.state.active == 0 else 0]
        text = await until_shown(pilot, "sealed theirs", "Seal commit")  # the footer names the key
        assert str(bot_commit) not in text
        await pilot.press("m", "enter")  # all in
        await until(pilot, lambda: screen_name(app) == "Reveal")
        text = screen_text(app)
        assert "(attacking)" in text and "(defending)" in text
        assert "strength" in text
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) != "Reveal")


@pilot_test
async def test_commit_form_counts_troops_and_leaders_with_keys():
    game = at_commit()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        form = app.screen.query_one("#commit-form")
        assert form.current() == ("commit", (), ())
        await pilot.press("right")
        assert sum(k for _, k in form.current()[1] + form.current()[2]) == 1
        await pilot.press("left", "left")  # never below zero
        assert form.current() == ("commit", (), ())
        await pilot.press("m")
        assert form.current() == max(app.screen.current.legal, key=lambda a: sum(k for _, k in a[1] + a[2]))
        await pilot.press("0")
        assert form.current() == ("commit", (), ())


def hot_seat_bg() -> Session:
    """Five seats, two humans at one keyboard; seat 1 plays the Bene Gesserit (secret prediction)."""
    options = Options(players=5, seed=4, factions=("atreides", "bg", "fremen", "corrino", "guild"))
    return Session(options, [HUMAN, HUMAN, bot(), bot(), bot()], bots_secret=options.seed)


@pytest.mark.slow
@pilot_test
async def test_hot_seat_hands_off_before_the_secret_prediction_and_hides_it_afterwards():
    game = hot_seat_bg()
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "Handoff" or human_waiting(app))
        while screen_name(app) != "Handoff":  # the Atreides setup (not secret) comes first
            assert app.screen.current.seat == 0
            await answer(pilot)
            await until(pilot, lambda: screen_name(app) == "Handoff" or human_waiting(app))
        text = await until_shown(pilot, "Pass the keyboard to", "Bene Gesserit")
        assert "Arrakis" not in text  # nothing of the game shows behind the hand-off
        await hand_over(pilot)
        await until(pilot, lambda: human_waiting(app))
        assert app.screen.current.phase == "setup_prediction"
        assert app.screen.current.seat == 1
        await pilot.press("2")
        await until(pilot, lambda: game.state.prediction >= 0)
        predicted = game.state.prediction

        for _ in range(30):  # play on: no screen may show the prediction to the other seat
            await until(pilot, lambda: human_waiting(app) or screen_name(app) == "Handoff")
            text = screen_text(app)
            assert f"predict {FACTION_NAMES[predicted]}" not in text
            assert f"predict the {FACTION_NAMES[predicted]}" not in text
            assert not any("predict the" in line for line in app.screen.query_one("#log").lines_written)
            if screen_name(app) == "Handoff":
                break
            await answer(pilot)


@pytest.mark.slow
@pilot_test
async def test_hot_seat_battle_between_two_humans_hands_off_twice():
    game = play_until(session(2, seats=[HUMAN, HUMAN], seed=4),
                      lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=4)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2):
            await hand_over(pilot)
            await until(pilot, lambda: human_waiting(app))
            assert app.screen.current.phase == "commit"
            await pilot.press("enter")  # commit nothing
        await until(pilot, lambda: screen_name(app) == "Reveal")


@pilot_test
async def test_a_second_enter_pressed_at_once_does_not_pass_the_next_hand_off(monkeypatch):
    """The Enter that seals one player's commit, pressed twice (or held), must not open the next player's secret
    choice in front of the first: the hand-off ignores the keyboard a moment."""
    game = play_until(session(2, seats=[HUMAN, HUMAN], seed=4),
                      lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=4)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        await until(pilot, lambda: human_waiting(app))
        monkeypatch.setattr(Handoff, "GUARD", 60.0)  # (a loaded machine may take a while between two key presses)
        await pilot.press("enter")  # commit nothing
        await until(pilot, lambda: screen_name(app) == "Handoff")
        await pilot.press("enter")  # the same key again, at once
        await pilot.pause(0.1)
        assert screen_name(app) == "Handoff" and "Pass the keyboard to" in screen_text(app)
        app.screen._guard_over()  # (the moment over: the other hand-off tests wait for it)
        await hand_over(pilot)  # then Enter hands over
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "commit")


@pilot_test
async def test_the_worm_must_be_kept_and_the_tray_says_so():
    """R4: a Shai-Hulud on the spice die is kept at once (marked, cannot be unmarked)."""
    game = play_until(session(2, seed=2), lambda s: s.phase == "roll" and s.active == 0
                      and s.dice[SPICE_DIE] == WORM and not s.kept >> SPICE_DIE & 1, seed=2)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert "!must" in screen_text(app)
        form = app.screen.query_one("#dice-form")
        assert form.marks == 1 << SPICE_DIE
        await pilot.press(str(SPICE_DIE + 1))
        assert form.marks == 1 << SPICE_DIE
        assert "must be kept" in screen_text(app)
        await pilot.press("r")
        await until(pilot, lambda: game.state.kept >> SPICE_DIE & 1)


@pilot_test
async def test_dice_keys_mark_and_reroll_only_the_unmarked_dice():
    game = session(2, seed=8)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        while app.screen.current.phase != "roll":
            await answer(pilot)
            await until(pilot, lambda: human_waiting(app))
        form = app.screen.query_one("#dice-form")
        marks = form.marks
        die = next(d for d in range(7) if not marks >> d & 1)
        await pilot.press(str(die + 1))
        assert form.marks == marks | 1 << die
        assert "●keep" in screen_text(app)
        await pilot.press("r")
        await until(pilot, lambda: game.state.kept & (1 << die))


@pytest.mark.slow
@pilot_test
async def test_game_over_shows_the_winner_the_map_and_statistics_then_a_new_game():
    game = near_the_end()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_game_over(pilot, 100)
        assert game.state.over
        text = screen_text(app)
        assert "Game over" in text
        assert game.state.result.text.split(":")[0] in text
        assert "Arrakis" in text and "Statistics" in text
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")


@pilot_test
async def test_too_small_terminal_gets_a_message_and_the_layout_follows_resizes():
    app = make_app(session(2, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert app.screen.has_class("-fits-width") and not app.screen.has_class("-tall")  # compact
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "too small" in screen_text(app)
        assert "Arrakis" not in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-wide") and app.screen.has_class("-tall")  # roomy
        assert "too small" not in screen_text(app)
        assert "Zone 1" in screen_text(app)  # the roomy map names its zones


@pytest.mark.slow
@pilot_test
async def test_the_screen_gets_views_only_each_from_its_own_seat_and_public_ones_as_a_spectator(monkeypatch):
    """No cheating: the game screen holds no authoritative state (every State it gets is a view, without
    the dice generator); on a seat's connection only that seat's view, and a view for nobody in particular
    (viewer -1) only on the hot seat's spectator connection."""
    from dune_tui.games.dune import State
    from dune_tui.ui.screens.game import GameScreen

    got: list[tuple[int, object]] = []
    deliver = GameScreen._deliver

    def spy(self, seat, body):
        got.append((seat, body))
        deliver(self, seat, body)

    monkeypatch.setattr(GameScreen, "_deliver", spy)
    game = hot_seat_bg()
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await until(pilot, lambda: human_waiting(app) or screen_name(app) == "Handoff")
            if screen_name(app) == "Handoff":
                await hand_over(pilot)
                continue
            await answer(pilot)
        assert isinstance(app.screen, GameScreen) and not hasattr(app.screen, "session")
    states = [(seat, v) for seat, body in got for v in vars_of(body) if isinstance(v, State)]
    assert {seat for seat, _ in states} == {-1, 0, 1}
    assert all(v.rng is None and v.viewer == seat for seat, v in states)
    assert all(e.visible_to(seat) for seat, body in got for e in getattr(body, "events", ()))


def vars_of(body) -> list:
    """The fields of a message, and those of the requests it carries."""
    fields = [getattr(body, f) for f in getattr(body, "__struct_fields__", ())]
    return fields + [r.view for r in getattr(body, "requests", ())]
