"""`?` on the new-game screen: what each line means (issue 45).  Text as data: the lines every game has, the bot
levels (their strength and think time as measured, docs/STRENGTH.md; their search budget from the bots' own
`LEVELS`), then the chosen game's own lines (its setup module's `HELP`: ui/games/NAME/setup.py)."""

from __future__ import annotations

LINES = (
    ("Game", "Dune: The Dice Game (2-8 players, six rounds), or Dune Express (2-6 players, a shorter game)."),
    ("Players", "how many seats are in play."),
    ("Seat N", "who plays it: human (a person at this keyboard) or a bot level, below. Seat 1 plays first. "
               "With two or more humans the game is played hot seat: the screen is handed over for each secret "
               "choice."),
    ("Bot pause", "how long the screen waits after each bot decision, so that you can follow it (p changes it "
                  "during the game, s skips ahead to your next decision)."),
    ("Hints", "on: h during the game asks the search for advice on your decision; off: a competitive game."),
    ("seed", "a number deals and rolls the same game again; empty for a random game."),
)

# Each bot level: its strength and think time, measured (docs/STRENGTH.md).
BOTS = {
    "random": "a random legal move: the floor.",
    "heuristic": "rules of thumb, instant; wins 87% of two-player games against random.",
    "mcts:easy": "a novice search of its own turn only; about 0.05 s a decision; loses to the heuristic about "
                 "two games in three.",
    "mcts:normal": "searches two turns ahead; about 0.35 s a decision; beats the heuristic in 68% of two-player "
                   "games.",
    "mcts:hard": "normal with a bigger search; about 0.9 s a decision; no measurably stronger than normal.",
}


def budget(spec: str) -> str:
    """A search level's budget, from the bots' own levels ("" for a bot that does not search)."""
    if not spec.startswith("mcts:"):
        return ""
    from dune_tui.ai.mcts import LEVELS  # (not before `?` asks: the screen's start needs no bots)

    config = LEVELS.get(spec.removeprefix("mcts:"))
    return f" ({config.iters:,} iterations, at most {config.seconds:g} s)" if config else ""


def tips(setup, bots: list[str]) -> str:
    """The help's text: every line of the screen, each bot level offered (`bots`), and the chosen game's lines
    (`setup`: its setup module; a game without `HELP` adds none)."""
    lines = [f"{line}: {text}" for line, text in LINES]
    seats = next(i for i, (line, _) in enumerate(LINES) if line == "Seat N") + 1  # the bot levels under the seats
    out = lines[:seats] + [f"  {spec}{budget(spec)}: {BOTS[spec]}" for spec in bots if spec in BOTS] + lines[seats:]
    out += [f"{line}: {text}" for line, text in getattr(setup, "HELP", ())]
    return "\n".join(out)
