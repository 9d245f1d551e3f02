"""A third rule set, a toy (issue 42's "done when"): Toy Dice, two players, a die; on your turn roll as often as you
like, each face adding to the turn's pot, a 1 losing it; hold to bank the pot; the first to 10 wins (after round 30
nobody does).  It lives in this folder only (its engine, its board, its bots, its save schema) and declares itself
here, in the core registry and in each layer's table, as a game outside the program would: `register()`.

tests/test_toy_game.py plays it through the controller, the table, a save and the wire.
"""

from __future__ import annotations

from dune_tui.ai import games as bots_table
from dune_tui.games import Game, register_game
from dune_tui.saves import games as saves_table
from dune_tui.ui import games as ui_table

GAME = Game(name="toy", title="Toy Dice", package=f"{__name__}.engine", players=range(2, 3), seat_field="seat_side",
            names_field="SIDE_NAMES", keys_field="SIDE_KEYS", side_word="colour")


def register() -> Game:
    """Toy Dice joins the games this program plays: its engine's record, its board, its bots, its save schema."""
    register_game(GAME)
    ui_table.register(GAME.name, f"{__name__}.ui")
    bots_table.register(GAME.name, f"{__name__}.bots")
    saves_table.register(GAME.name, f"{__name__}.save")
    return GAME
