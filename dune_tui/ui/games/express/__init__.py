"""Dune Express's UI: its board (board.py: status line, territories, houses, dice), their widgets, labels and words,
its house cards, its part of the game-over screen and its rules page (rules.md), named by the game's record."""
