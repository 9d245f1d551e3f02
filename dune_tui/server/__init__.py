"""The table server (`dune-tui serve`): one process hosting every table of the machine, each kept in SQLite.

`store` keeps the tables (the database behind one small interface; its `TableKeeper` is each table's keeper),
`control` the small protocol a client asks the server with (its tables, open one), `daemon` the process itself.
"""
