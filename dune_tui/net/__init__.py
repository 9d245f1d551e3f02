"""Play over the network: `dune-tui host` opens a table to other terminals, `dune-tui join` sits at it.

    wire     length-prefixed msgpack frames of tagged msgspec Structs (the table's messages, Hello, Goodbye)
    views    the wire form of an engine view (a State is not a Struct)
    codes    the seats' secret codes and the HOST:PORT/CODE address
    server   the table's door: one asyncio connection per client, every refusal logged
    client   RemoteTable: a table across the network, with the in-process Table's client side
    lobby    this machine's tables (Unix sockets and their cards); hosting and identity beside it

The commands `host`, `join` and `tables` are in dune_tui.commands.host (docs/PROTOCOL.md describes the
protocol).
"""
