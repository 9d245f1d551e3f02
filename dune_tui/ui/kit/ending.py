"""A game's part of its game-over screen (screens/game_over.py), given by the game's board (ui/games/NAME/over.py):
data, not a subclass of the screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget


@dataclass(frozen=True)
class Ending:
    """A game's part of its game-over screen (ui/games/NAME/over.py)."""

    side_label: Callable[[int], Text]  # a side's letter and name in its colour (the board's side_label)
    final_map: type[Widget]  # the board drawn from the final view: made as final_map(state, id="final-map")
    figures: Callable[..., list[tuple[str, RenderableType]]]  # (over) -> [(widget id, figures)], in order
    heading: str = ""  # before "round n" in the headline (the game's name where it is not the first game)
    how: Callable[..., str] = lambda state: ""  # what follows the result's text: how they won, a prediction
    tips: str = ""  # for `?`
