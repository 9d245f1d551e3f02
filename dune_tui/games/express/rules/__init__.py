"""Dune Express's rules, one module per step of a turn (TAH HRÁČE): see docs/EXPRESS.md."""
