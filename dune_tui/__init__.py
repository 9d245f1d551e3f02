"""dune-tui: Dune: The Dice Game (rules v1.06) in the terminal."""

__version__ = "0.1.0"
