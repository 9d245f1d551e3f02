"""Toy Dice on the terminal (the UI's table's package): its board (board.py), its new-game lines (setup.py) and
its rules page (rules.md)."""
