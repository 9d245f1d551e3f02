"""What goes wrong with a save, in one line a player can read."""

from __future__ import annotations


class SaveError(Exception):
    """A save that cannot be written or read.  `str(error)` is a one-line message for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


class SnapshotMismatch(SaveError):
    """The log replays to a different state than the file's snapshot.  `fields` names the differences."""

    def __init__(self, message: str, fields: list[str]) -> None:
        super().__init__(message)
        self.fields = fields
