"""The log colours each side's name as the game's board does: the names from the game's record, the colours from
its board (`side_styles`), so the log names no game."""

from dune_tui.games import GAMES
from dune_tui.games.dune import Options
from dune_tui.games.express import with_variants
from dune_tui.games.registry import game_of
from dune_tui.ui.games import board_for, side_styles
from dune_tui.ui.widgets.log import event_text


class Said:
    kind, to = "note", None

    def __init__(self, text: str) -> None:
        self.text = text


def test_each_games_log_colours_its_own_sides_in_its_boards_colours():
    for options in (Options(players=2, seed=1), with_variants("", players=2, seed=1)):
        game, board = game_of(options), board_for(options)
        styles = side_styles(options)
        assert [name for name, _ in styles] == list(game.side_names) and len(styles) == len(board.side_colours)
        for side, (name, colour) in enumerate(styles):
            text = event_text(Said(f"The {name} win."), styles)
            assert [str(span.style) for span in text.spans] == [colour]
            assert colour in str(board.side_label(side).spans)  # as the board labels the side
    assert len(GAMES) == 2


def test_the_express_log_colours_spacing_guild_as_its_board_and_not_the_first_games_names():
    styles = side_styles(with_variants("", players=2, seed=1))
    assert event_text(Said("Bene Tleilax"), styles).spans == []  # a first-game faction: not a house
