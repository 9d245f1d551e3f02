"""X36 on the screen, at 80×24: `e` (said in the decision panel's title only when offered, and listed by `?`)
proposes to end a Dune Express game without a round limit; a dialog confirms; with bots only the proposer
decides, in a hot-seat game each other player is asked in turn; the game-over screen says the players agreed."""

from __future__ import annotations

import pytest
from test_ui_express import OVER, advance, play_to_the_end
from ui_helpers import HUMAN, bot, human_waiting, make_app, pilot_test, screen_name, screen_text, until

from dune_tui.games.express import AGREE_END, end_offered, with_variants
from dune_tui.session import Session


def proposing(variant: str = "", seats=None) -> Session:
    """Round 2 or later, seat 0 (a human) rolling at the start of its turn."""
    seats = seats or [HUMAN, bot()]
    game = Session(with_variants(variant, players=len(seats), seed=4), seats, bots_secret=4)
    return advance(game, lambda s: s.round >= 2 and s.awaiting == (0,) and s.active == 0 and s.phase == "roll"
                   and s.kept == 0, seed=1)


@pytest.mark.slow
@pilot_test
async def test_x36_e_asks_then_ends_the_game_at_the_end_of_the_round_and_the_game_over_screen_says_so():
    game = proposing()
    round_ = game.state.round
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert end_offered(app.screen.current.view, 0) and "Fremen · e: end game?─" in screen_text(app)
        before = len(game.log)
        await pilot.press("e")
        await until(pilot, lambda: screen_name(app) == "AgreeEnd")
        assert f"End the game at the end of round {round_}?" in screen_text(app)
        assert "The bots agree at once" in screen_text(app) and "y  end it with this round" in screen_text(app)
        await pilot.press("n")  # no: nothing happens
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        assert len(game.log) == before and game.state.limit == 0
        await pilot.press("e")
        await until(pilot, lambda: screen_name(app) == "AgreeEnd")
        await pilot.press("y")
        await until(pilot, lambda: len(game.log) > before)
        assert game.log[before].action == AGREE_END and game.state.limit == round_
        await until(pilot, lambda: human_waiting(app) or screen_name(app) == OVER)
        assert "e: end game?" not in screen_text(app)  # offered no more
        await play_to_the_end(pilot)
        text = " ".join(screen_text(app).split())
        assert f"The players agreed to end the game in round {round_}" in text and "Nobody wins" in text


@pytest.mark.slow
@pilot_test
async def test_x36_e_in_a_game_with_a_round_limit_says_why_it_ends_nothing():
    """Issue 41: `e` in a `shorter:20` game did nothing without saying so. It is not offered (not in the panel's
    title), and the key says why in a notice."""
    game = proposing("shorter:20")
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert "e: end game?" not in screen_text(app)
        await pilot.press("e")
        await until(pilot, lambda: any("ends at the end of round 20 (the Shorter Game)" in str(n.message)
                                       for n in app._notifications))
        assert screen_name(app) == "GameScreen" and game.state.limit == 20
        await until(pilot, lambda: "No end by agreement" in screen_text(app), what="the toast drawn")


@pytest.mark.slow
@pilot_test
async def test_x36_hot_seat_the_other_player_is_asked_and_a_no_keeps_the_game_going():
    game = proposing(seats=[HUMAN, HUMAN])
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: human_waiting(app))
        before = len(game.log)
        await pilot.press("e")
        await until(pilot, lambda: screen_name(app) == "AgreeEnd")
        assert "Every other player must agree" in screen_text(app)
        await pilot.press("y")
        await until(pilot, lambda: "seat 2" in screen_text(app) and "do you agree?" in screen_text(app))
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "GameScreen"
                    and any("said no" in str(n.message) for n in app._notifications))
        assert len(game.log) == before
        await pilot.press("e")
        await until(pilot, lambda: screen_name(app) == "AgreeEnd")
        await pilot.press("y")
        await until(pilot, lambda: "do you agree?" in screen_text(app))
        await pilot.press("y")
        await until(pilot, lambda: len(game.log) > before)
        assert game.log[before].action == AGREE_END
