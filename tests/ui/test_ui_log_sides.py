"""The log colours each side's name as the game's board does: the names from the game's record, the colours from
its board (`side_styles`), so the log names no game."""

import ast
from importlib import import_module
from pathlib import Path

from dune_tui.games import GAMES
from dune_tui.games.dune import Options
from dune_tui.games.express import with_variants
from dune_tui.games.registry import game_of
from dune_tui.ui.games import board_for, log_style, package_named, side_styles
from dune_tui.ui.widgets import log
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


def event_kinds(game) -> set[str]:
    """Every kind of event the game's engine writes (its payloads' tags)."""
    from dune_tui.games.events import Payload

    payloads = import_module(f"{game.package}.payloads")
    return {c.__struct_config__.tag for c in vars(payloads).values()
            if isinstance(c, type) and issubclass(c, Payload) and isinstance(c.__struct_config__.tag, str)}


def test_the_log_names_no_event_kind_and_each_games_board_says_which_stand_out():
    """Which lines are headlines (bold) and which start a paragraph is the game's board's to say: the log asks it
    through its `LogStyle` (ui.games.log_style)."""
    source = Path(log.__file__).read_text(encoding="utf-8")
    written = {node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Constant)}
    for name, game in GAMES.items():
        kinds = event_kinds(game)
        assert kinds and not kinds & written, f"the log names {name}'s event kinds"
        board = import_module(f"{package_named(name)}.board").Board
        assert board.log_headlines <= kinds and board.log_breaks <= kinds, f"{name}'s board names its own kinds"


def test_an_event_is_bold_where_its_games_board_calls_its_kind_a_headline():
    for options in (Options(players=2, seed=1), with_variants("", players=2, seed=1)):
        style = log_style(options)
        turn = type("Turn", (), {"kind": "turn_start", "to": None, "text": "Turn 1"})()
        other = type("Other", (), {"kind": "landed", "to": None, "text": "Landed"})()
        assert "turn_start" in style.headlines and "turn_start" in style.breaks
        assert [str(s.style) for s in event_text(turn, style.sides, style.headlines).spans] == ["bold"]
        assert event_text(other, style.sides, style.headlines).spans == []
