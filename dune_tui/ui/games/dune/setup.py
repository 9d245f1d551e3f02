"""The first game's lines on the new-game screen: how factions are chosen (R12) and the Face Dancers option; their
values are the engine's PARAMETERS (`faction_choice`, `face_dancers`).  Imports no engine."""

from __future__ import annotations

from textual.app import ComposeResult

from ...widgets.cycler import Cycler

FACTION_CHOICE = {"random": "dealt at random", "choose": "chosen in the rulebook's order"}
FACE_DANCERS = {"dice": "with unused dice (the card)", "spice": "for 1 spice each (variant)"}
HELP = (  # `?` on the new-game screen: what each line means (rules.md, docs/RULINGS.md)
    ("Factions", "dealt at random, or chosen by each player in turn, in the rulebook's order (R12)."),
    ("Face Dancers", "the Bene Tleilax's ability (6+ players): at the start of a battle on their turn, each unused "
                     "die showing an enemy's symbol turns one of its troops into a Tleilaxu troop (the card); in "
                     "the variant they pay 1 spice for each instead (R10, H13)."),
)


def compose(defaults: dict) -> ComposeResult:
    """The lines, each with the parameter's value when not given (the record's `parameters`)."""
    yield Cycler("Factions", list(FACTION_CHOICE), defaults["faction_choice"], shown=FACTION_CHOICE.get,
                 id="faction-choice")
    yield Cycler("Face Dancers", list(FACE_DANCERS), defaults["face_dancers"], shown=FACE_DANCERS.get,
                 id="face-dancers")


def show(screen) -> None:
    """Show the lines that depend on others (none here)."""


def parameters(value) -> dict:
    """The game's parameters from the lines (`value(id)`: a line's value)."""
    return {"faction_choice": value("faction-choice"), "face_dancers": value("face-dancers")}
