"""`u` on the game screen (issue 45): against bots it takes back your last decision — the log says which, the
board is drawn again and the decision is asked again —; with nothing to take back a line says why."""

from __future__ import annotations

from ui_helpers import HUMAN, human_waiting, make_app, pilot_test, screen_text, until

from dune_tui.controller import replay
from tests.sessions import mine_to_take_back, position


@pilot_test
async def test_u_takes_back_your_last_decision_and_asks_it_again(tmp_path):
    game = position("dune", mine_to_take_back)
    kept = list(game.log[:-1])
    before, _ = replay(game.options, kept)
    asked_before = before.pending()[0]
    app = make_app(game, tmp_path, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("u")
        await until(pilot, lambda: list(game.log) == kept, what="the decision taken back")
        await until(pilot, lambda: human_waiting(app) and app.screen.current.legal == asked_before.legal,
                    what="the decision asked again")
        assert "Took back: " in screen_text(app)
        assert app.screen.board.phase == before.state.phase


@pilot_test
async def test_u_with_nothing_to_take_back_says_why_in_a_line(tmp_path):
    game = position("dune", lambda c: bool(c.log) and c.log[-1].seat == 1 and c.state.awaiting == (0,))
    log = list(game.log)
    app = make_app(game, tmp_path, resumed=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("u")
        await until(pilot, lambda: said(app, "Nothing to take back: the last decision was seat 2's"), what="the line")
        assert list(game.log) == log


@pilot_test
async def test_u_in_a_hot_seat_game_says_it_is_only_against_bots(tmp_path):
    game = position("dune", mine_to_take_back, seats=[HUMAN, HUMAN])
    log = list(game.log)
    app = make_app(game, tmp_path, resumed=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: app.screen.current is not None, what="a question")
        await pilot.pause(0.1)
        if not human_waiting(app):
            await pilot.press("enter")  # (the hand-off to seat 1)
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("u")
        await until(pilot, lambda: said(app, "Undo is only for a game against bots: seats 1, 2 are people's."),
                    what="the line")
        assert list(game.log) == log


def said(app, text: str) -> bool:
    """A toast says `text` (run_test draws no toasts)."""
    return any(str(n.message).startswith(text) for n in app._notifications)
