"""Every ruling X1, X2, … the Dune Express code cites is written out in docs/EXPRESS.md, every one written there
is cited in the code, and every one is pinned by a test here that names it (`test_x5_…`, or X5 in its text)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_ruling_is_written_and_cited():
    cited: set[str] = set()
    for path in (ROOT / "dune_tui" / "games" / "express").rglob("*.py"):
        cited |= set(re.findall(r"\b(X\d{1,2})\b", path.read_text()))
    written = re.findall(r"^\| (X\d{1,2}) \|", (ROOT / "docs" / "EXPRESS.md").read_text(), flags=re.M)
    numbers = [int(x[1:]) for x in written]  # in order, each once (X27 is another branch's: rulings merge)
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
    assert cited == set(written), (sorted(cited - set(written)), sorted(set(written) - cited))


def test_every_ruling_is_pinned_by_a_test_that_names_it():
    written = set(re.findall(r"^\| (X\d{1,2}) \|", (ROOT / "docs" / "EXPRESS.md").read_text(), flags=re.M))
    pinned: set[str] = set()
    for path in (ROOT / "tests" / "express").glob("test_*.py"):
        if path.name == "test_rulings.py":
            continue
        text = path.read_text()
        pinned |= set(re.findall(r"\b(X\d{1,2})\b", text))
        pinned |= {f"X{n}" for n in re.findall(r"^def test_x(\d{1,2})_", text, flags=re.M)}
    assert written <= pinned, sorted(written - pinned, key=lambda x: int(x[1:]))
