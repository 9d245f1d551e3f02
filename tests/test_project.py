"""The promises the repository makes to a newcomer."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    return re.findall(r"^    (python3 -m venv .*)$", (ROOT / "README.md").read_text(), flags=re.M)


def test_readme_starts_with_the_two_commands():
    play, test = readme_commands()[:2]
    assert play.endswith(". .venv/bin/activate && dune-tui")  # the examples after it run as written
    assert "pytest" in test and "ruff check" in test


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert readme_commands()[1] in ci


def test_changelog_keeps_an_unreleased_section():
    text = (ROOT / "CHANGELOG.md").read_text()
    assert "Keep a Changelog" in text and "## [Unreleased]" in text


def cited_rulings() -> set[str]:
    """Every ruling number (R1.., H1..) a comment or docstring of the product, the bots, the tests, the lab or the
    benchmarks cites."""
    found: set[str] = set()
    for folder in ("dune_tui", "ai", "tests", "lab", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= set(re.findall(r"\b([RH]\d{1,2})\b", path.read_text()))
    return found


def test_every_cited_ruling_is_written_out_in_the_repo():
    written = set(re.findall(r"^\| ([RH]\d{1,2}) \|", (ROOT / "docs" / "RULINGS.md").read_text(), flags=re.M))
    assert {"R1", "R13", "H1", "H21"} <= written
    assert cited_rulings() <= written, sorted(cited_rulings() - written)


def test_the_import_contracts_hold():
    """pyproject.toml's import-linter contracts: the bots and front ends use only the engines' public modules
    (docs/ENGINE.md); the games import nothing above them, and neither game imports the other; the product's
    layers (docs/ARCHITECTURE.md) have no upward arrow and no circle between them; nothing of the product imports
    the lab or the benchmarks."""
    # In a process of its own: import-linter configures logging with dictConfig, which disables every logger made
    # before it (the network's log, which the hostile-peer tests read, went silent in this worker)
    code = ("import sys; from importlinter.cli import lint_imports; "
            f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}, no_cache=True, no_logo=True))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_distribution_installs_one_top_level_name():
    """The bots keep their folder, ai/ (the design card names it), but install as `dune_tui.ai` (pyproject's
    package-dir): the only top-level name installed is `dune_tui`, so no other distribution's `ai` can clash with
    ours.  Every package, the product's and the bots', is listed in pyproject.toml, so a new one is not forgotten;
    dune_tui/ai is a link to ai/, so the checkout and import-linter see the installed layout."""
    assert importlib.metadata.distribution("dune-tui").read_text("top_level.txt").split() == ["dune_tui"]
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"dune_tui.ai": "ai"}
    folders = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "dune_tui").rglob("__init__.py")}
    folders |= {".".join(("dune_tui", *p.parent.relative_to(ROOT).parts)) for p in (ROOT / "ai").rglob("__init__.py")}
    assert sorted(setuptools["packages"]) == sorted(folders)
    assert (ROOT / "dune_tui" / "ai").resolve() == ROOT / "ai"


def test_the_lab_and_the_benchmarks_run_as_modules():
    """`python -m lab.NAME` and `python -m benchmarks.NAME` from the repository: no path edits in the lab, and no
    benchmark importing another through the path."""
    for path in (ROOT / "lab").glob("*.py"):
        assert "sys.path" not in path.read_text(), path.name
    for path in (ROOT / "benchmarks").glob("*.py"):
        assert not re.search(r"^\s*(from|import) bench_", path.read_text(), flags=re.M), path.name


@pytest.mark.slow
def test_every_product_module_imports_on_its_own():
    """Each module imported first, in an interpreter that has imported none of ours (a lazy package attribute once
    recursed without end when `dune_tui.ui.screens.game` was the first to ask for `dune_tui.table.messages`).  One
    interpreter imports the libraries ours use (Textual, Rich, msgspec...) once, then forks a child to import each
    module: as fresh for our modules as a new interpreter each, which cost 16 seconds."""
    root = Path(__file__).resolve().parents[1]
    modules = sorted(".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
                     for p in (root / "dune_tui").rglob("*.py") if p.name != "__main__.py")
    modules += sorted("dune_tui." + ".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
                      for p in (root / "ai").rglob("*.py"))  # dune_tui/ai, a link to ai/, which rglob passes by
    out = subprocess.run([sys.executable, "-c", IMPORT_EACH, *modules], capture_output=True, text=True, cwd=root,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    libraries, failed = out.stdout.split("\n")[:2]
    assert int(libraries) > 100 and failed.split() == [], f"these modules fail when imported first: {failed}"


IMPORT_EACH = """
import importlib, os, sys
ours = ("dune_tui",)
def child(run, write=None):
    pid = os.fork()
    if pid == 0:
        try:
            run()
        except BaseException:
            os._exit(1)
        os._exit(0)
    if write is not None:  # read all the child writes before waiting for it
        os.close(write)
        with os.fdopen(read) as f:
            child.said = f.read()
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
read, write = os.pipe()
def everything():  # which libraries our modules import
    for m in sys.argv[1:]:
        importlib.import_module(m)
    with os.fdopen(write, "w") as f:
        f.write(" ".join(m for m in sys.modules if m.partition(".")[0] not in ours))
child(everything, write)
libraries = child.said.split()
for name in libraries:
    try:
        importlib.import_module(name)
    except Exception:
        pass
assert not any(m.partition(".")[0] in ours for m in sys.modules)
failed = [m for m in sys.argv[1:] if not child(lambda: importlib.import_module(m))]
print(len(libraries))
print(" ".join(failed))
"""


SHORT_MODULES = 250  # lines: the table and the game screen each do one job, their parts beside them


@pytest.mark.parametrize("module", [
    "dune_tui/table/table.py",
    "dune_tui/ui/screens/game.py",
])
def test_the_table_and_the_game_screen_stay_short(module):
    """Issue 42 §3: what the table server and the front doors stand on stays small; a new job goes beside it
    (the screen's: the table's messages in table_link.py, the loop in turns.py, the end by agreement in
    agreement.py, leaving in leaving.py, the advice in its panel, the list↔board link in the decision panel)."""
    lines = len((ROOT / module).read_text().splitlines())
    assert lines < SHORT_MODULES, f"{module} has {lines} lines (< {SHORT_MODULES}): give a job its own module"
