"""The table server (`dune-tui serve`): one process hosting every table of the machine, each kept in SQLite.

`store` keeps the tables (the database behind one small interface), `kept` is a Table that keeps its game there,
`control` the small protocol a client asks the server with (its tables, open one), `daemon` the process itself.
"""
