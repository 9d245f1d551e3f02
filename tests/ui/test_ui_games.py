"""The UI per game (issue 35): each game's record names its board's module and its rules page, every board keeps
the `Board` protocol, the option grouping is one function fed by the game's words, and the size classes come
from Textual's breakpoints."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest
from textual.geometry import Size

from dune_tui.games import GAMES
from dune_tui.ui.games import PACKAGES, board_for, rules_names, rules_text
from dune_tui.ui.kit.board import Board
from dune_tui.ui.kit.screens import HORIZONTAL, VERTICAL, SizeAware, size_classes
from dune_tui.ui.widgets.choices import group

PROTOCOL = [name for name in dir(Board) if not name.startswith("_")] + ["words", "secret_phases"]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_has_a_board_that_keeps_the_protocol_and_a_rules_page(name):
    game = GAMES[name]
    board = board_for(game.engine.Options())
    assert board.__module__ == f"{PACKAGES[name]}.board"
    missing = [attr for attr in PROTOCOL if not hasattr(board, attr)]
    assert not missing, f"{name}'s board lacks {missing}"
    for attr in ("compose", "show", "light", "point", "options_at", "side_label"):
        assert list(inspect.signature(getattr(board, attr)).parameters)[:2] == \
            list(inspect.signature(getattr(Board, attr)).parameters)[:2], attr
    assert name in rules_names() and rules_text(name).startswith("#")


def test_the_grouping_is_one_function_fed_by_each_games_words():
    from dune_tui.ui.games.dune.words import FIRST_GAME
    from dune_tui.ui.games.express.words import EXPRESS

    moves = [("move", 1, 2, n) for n in (1, 2, 3)] + [("gift", 2), ("gift", 1), ("pass",)]
    dune = group(moves, None, FIRST_GAME)
    assert [(c.key, c.count, sorted(c.by_count)) for c in dune] == [
        (("move", 1, 2), 3, [1, 2, 3]),  # a move starts at its largest count
        (("gift",), 1, [1, 2]),  # a gift at its smallest
        (("pass",), 0, []),
    ]
    rides = [("wormride", 0, 3, n) for n in (1, 2)] + [("land", 2)]
    express = group(rides, None, EXPRESS)
    assert [(c.key, c.count, c.action) for c in express] == [
        (("wormride", 0, 3), 2, ("wormride", 0, 3, 2)),
        (("land", 2), 0, ("land", 2)),  # not counted nor repeated in Dune Express
    ]


@pytest.mark.parametrize(("size", "on"), [
    ((80, 24), {"-fits-width", "-fits-height"}),  # compact
    ((78, 22), {"-fits-width", "-fits-height"}),
    ((100, 30), {"-fits-width", "-fits-height"}),
    ((110, 33), {"-wide", "-fits-height"}),  # wide but not tall: still compact
    ((120, 40), {"-wide", "-tall"}),  # roomy
    ((77, 40), {"-narrow", "-tall"}),  # too small
    ((120, 21), {"-wide", "-short"}),
])
def test_the_size_classes_are_the_breakpoints_classes(size, on):
    classes = size_classes(Size(*size))
    assert {name for name, set_ in classes.items() if set_} == on
    assert set(classes) == {name for _, name in HORIZONTAL + VERTICAL}
    assert SizeAware.HORIZONTAL_BREAKPOINTS == HORIZONTAL and SizeAware.VERTICAL_BREAKPOINTS == VERTICAL


def test_one_game_over_screen_takes_each_games_data():
    """The same screen for both games; what differs is the game's `Ending` (its board's data), `?` tips included:
    the first game's say where its round-by-round picture is, Dune Express has none (as before)."""
    from dune_tui.ui.games.dune.map import MapView
    from dune_tui.ui.games.dune.over import ENDING as DUNE
    from dune_tui.ui.games.express.map import ExpressMap
    from dune_tui.ui.games.express.over import ENDING as EXPRESS
    from dune_tui.ui.screens.game_over import GameOverScreen

    assert (DUNE.final_map, EXPRESS.final_map) == (MapView, ExpressMap)
    assert (DUNE.heading, EXPRESS.heading) == ("", "Dune Express, ")
    assert "strategic regions" in GameOverScreen(None, None, ending=DUNE).help_tips
    assert GameOverScreen(None, None, ending=EXPRESS).help_tips == ""


UI = Path(__file__).parents[2] / "dune_tui" / "ui"


def test_the_apps_stylesheet_holds_no_games_own_selector_and_each_games_styles_are_loaded_from_its_folder():
    """ui/dune.tcss styles what every game shares; a selector naming one game's widget class, or an id only a
    game's modules give, is in that game's folder (ui/games/NAME/NAME.tcss), which the app loads after it."""
    from dune_tui.ui.app import DuneApp

    sheet = (UI / "dune.tcss").read_text()
    selectors = " ".join(re.findall(r"^([^{}/\n][^{}\n]*)\{", sheet, flags=re.M))
    games_classes = {node.name for path in (UI / "games").rglob("*.py")
                     for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.ClassDef)}
    assert not games_classes & set(re.findall(r"\b([A-Z]\w+)", selectors))

    def literals(paths) -> set[str]:
        return {node.value for path in paths for node in ast.walk(ast.parse(path.read_text()))
                if isinstance(node, ast.Constant) and isinstance(node.value, str)}

    games_ids = literals((UI / "games").rglob("*.py")) - literals(p for p in UI.rglob("*.py") if "games" not in p.parts)
    assert not games_ids & set(re.findall(r"#([\w-]+)", selectors))
    assert [Path(p).name for p in DuneApp.CSS_PATH] == ["dune.tcss", "dune.tcss", "express.tcss"]
    assert [Path(p).parent.name for p in DuneApp.CSS_PATH[1:]] == list(GAMES)


def test_every_games_board_is_a_standard_board_with_no_stub():
    """What both boards did alike is `StandardBoard`'s (ui/kit/board.py): the four widgets, show, light, point,
    the seats and the marks, no sealed choice unless the game says; no board raises NotImplementedError."""
    from dune_tui.ui.kit.board import StandardBoard

    for game in GAMES.values():
        board = board_for(game.engine.Options())
        assert issubclass(board, StandardBoard)
        assert {"compose", "show", "light", "point", "set_seats", "set_marks"}.isdisjoint(vars(board))
    assert not [p for p in (UI / "games").rglob("*.py") if "NotImplementedError" in p.read_text()]
