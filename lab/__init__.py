"""Experiments beside the product (issue 24): run as modules from the repository; nothing in dune_tui or ai imports
them (a checked contract, pyproject.toml's [tool.importlinter]).  What they found is in lab/LOG.md.

    python -m lab.fit_eval ...      fit the search's models, writing ai/models/*.json
    python -m lab.anti_guild ...    a bot against the heuristic's Spacing Guild (or in the deals without it)
    lab/openspiel_game.py           Dune as an OpenSpiel game, OpenSpiel's ISMCTS as an agent (the [bench] extra)
"""
