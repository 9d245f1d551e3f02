"""Your record beside the list: games and wins by the side you played, and against each bot level."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from ..games import game_named
from .entry import Finished
from .ratings import your_ratings


class Tally(msgspec.Struct, kw_only=True):
    games: int = 0
    wins: int = 0
    by_side: dict[str, list[int]] = {}  # "Fremen": [games, wins]
    by_bot: dict[str, list[int]] = {}  # "mcts:hard": [games, wins] (games with at least one such bot against you)
    ratings: dict[str, list[float]] = {}  # your rating by game: {"dune": [mu, sigma, low, high]}

    def lines(self) -> list[str]:
        """ "12 games, 5 won (42%)", "as Fremen: 3 games, 2 won", "against mcts:hard: 4 games, 1 won" """
        out = [f"{_games(self.games)}, {self.wins} won{_share(self.games, self.wins)}"]
        out += [f"as {side}: {_games(g)}, {w} won" for side, (g, w) in sorted(self.by_side.items())]
        out += [f"against {bot}: {_games(g)}, {w} won" for bot, (g, w) in sorted(self.by_bot.items())]
        out += [f"your rating in {game_named(rules).title}: {mu:.1f} ({low:.1f}–{high:.1f})"
                for rules, (mu, _, low, high) in self.ratings.items()]
        return out


def _games(n: int) -> str:
    return f"{n} game{'' if n == 1 else 's'}"


def _share(games: int, wins: int) -> str:
    return f" ({round(100 * wins / games)}%)" if games else ""


def tally(games: Iterable[Finished], *, rated: Iterable[Finished] = ()) -> Tally:
    """The record of the games you played in (those with a seat of yours), with your ratings (openskill) after the
    games `rated` (all your games, when the record is of some)."""
    out = Tally()
    if rated := list(rated):
        out.ratings = {rules: [r.mu, r.sigma, r.low, r.high] for rules, r in your_ratings(rated).items()}
    for game in games:
        if game.you is None:
            continue
        won = int(game.won)
        out.games, out.wins = out.games + 1, out.wins + won
        mine = game.seats[game.you]
        if mine.side:
            _add(out.by_side, mine.side, won)
        for bot in sorted({s.agent for i, s in enumerate(game.seats) if s.kind == "bot" and i != game.you}):
            _add(out.by_bot, bot, won)
    return out


def _add(counts: dict[str, list[int]], key: str, won: int) -> None:
    games, wins = counts.get(key, (0, 0))
    counts[key] = [games + 1, wins + won]
