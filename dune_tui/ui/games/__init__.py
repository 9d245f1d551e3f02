"""Each game's terminal UI, one package a game (its board, words, forms, cards, new-game lines and rules page),
found through its record by `ui.boards`."""
