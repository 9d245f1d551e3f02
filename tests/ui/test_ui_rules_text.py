"""The in-app rules (the first game's page, `ui/games/dune/rules.md`) name the rulings the program really follows
(issue 27)."""

from __future__ import annotations

import re
from pathlib import Path

from dune_tui.ui.boards import rules_text

RULINGS = Path(__file__).parents[2] / "docs" / "RULINGS.md"


def test_the_in_app_rules_name_every_ruling_the_program_follows():
    rules = rules_text("dune")
    written = re.findall(r"^\| ([RH])(\d{1,2}) \|", RULINGS.read_text(encoding="utf-8"), flags=re.M)
    for kind in "RH":
        last = max(int(n) for k, n in written if k == kind)
        assert f"{kind}1–{kind}{last}" in rules, f"rules.md should name {kind}1–{kind}{last}"
