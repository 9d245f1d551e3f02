"""Each game's classes in a save file, one module a game (its record's `save_schema` names it): `Options`, `Snapshot`
and `Save` (tagged with the game's name), and `VIEW_FIELDS`, what a seat's view holds otherwise than the snapshot
(dune_tui.net.views).  Pure data: a module here imports no engine until a view is read."""
