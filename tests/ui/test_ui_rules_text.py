"""The in-app rules (the first game's page, `ui/games/dune/rules.md`) name the rulings the program really follows
(issue 27)."""

from __future__ import annotations

import re
from pathlib import Path

from dune_tui.ui.games import rules_text

RULINGS = Path(__file__).parents[2] / "docs" / "RULINGS.md"


def test_the_in_app_rules_name_every_ruling_the_program_follows():
    rules = rules_text("dune")
    written = re.findall(r"^\| ([RH])(\d{1,2}) \|", RULINGS.read_text(encoding="utf-8"), flags=re.M)
    for kind in "RH":
        last = max(int(n) for k, n in written if k == kind)
        assert f"{kind}1–{kind}{last}" in rules, f"rules.md should name {kind}1–{kind}{last}"


def test_the_express_rules_page_names_every_ruling_the_program_follows():
    """Dune Express's page said "rulings X1–X26" when docs/EXPRESS.md had written them to X36 (issue 41)."""
    express = Path(__file__).parents[2] / "docs" / "EXPRESS.md"
    last = max(int(n) for n in re.findall(r"^\| X(\d{1,2}) \|", express.read_text(encoding="utf-8"), flags=re.M))
    assert last >= 36
    assert f"X1–X{last}" in rules_text("express"), f"express rules.md should name X1–X{last}"
