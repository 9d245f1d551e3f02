"""The new-game screen's per-game lines come from each game's `setup` module (ui/games/NAME/setup.py), found through
the registry; their defaults are the record's `parameters`; the first game's lines never load Dune Express."""

import subprocess
import sys

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
