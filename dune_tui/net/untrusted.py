"""What a table sends that people typed or a peer chose (seat names, chat, notices, refusals, the sealed note, the
bot's prompt), made printable as it arrives: the table on the other end may be anyone's program.  The screen
also draws it as plain text, never as markup; this is the client's half of the rule the server keeps for what
clients send it (`table.py` cleans and caps chat and names).

    message = cleaned(message)       # RemoteTable, for every message read
"""

from __future__ import annotations

from msgspec.structs import replace

from ..table.messages import (
    Chat,
    EndProposal,
    GameOver,
    Notice,
    Refused,
    SaveFailed,
    Sealed,
    SeatInfo,
    Seats,
    Thinking,
    Welcome,
)
from ..text import MESSAGE_LIMIT, NAME_LIMIT, printable

SPEC_LIMIT = 64  # a bot's spec, a login
WATCHERS_LISTED = 1000  # watchers' logins a table may list


def seat(info: SeatInfo) -> SeatInfo:
    return replace(info, name=printable(info.name, limit=NAME_LIMIT), agent=printable(info.agent, limit=SPEC_LIMIT),
                   stand_in=printable(info.stand_in, limit=SPEC_LIMIT), login=printable(info.login, limit=SPEC_LIMIT))


def logins(names: tuple[str, ...]) -> tuple[str, ...]:
    """The watchers a table lists, each printable, at most WATCHERS_LISTED of them."""
    return tuple(printable(n, limit=SPEC_LIMIT) for n in names[:WATCHERS_LISTED])


def text(s: str) -> str:
    return printable(s, limit=MESSAGE_LIMIT)


def cleaned(message):
    """The message with every text a person or a peer chose made printable and capped (others unchanged)."""
    match message:
        case Notice() | Sealed() | EndProposal():
            return replace(message, text=text(message.text))
        case Refused():
            return replace(message, reason=text(message.reason))
        case SaveFailed():
            return replace(message, reason=text(message.reason), last_good=text(message.last_good))
        case Chat():
            return replace(message, text=text(message.text), name=printable(message.name, limit=2 * NAME_LIMIT))
        case Thinking():
            return replace(message, prompt=text(message.prompt))
        case Seats():
            return replace(message, seats=tuple(seat(s) for s in message.seats), watchers=logins(message.watchers))
        case GameOver():
            return replace(message, seats=tuple(seat(s) for s in message.seats))
        case Welcome():
            return replace(message, seats=tuple(seat(s) for s in message.seats), warning=text(message.warning),
                           watchers=logins(message.watchers),
                           thinking=cleaned(message.thinking), chat=tuple(cleaned(c) for c in message.chat),
                           sealed=message.sealed and cleaned(message.sealed),
                           proposal=message.proposal and cleaned(message.proposal),
                           over=message.over and cleaned(message.over))
    return message
