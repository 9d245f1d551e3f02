"""The generic screens, widgets and table messages say no game's rule: a game's words (what ending it by agreement
means) are in its own folder, and the screen asks its board for them (issue 42 §2, §3)."""

from __future__ import annotations

import ast
from pathlib import Path

from dune_tui.games.express import with_variants
from dune_tui.ui.games import board_for

ROOT = Path(__file__).parents[2] / "dune_tui"
GENERIC = [*sorted((ROOT / "ui").glob("*.py")), *sorted((ROOT / "ui" / "screens").glob("*.py")),
           *sorted((ROOT / "ui" / "widgets").glob("*.py")),
           *sorted((ROOT / "ui" / "kit").glob("*.py")), ROOT / "table" / "messages.py"]
RULES = ("Shorter Game", "X36", "everybody loses")  # Dune Express's end by agreement, in its own words


def strings(path: Path) -> list[str]:
    """The string constants of a module, its docstrings and comments aside (what it may show a player)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_generic_modules_word_no_games_end_by_agreement():
    said = {f"{path.relative_to(ROOT)}: {text!r}" for path in GENERIC for text in strings(path)
            if any(word in text for word in RULES)}
    assert not said


def test_the_end_by_agreement_is_worded_by_the_games_board():
    words = board_for(with_variants("", players=3, seed=1)).words
    assert "Shorter Game" in words.ending and "Shorter Game" in words.ending_asked
