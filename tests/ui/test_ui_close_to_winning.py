"""Issue 41: the first game's board shows who is close to winning: each house's strategic regions held alone /
needed (as Express shows "1/3"), and the rounds left before the default win (the Guild's, R11)."""

from __future__ import annotations

import re

import pytest
from ui_helpers import human_waiting, make_app, pilot_test, play_until, screen_text, session, until

from dune_tui.games.dune.data import FACTION_LETTERS, FREMEN, GUILD
from dune_tui.games.dune.queries import held_alone


def fremen_hold_one() -> object:
    """Four players in round 3, the human landing; the Fremen hold one strategic region alone."""
    return play_until(session(4, seed=3), lambda s: s.round >= 3 and s.awaiting == (0,) and s.phase == "land", seed=3)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pilot_test
async def test_the_board_shows_regions_held_of_needed_and_the_rounds_left(size):
    game = fremen_hold_one()
    state = game.state
    assert state.round == 3 and state.in_play(GUILD) and state.in_play(FREMEN)
    app = make_app(game, resumed=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.pause(0.2)
        lines = screen_text(app).splitlines()
        if size == (80, 24):
            assert lines[0].startswith(" Round 3 of 6 · Guild wins in 4 · ")
        else:
            assert lines[0].startswith(" Round 3 of 6 (4 left, then Spacing Guild wins) · ")
        houses = {}
        for line in lines[1:14]:
            card = re.search(r"[▶ ]([A-Z]) [A-Z][\w.' ]+?\s.*? (\d)/(\d)\b", line[46:])
            if card:
                houses[card[1]] = (int(card[2]), int(card[3]))
        shown = {FACTION_LETTERS[f]: (held_alone(state, 1 << f), 3) for f in state.seat_faction}
        if size == (80, 24):  # a narrow house line says it once a region is held: room for the names
            shown = {letter: figures for letter, figures in shown.items() if figures[0]}
        assert houses == shown and houses[FACTION_LETTERS[FREMEN]] == (1, 3)


def test_the_default_winner_and_rounds_left_as_a_view_tells_them():
    from dune_tui.games.dune import view
    from dune_tui.games.dune.data import ATREIDES, BENE_GESSERIT, HARKONNEN
    from dune_tui.games.dune.queries import default_winner, rounds_left
    from tests.engine.scenario import position

    state = position((ATREIDES, HARKONNEN), round=6)
    state.turn = 11
    assert default_winner(state) == -1 and rounds_left(state) == 1  # no Guild: everybody loses after this round
    state = position((ATREIDES, BENE_GESSERIT, GUILD, HARKONNEN, FREMEN), round=2, prediction=GUILD)
    state.turn = 4
    assert rounds_left(state) == 5
    assert default_winner(view(state, 1)) == BENE_GESSERIT  # their own prediction steals the Guild's win
    assert default_winner(view(state, 0)) == GUILD  # the others do not see it
