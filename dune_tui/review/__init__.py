"""Game review: step through a saved game decision by decision, with the search's judgement of each decision.

    from dune_tui.review import open_review, analyse, load_or_analyse
    review = open_review("saves/v2/one-turn-from-victory.dune.json")   # replays the save's decisions
    review.view(k, seat)             # what `seat` saw before decision k (k = len(review.log): the end)
    analysis = load_or_analyse(review, seat=None, progress=print)       # cached beside the save

`steps.py` rebuilds each position through the rule set's public verbs, `analysis.py` judges the decisions,
`cache.py` keeps the judgement beside the save; `dune-tui review` is dune_tui.commands.review.
"""

from __future__ import annotations

from .analysis import Analysis, Budget, analyse, marks
from .cache import load_or_analyse
from .steps import Review, ReviewError, open_review

__all__ = ["Analysis", "Budget", "Review", "ReviewError", "analyse", "load_or_analyse", "marks", "open_review"]
