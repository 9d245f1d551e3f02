"""The first game's UI: its board (board.py: status bar, map, house cards, dice), their widgets, labels and words,
its part of the game-over screen and its rules page (rules.md), named by the game's record."""
