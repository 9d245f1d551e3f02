"""Ratings: openskill's Plackett–Luce model (made for free-for-all games of any number of players), for people and
for each bot level as a player.  The package does the maths; this module only says who played and how they ranked.

- Each seat is its own team; the winners share the first rank (an alliance's shared win ranks the allies
  together), the others the next; a seat that left the game (abandoned it) ranks below them all; a game nobody won
  ranks everyone together.
- The bot levels' ratings are measured by matches between them (`measure`, written into `bot_ratings.json` with the
  command that made it) and stay fixed when they play people.
- Only a game with at least two people, or with a bot of known rating, moves a person's rating.

openskill is imported only when a rating is computed (`dune-tui` starts without it).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from importlib import resources

import msgspec

BOT = "bot:"  # a bot level as a player: "bot:heuristic"
YOU = "you"  # your seat in your own games
DATA = "bot_ratings.json"
INTERVAL = 2.0  # the interval shown: mu ± 2 sigma (about 95%)


class Rating(msgspec.Struct, frozen=True):
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - INTERVAL * self.sigma

    @property
    def high(self) -> float:
        return self.mu + INTERVAL * self.sigma

    def text(self) -> str:
        """ "27.3 (19.9–34.7)": the mean and its interval."""
        return f"{self.mu:.1f} ({self.low:.1f}–{self.high:.1f})"


@functools.cache
def model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def initial() -> Rating:
    m = model()
    return Rating(m.mu, m.sigma)


def ranks(players: int, winners: Iterable[int], left: Iterable[int] = ()) -> list[int]:
    """Each seat's rank (1 first): the winners together first, then the others, then whoever left."""
    won, gone = set(winners), set(left)
    return [3 if seat in gone else 1 if seat in won or not won else 2 for seat in range(players)]


def rate(ratings: dict[str, Rating], entrants: Sequence[str], winners: Iterable[int], *, left: Iterable[int] = (),
         fixed: Iterable[str] = ()) -> dict[str, Rating]:
    """The ratings after one game: `entrants` by seat (an identity each, all different), `winners` the winning
    seats, `left` the seats that abandoned it; those in `fixed` keep their rating.  Returns the new ratings of
    the entrants not fixed (those absent from `ratings` start at the model's initial rating)."""
    m = model()
    teams = [[m.rating(mu=r.mu, sigma=r.sigma, name=who)]
             for who in entrants for r in [ratings.get(who) or initial()]]
    rated = m.rate(teams, ranks=ranks(len(entrants), winners, left))
    kept = set(fixed)
    return {who: Rating(team[0].mu, team[0].sigma) for who, team in zip(entrants, rated) if who not in kept}


@functools.cache
def measured() -> dict[str, dict[str, Rating]]:
    """The bot levels' measured ratings by game ({"dune": {"heuristic": Rating, ...}}) from the data file (none
    if it is absent or damaged)."""
    try:
        data = json.loads(resources.files(__package__).joinpath(DATA).read_text())
        return {rules: {level: Rating(r["mu"], r["sigma"]) for level, r in entry["levels"].items()}
                for rules, entry in data["rules"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def bot_ratings(rules: str) -> dict[str, Rating]:
    """The measured ratings of the bot levels in that game ({} where none were measured)."""
    return measured().get(rules, {})


def bot_rating_text(level: str, rules: str) -> str:
    """ "rated 24.1 (22.0–26.2)" for a level measured in that game, "not rated yet" for another."""
    found = bot_ratings(rules).get(level)
    return f"rated {found.text()}" if found else "not rated yet"


def identity(game, seat: int) -> str:
    """Who played a seat of a finished game, as rated: you as "you", a bot by its level, another person by the
    login kept for the seat, else by the seat's name."""
    s = game.seats[seat]
    if seat == game.you:
        return YOU
    if s.kind == "bot":
        return BOT + s.agent
    return s.login or f"person:{s.name}"


def moves_ratings(entrants: Sequence[str], known: dict[str, Rating]) -> bool:
    """A game moves a person's rating when another person played, or a bot of known rating."""
    people = [who for who in entrants if not who.startswith(BOT)]
    return len(people) >= 2 or (bool(people) and any(who.removeprefix(BOT) in known for who in entrants
                                                     if who.startswith(BOT)))


def rate_games(games: Iterable, rules: str) -> dict[str, Rating]:
    """Every person's rating in one game (`rules`) after its finished games (oldest first), the bots at their
    measured ratings."""
    known = bot_ratings(rules)
    ratings: dict[str, Rating] = {BOT + level: r for level, r in known.items()}
    for game in sorted((g for g in games if g.rules == rules), key=_when):
        entrants = [identity(game, seat) for seat in range(game.players)]
        if not moves_ratings(entrants, known):
            continue
        gone = [game.you] if game.left else []  # you left: ranked last, whoever won your seat's game
        winners = [seat for seat, s in enumerate(game.seats) if s.won and seat not in gone]
        ratings.update(rate(ratings, entrants, winners, left=gone,
                            fixed=[who for who in entrants if who.startswith(BOT)]))
    return {who: r for who, r in ratings.items() if not who.startswith(BOT)}


def your_ratings(games: Sequence) -> dict[str, Rating]:
    """Your rating in each game you have one in ({"dune": Rating}): from your finished games that move it."""
    out = {}
    for rules in dict.fromkeys(g.rules for g in games):
        found = rate_games(games, rules).get(YOU)
        if found is not None:
            out[rules] = found
    return out


def _when(game) -> tuple[str, str]:
    return (game.ended.isoformat() if game.ended else "", game.game_id)


def your_change(games: Sequence, game_id: str) -> tuple[str, Rating, Rating] | None:
    """(game, before, after): how the finished game `game_id` moved your rating (the games up to it counted), or
    None when it moved none (not yours, or against bots of unknown rating alone)."""
    game = next((g for g in games if g.game_id == game_id), None)
    if game is None or game.you is None:
        return None
    upto = [g for g in games if _when(g) <= _when(game)]
    after = rate_games(upto, game.rules).get(YOU)
    before = rate_games([g for g in upto if g.game_id != game_id], game.rules).get(YOU) or initial()
    return None if after is None or after == before else (game.rules, before, after)


def change_text(title: str, before: Rating, after: Rating) -> str:
    """ "Your rating in Dune: The Dice Game: 25.0 → 26.4 (+1.4), between 10.4 and 42.4" """
    return (f"Your rating in {title}: {before.mu:.1f} → {after.mu:.1f} ({after.mu - before.mu:+.1f}), between "
            f"{after.low:.1f} and {after.high:.1f}")
