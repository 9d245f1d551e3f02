"""Every ruling X1, X2, … the Dune Express code cites is written out in docs/EXPRESS.md, and every one written
there is cited in the code."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_ruling_is_written_and_cited():
    cited: set[str] = set()
    for path in (ROOT / "dune_tui" / "express").rglob("*.py"):
        cited |= set(re.findall(r"\b(X\d{1,2})\b", path.read_text()))
    written = re.findall(r"^\| (X\d{1,2}) \|", (ROOT / "docs" / "EXPRESS.md").read_text(), flags=re.M)
    assert written == [f"X{i}" for i in range(1, len(written) + 1)]
    assert cited == set(written), (sorted(cited - set(written)), sorted(set(written) - cited))
