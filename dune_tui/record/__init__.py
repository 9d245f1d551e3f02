"""Your record: the games you finished, how each ended, and the tally beside them (issue 46).

    from dune_tui.record import finished_games, tally
    games = finished_games(save_dir, me="alice")     # newest first, one per game (keyed by its id)
    tally(games)                                     # games and wins by your side, and against each bot level

`entry.py` reads one save into a `Finished` (no replay: the listing's reading), `index.py` keeps them in a SQLite
index beside the saves (the saves stay the truth: a deleted save leaves the index, a save resumed or replayed is
the same game), `tally.py` counts.  `dune-tui games` is dune_tui.commands.games; the menu's "Your games" screen
is dune_tui.ui.screens.games.
"""

from __future__ import annotations

from .entry import RESULTS, Finished, Seat, matches
from .index import INDEX, finished_games
from .tally import Tally, tally

__all__ = ["INDEX", "RESULTS", "Finished", "Seat", "Tally", "finished_games", "matches", "tally"]
