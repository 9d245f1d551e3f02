"""A rule set's words for the decision panel: how its options are grouped and read, what a decision will do,
and which form (instead of the list) answers which decision."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.widget import Widget

from ...games.dune.describe import consequences
from .choices import choice_hint, choice_text, group
from .forms import CommitForm, DiceForm


@dataclass(frozen=True)
class Words:
    group: Callable  # (legal, view) -> list[Choice]
    text: Callable  # (view, choice) -> str
    hint: Callable  # (view, choice) -> str
    consequences: Callable  # (view, seat) -> list[str]: a line or two under the question
    forms: dict[str, type[Widget]]  # phase -> the form that answers it (each composed once, its id FORM_ID)
    quiet: frozenset[str] = frozenset()  # phases without consequence lines (their form says them)


FIRST_GAME = Words(group=group, text=choice_text, hint=choice_hint, consequences=consequences,
                   forms={"roll": DiceForm, "commit": CommitForm}, quiet=frozenset({"roll"}))
