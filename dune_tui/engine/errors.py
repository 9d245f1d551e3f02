"""The engine's exceptions: each says what was wrong in a sentence."""


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
