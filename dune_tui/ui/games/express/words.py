"""Dune Express's words for the decision panel (express.describe): a worm ride per route with its number of
Fremen counted (largest first), what a landing or a move leaves to pay with, and the form for its roll."""

from __future__ import annotations

from ....games.express.data import LOCATION_NAMES
from ....games.express.describe import action_text, traitor_text
from ....games.express.explain import decision_line
from ...widgets.choices import Choice
from ...widgets.words import Words
from .dice import ExpressDiceForm


def text(view, choice: Choice) -> str:
    return action_text(view, choice.action)


def hint(view, choice: Choice) -> str:
    """What a landing or a move leaves to pay with."""
    if view is not None and choice.key[0] in ("land", "move"):
        return f"{view.spice - 1} spice left"
    return ""


def consequences(view, seat: int) -> list[str]:
    """The line under the question: what a deployment has left; whom the traitor's weapon cannot reach; what the
    other decisions change (express.explain)."""
    if view.phase == "traitor":
        return [traitor_text(view)]
    if view.phase == "deploy" and view.target >= 0:
        return [f"To {LOCATION_NAMES[view.target]}: {view.spice} spice, {view.symbols} "
                f"symbol{'s' if view.symbols != 1 else ''} left."]  # short: at 80×24 the options keep 3 rows
    line = decision_line(view, seat)
    return [line] if line else []


EXPRESS = Words(text=text, hint=hint, consequences=consequences, forms={"roll": ExpressDiceForm},
                quiet=frozenset({"roll"}), counted={"wormride": 3}, most_first=frozenset({"wormride"}),
                # X36: the players agree this round is the last, as in the Shorter Game
                ending="You would all play the Shorter Game's ending: if nobody has won by then, everybody loses.",
                ending_asked="the Shorter Game's ending, so if nobody has won by then, everybody loses.")
