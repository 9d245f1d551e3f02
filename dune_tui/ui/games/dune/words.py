"""The first game's words for the decision panel: its counted and repeated options, their words and hints,
the lines under a question (describe.consequences) and its two forms (the dice keep, the sealed commit)."""

from __future__ import annotations

from ....games.dune import queries
from ....games.dune.data import REGION_NAMES, UNIT_NAMES
from ....games.dune.describe import action_hint, action_text, consequences
from ...widgets.choices import Choice
from ...widgets.words import Words
from .forms import CommitForm, DiceForm


def landings(view, action: tuple) -> int | None:
    """A landing is taken up to `queries.landings_most` times in a row; any other action once (None)."""
    return queries.landings_most(view, action) if action[0] == "land" else None


def choice_text(view, choice: Choice) -> str:
    """The option's words (a repeated landing says how many; its price is in the prompt and the hint)."""
    if choice.repeated:
        _, unit, loc = choice.key
        return f"Land {choice.count} {UNIT_NAMES[unit]} in {REGION_NAMES[loc]}"  # short: 80 columns
    return action_text(view, choice.action)


def choice_hint(view, choice: Choice) -> str:
    if choice.repeated and view is not None:
        left = queries.spice_now(view) - queries.landing_cost(view, choice.key) * choice.count
        return f"{left} left"
    return action_hint(view, choice.action) if view is not None else ""


FIRST_GAME = Words(text=choice_text, hint=choice_hint, consequences=consequences,
                   forms={"roll": DiceForm, "commit": CommitForm}, quiet=frozenset({"roll", "commit"}),
                   counted={"move": 3, "gift": 1, "share": 1, "ally_lands": 1}, most_first=frozenset({"move"}),
                   repeats=landings, map_order={"target": 1})
