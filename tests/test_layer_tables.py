"""Each layer's table of a game's parts (issue 42 §1): the UI's (dune_tui/ui/games/), the bots' (ai/games/) and the
saves' (dune_tui/saves/games/) each cover exactly the registered games, are the only modules that import a game's
module by its name, and what they load is seen by the import contracts: pyproject.toml's contracts are run on the
graph of the loaded modules, each table's loads added as imports."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from dune_tui.ai import games as ai_games
from dune_tui.games import GAMES, Game, register_game
from dune_tui.saves import games as saves_games
from dune_tui.ui import games as ui_games

ROOT = Path(__file__).resolve().parents[1]


def test_the_uis_table_covers_exactly_the_registered_games():
    assert set(ui_games.PACKAGES) == set(GAMES)
    for name, game in GAMES.items():
        board = ui_games.board_for(game.engine.Options())
        assert board.__module__ == f"{ui_games.PACKAGES[name]}.board"
        assert ui_games.setup_for(name).__name__ == f"{ui_games.PACKAGES[name]}.setup"


def test_the_bots_table_covers_exactly_the_registered_games():
    assert set(ai_games.BOTS) == set(GAMES)
    for name in GAMES:
        bots = ai_games.bots_named(name)
        assert callable(bots.search_rules) and callable(bots.heuristic_agent)


def test_the_saves_table_covers_exactly_the_registered_games():
    assert set(saves_games.SCHEMAS) == set(GAMES)
    for game in GAMES.values():
        schema = saves_games.schema_of(game)
        assert schema.Save.__struct_config__.tag == game.name and schema.Snapshot and schema.VIEW_FIELDS is not None


def test_a_game_without_its_part_in_a_table_is_named_in_a_sentence(monkeypatch):
    bare = Game(name="bare", title="A Bare Game", package="dune_tui.games.express", players=range(2, 3),
                seat_field="seat_house", names_field="HOUSE_NAMES", keys_field="HOUSE_KEYS", side_word="house")
    monkeypatch.setitem(GAMES, "bare", bare)
    with pytest.raises(ValueError, match=r"^A Bare Game has no terminal board \(dune_tui.ui.games.register\)$"):
        ui_games.setup_for("bare")
    with pytest.raises(ValueError, match=r"^A Bare Game has no bots \(ai.games.register\)$"):
        ai_games.bots_named("bare")
    with pytest.raises(ValueError, match=r"^A Bare Game has no save schema"):
        saves_games.schema_of(bare)


def test_a_name_taken_is_refused_and_the_same_record_again_is_no_change():
    assert register_game(GAMES["dune"]) is GAMES["dune"]
    other = Game(name="dune", title="Another", package="x", players=range(2, 3), seat_field="", names_field="",
                 keys_field="", side_word="")
    with pytest.raises(ValueError, match="a game named 'dune' is registered already"):
        register_game(other)
    assert GAMES["dune"].title == "Dune: The Dice Game"


TABLES = ("dune_tui/ui/games/__init__.py", "ai/games/__init__.py", "dune_tui/saves/games/__init__.py")


def test_only_the_tables_import_a_module_by_its_name():
    """`import_module` (an import no contract sees) only in the three tables, and in `dune_tui.games.registry`
    (the engine's package: below everything) and `dune_tui.table` (its own modules, loaded late)."""
    users = {str(p.relative_to(ROOT)) for folder in ("dune_tui", "ai") for p in (ROOT / folder).rglob("*.py")
             if re.search(r"\bimport_module\(", p.read_text())}
    assert users == {*TABLES, "dune_tui/games/registry.py", "dune_tui/table/__init__.py"}


LOADED_GRAPH = """
import sys
from importlinter.adapters.building import GraphBuilder
from importlinter.application.app_config import settings
from importlinter.cli import lint_imports

from dune_tui.ai import games as ai_games
from dune_tui.games import GAMES
from dune_tui.saves import games as saves_games
from dune_tui.ui import games as ui_games

loads = set()  # (table, module it loads)
for name, game in GAMES.items():
    loads |= {("dune_tui.ui.games", ui_games.board_for(game.engine.Options()).__module__),
              ("dune_tui.ui.games", ui_games.setup_for(name).__name__),
              ("dune_tui.ai.games", ai_games.bots_named(name).__name__),
              ("dune_tui.saves.games", saves_games.schema_of(game).__name__)}
loads |= {tuple(pair.split(">")) for pair in sys.argv[1:]}  # more, to see the check fail


class LoadedGraph(GraphBuilder):
    def build(self, *args, **kwargs):
        graph = super().build(*args, **kwargs)
        ours = {m for m in sys.modules if m.partition(".")[0] == "dune_tui"}
        unseen = ours - graph.modules
        assert not unseen, f"loaded but not in the contracts' graph: {sorted(unseen)}"
        for table, module in loads:
            graph.add_import(importer=table, imported=module, line_number=0, line_contents="import_module")
        return graph


settings.configure(GRAPH_BUILDER=LoadedGraph())
sys.exit(lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True))
"""


def lint_loaded_graph(*more: str) -> subprocess.CompletedProcess:
    # In a process of its own, as tests/test_project.py runs the contracts (import-linter's logging set-up)
    return subprocess.run([sys.executable, "-c", LOADED_GRAPH, *more], cwd=ROOT, capture_output=True, text=True)


def test_the_import_contracts_hold_on_the_loaded_graph_with_what_the_tables_load():
    """Every table imported, each game's parts loaded through it; the contracts (layers, no circle between the
    modules of a package, the UI's layers) hold on that graph with each load an import of its table."""
    run = lint_loaded_graph()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_the_loaded_graph_check_sees_a_table_that_loads_from_above():
    """A table loading a module of a layer above it (a board that imports the screens: the circle of issue 42)
    breaks the contracts on that graph."""
    run = lint_loaded_graph("dune_tui.ui.games>dune_tui.ui.screens.game_over")
    assert run.returncode != 0 and "BROKEN" in run.stdout, run.stdout + run.stderr
