"""Who sits where at a table on a shared server: a seat kept for a login (`--seat user:alice`, or who sat there
first) is that login's; a free human seat goes to whoever asks first.  The table learns the login from the
kernel (identity.peer_login), never from the client."""

from __future__ import annotations

from msgspec.structs import replace

from ..table.messages import SPECTATOR


def choose(seats: list, login: str, wanted: int | None, here: set[int]) -> int | str:
    """The seat for `login` (`wanted`: None their own or a free one, SPECTATOR to watch, N that seat), or the
    sentence saying why not.  `here`: the seats someone plays now (a free seat with a player is taken)."""
    if wanted == SPECTATOR:
        return SPECTATOR
    humans = [i for i, s in enumerate(seats) if s.is_human]
    if wanted is not None:
        if wanted not in humans:
            return f"seat {wanted + 1} is not a player's seat at this table"
        owner = seats[wanted].login
        if owner and owner != login:
            return f"seat {wanted + 1} is {owner}'s"
        if not owner and wanted in here:
            return f"seat {wanted + 1} is taken"
        return wanted
    mine = [i for i in humans if seats[i].login == login]
    free = [i for i in humans if not seats[i].login and i not in here]
    if mine or free:
        return (mine or free)[0]
    whose = ", ".join(f"seat {i + 1} is {seats[i].login}'s" if seats[i].login else f"seat {i + 1} is taken"
                      for i in humans)
    return f"no free seat for {login}: {whose}; you may watch"


def claim(session, seat: int, login: str) -> None:
    """Keep `seat` for `login` from now on (saved with the game: `host --load` keeps it theirs)."""
    config = session.seats[seat]
    if config.login != login:
        session.seats[seat] = replace(config, login=login, name=config.name or login, claimed=True)
