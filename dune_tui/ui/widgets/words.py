"""A game's words for the decision panel: how its options are grouped and read, what a decision will do,
and which form (instead of the list) answers which decision.  Each game's board holds its own
(ui/games/NAME/words.py); the panel and the list (choices.py) know only this record."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from textual.widget import Widget


@dataclass(frozen=True)
class Words:
    text: Callable  # (view, choice) -> str
    hint: Callable  # (view, choice) -> str
    consequences: Callable  # (view, seat) -> list[str]: a line or two under the question
    forms: dict[str, type[Widget]]  # phase -> the form that answers it (each composed once, its id FORM_ID)
    quiet: frozenset[str] = frozenset()  # phases without consequence lines (their form says them)
    counted: Mapping[str, int] = field(default_factory=dict)  # kind -> index of the count (←/→ change it)
    most_first: frozenset[str] = frozenset()  # counted kinds whose count starts at its largest
    repeats: Callable | None = None  # (view, action) -> how many times in a row the panel may take it; None: once
    map_order: Mapping[str, int] = field(default_factory=dict)  # kind -> index of its place: listed in map order
    # Where the rule set offers to end the game by agreement (its engine's `end_offered`): what that means, said
    # after "End the game at the end of round N?" (`ending`) and after "… proposes to end the game at the end of
    # round N:" (`ending_asked`)
    ending: str = ""
    ending_asked: str = ""
