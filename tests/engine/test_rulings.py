"""Every ruling of dune_tui/games/dune/rulings.py (H1...) is pinned by a test named after it."""

import pathlib
import re

from dune_tui.games.dune import rulings


def test_every_ruling_has_a_test_named_after_it():
    numbers = sorted({int(n) for n in re.findall(r"^H(\d+) ", rulings.__doc__, re.MULTILINE)})
    assert numbers == list(range(1, len(numbers) + 1))
    names = set(re.findall(r"^def (test_h\d+)_", "\n".join(
        p.read_text() for p in pathlib.Path(__file__).parent.glob("test_*.py")), re.MULTILINE))
    assert [n for n in numbers if f"test_h{n}" not in names] == []
