"""Toy Dice's sides and numbers."""

SIDE_NAMES = ("Red", "Blue")
SIDE_KEYS = ("red", "blue")
TARGET = 10  # points to win
LAST_ROUND = 30  # after it nobody wins
