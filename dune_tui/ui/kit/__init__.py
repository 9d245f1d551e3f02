"""What both the screens (ui/screens/) and each game's board (ui/games/) are made of, below them both: the base
screens and their size awareness (`screens`), the cards dialog (`houses`), a game's part of the game-over screen
(`Ending`), and the board's protocol with its standard base (`board`).  Nothing here imports a screen or a game's
board (pyproject.toml's UI contract)."""
