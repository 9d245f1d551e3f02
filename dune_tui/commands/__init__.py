"""The `dune-tui` commands, above the front ends they drive; dune_tui.cli dispatches to them.

    new      `new`: a game started straight away in the terminal game (dune_tui.ui)
    learn    `learn`: the guided first game (dune_tui.ui.run_lesson)
    saves    `saves`, `load` and `replay`
    host     `host`, `join` and `tables`: a table served to other terminals, a seat at one, the lobby's list
    serving  the host's table, and serving it headless (`host --no-play`)
    play     the terminal side of `host` and `join`: the game screen as a client of a hosted table
    review   `review SAVE`: the review screen, or its analysis as JSON

Plain `dune-tui` opens the terminal game's menu (dune_tui.ui.run_default); `sim` is dune_tui.sim.
"""
