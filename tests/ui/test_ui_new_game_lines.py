"""The new-game screen's per-game lines come from each game's `setup` module (ui/games/NAME/setup.py), found through
the registry; their defaults are the record's `parameters`; the first game's lines never load Dune Express."""

import subprocess
import sys

from ui_helpers import make_app, pilot_test, screen_name, screen_text, until

from dune_tui.games import GAMES
from dune_tui.ui.games import setup_for


def test_each_game_gives_its_lines_and_its_parameters():
    for name, game in GAMES.items():
        setup = setup_for(name)
        lines = {line.id: line.value for line in setup.compose(game.parameters)}
        assert setup.parameters(lines.__getitem__) == game.parameters  # untouched lines: the engine's defaults


def test_the_first_games_lines_load_no_express():
    code = ("import sys; from dune_tui.ui.games import setup_for; import dune_tui.ui.screens.new_game; "
            "setup_for('dune'); setup_for('express'); "
            "print(any(m.startswith('dune_tui.games.express') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pilot_test
async def test_question_mark_on_the_new_game_screen_says_what_each_line_means():
    """Issue 45: `?` explains the lines — Face Dancers, the faction choice, each bot level with its strength and
    think time —, and for Dune Express its modifications."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(app) == "Help")
        tips = app.screen.tips
        assert "Face Dancers: the Bene Tleilax's ability" in tips and "Factions: dealt at random" in tips
        assert "  mcts:normal (700 iterations, at most 2.5 s): searches two turns ahead; about 0.35 s" in tips
        assert "  heuristic: rules of thumb, instant" in tips and "Hints: on: h during the game" in tips
        assert "Houses' abilities" not in tips
        assert tips.index("Seat N:") < tips.index("  mcts:easy") < tips.index("Bot pause:")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        app.screen.query_one("#rules").focus()
        await pilot.press("right")  # the game: Dune Express
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(app) == "Help")
        tips = app.screen.tips
        assert "Houses' abilities: each house plays its special abilities" in tips and "Face Dancers" not in tips
        assert "Thumper: the traitor die's sixth face is a Thumper token" in tips
        assert "Game: Dune: The Dice Game (2-8 players" in screen_text(app)
