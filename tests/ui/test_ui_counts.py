"""Issue 41: one behaviour for every option with a count, and no step ended with troops and spice left unsaid."""

from __future__ import annotations

import pytest
from ui_helpers import human_waiting, make_app, pilot_test, play_until, screen_text, session, until

from dune_tui.games.dune import legal_actions
from dune_tui.games.dune.queries import landings_most


def landing(s) -> bool:
    """The human (seat 0) lands, with room for at least three troops of one kind in one place."""
    return (s.phase == "land" and s.awaiting == (0,)
            and any(a[0] == "land" and landings_most(s, a) >= 3 for a in legal_actions(s, 0)))


@pytest.mark.slow
@pilot_test
async def test_a_digit_on_a_landing_opens_its_count_and_enter_lands_that_many():
    """A number key landed one troop at once and the next ←/→, Enter ended the landing with troops and spice
    unused. Now, as in the move step, the digit opens the count; → adds one; Enter lands that many; the landing
    goes on with the same option highlighted."""
    game = play_until(session(2, seed=12), landing, seed=12)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        choices = app.screen.query_one("#choices")
        n = next(i for i, c in enumerate(choices.shown) if c.repeated and len(c.by_count) >= 3)
        action = choices.shown[n].key
        decisions = len(game.controller.log)
        await pilot.press(str(n + 1))
        await until(pilot, lambda: "◀ ▶ count, then Enter" in choices.get_option_at_index(n).prompt.plain)
        await pilot.pause(0.2)
        assert len(game.controller.log) == decisions and game.state.phase == "land", "nothing landed yet"
        assert choices.highlighted == n
        await pilot.press("right", "enter")
        await until(pilot, lambda: len(game.controller.log) >= decisions + 2)
        await until(pilot, lambda: human_waiting(app))
        assert [d.action for d in game.controller.log[decisions:]] == [action, action], "two troops landed"
        assert game.state.phase == "land", "the landing goes on"
        assert choices.current_key == action, "the highlight stays on the option landed"


@pilot_test
async def test_done_in_a_landing_says_the_troops_and_spice_it_leaves():
    """Ending a landing with troops and spice left was one word, "Done"; it says what it leaves unused."""
    from dune_tui.games.dune.queries import left_unused, spice_now

    game = play_until(session(2, seed=12), landing, seed=12)
    troops, spice = left_unused(game.state)
    assert troops >= 3 and spice == spice_now(game.state) >= 3
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        words = f"Done: {troops} troops and {spice} spice unused"
        assert any(words in str(c.prompt) for c in app.screen.query_one("#choices").options)
        assert words in screen_text(app)


@pilot_test
async def test_done_in_an_express_deployment_says_the_symbols_and_spice_it_leaves():
    from test_ui_express import deploying

    game = deploying()
    state = game.state
    assert state.symbols and state.spice
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        s = "s" if state.symbols != 1 else ""
        words = f"Done: {state.symbols} house symbol{s} and {state.spice} spice unused"
        assert words in screen_text(app)


def test_done_in_a_movement_says_the_troops_that_could_still_move():
    from dune_tui.games.dune import describe, view

    def moving(s) -> bool:
        return s.phase == "move" and s.awaiting == (0,) and any(a[0] == "move" for a in legal_actions(s, 0))

    game = play_until(session(2, seed=8), moving, seed=8)
    state = game.state
    most: dict = {}
    for a in legal_actions(state, 0):
        if a[0] == "move":
            most[a[1], a[2]] = max(most.get((a[1], a[2]), 0), a[3])
    n = sum(most.values())
    troops = f"{n} troop{'s' if n != 1 else ''}"
    assert describe.action_text(view(state, 0), ("done",)) == f"Done: {troops} could still move in"
