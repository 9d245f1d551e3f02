"""What the game screen draws for each rule set: one small `Board` per rule set, by the rule set's name.

The game screen keeps the flow (the table's messages, requests, dialogs, keys); a board composes the widgets
above the decision panel and shows a seat's view on them.  Every board has the same few methods:

    board = board_for(view.options)(screen)
    board.compose(seats)                # the widgets: status, board, side cards, dice
    board.show(view, seat, pace)        # a seat's view (or the public one, seat -1)
    board.light(view, keys)             # the places the listed options are about (keys None: none)
    board.point(view, key)              # the place of the option highlighted (None: none)
    board.options_at(view, keys)        # {place: [option index]}, for clicks on the board
    board.set_seats(seats); board.set_marks(mask)
    board.side_label(side, short=False) # a faction's or house's letter and name, in its colour
    board.words                         # the decision panel's words and forms (choices.Words)
    board.secret_phases                 # the decisions a hot seat hands the terminal over for
    board.houses_screen(view, seats, you), board.game_over_screen(over, settings, joined)

A board module is imported only when a game of its rule set is drawn.
"""

from __future__ import annotations

from importlib import import_module

from ...games import rules_name

BOARDS = {"dune": "dune_tui.ui.boards.dune", "express": "dune_tui.ui.boards.express"}


def board_for(options) -> type:
    """The Board class that draws a game with these options."""
    return import_module(BOARDS[rules_name(options)]).Board
