"""Experiments beside the product (issue 24): run as modules; nothing in dune_tui or ai imports them."""
