"""The engine's exceptions: each says what was wrong in a sentence (quoting a value briefly)."""

import reprlib


class DuneError(Exception):
    """Base of every error the engine raises on purpose."""


class OptionsError(DuneError, ValueError):
    """Options that cannot make a game (player count, factions...)."""


class IllegalAction(DuneError, ValueError):
    """An action that is not legal now, or not for this seat. The state is unchanged."""


class NotYourTurn(IllegalAction):
    """A seat acted while another seat must decide."""


class GameOver(IllegalAction):
    """An action after the game ended."""


class HiddenInformation(DuneError):
    """A view was asked to do what only the full state can (roll dice, say)."""


class _Short(reprlib.Repr):
    """reprlib's abbreviations, and no int written out whole (a 5,000-digit int cannot even be printed)."""

    def repr_int(self, x, level):
        return super().repr_int(x, level) if x.bit_length() <= 128 else f"<{x.bit_length()}-bit int>"


_SHORT = _Short()


def quoted(value, limit: int = 100) -> str:
    """`value` as an error message may quote it: a repr of at most `limit` characters."""
    text = _SHORT.repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
