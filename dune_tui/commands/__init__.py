"""The `dune-tui` commands, above the front ends they drive; dune_tui.cli dispatches to them.

    host     `host`, `join` and `tables`: a table served to other terminals, a seat at one, the lobby's list
    play     the terminal side of `host` and `join`: the game screen as a client of a hosted table
    review   `review SAVE`: the review screen, or its analysis as JSON
    saves    `saves`, `load` and `replay`

`new` and plain `dune-tui` are the terminal game's own (dune_tui.ui); `sim` is dune_tui.sim.
"""
