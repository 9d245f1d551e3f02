"""What crosses the socket: length-prefixed msgpack frames, each one tagged msgspec Struct.

A frame is a 4-byte big-endian length, then that many bytes of msgpack: one of `Message`, a tagged union
(the field "type" names the class).  The length is checked against the reader's cap before the body is read;
msgspec decodes and validates the body against the union; nothing else is parsed by hand.

A connection starts with the client's `Hello` (protocol version, its code); the table answers with its
`Welcome` (or `Goodbye`, why, and closes).  Then the table's messages flow to the client, and the client
sends `Decision`, `Chat`, `Hint`, `Skip`, `SetPace`, `ProposeEnd`, `AnswerEnd`, `Undo`.
Engine views cross as their rule set's wire Struct, tagged
with the rule set's name (see `views`), events as their rule set's `Event` Structs: a batch says its rule set,
a Welcome's and a GameOver's events are read by the rule set of the view beside them (the two games' event
kinds overlap, so no one union reads both).
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any, Union

import msgspec

from ..controller import Decision, DecisionRequest, EventBatch
from ..games import DEFAULT, as_action
from ..table import messages as m
from .views import decode_events, decode_view, events_rules, rules_of_view, to_wire

PROTOCOL = 8  # 2: views are tagged with their rule set (Dune Express crosses too); 3: Express's fortresses, token
# counts and Shorter Game ending (issue 36) in its options and views; 4: ending a game by agreement (X36); 5: Express's
# event telling a tactical die that does nothing (issue 41); 6: a request's view crosses once (`OneView`); 7: the
# watchers by login in Seats and Welcome (issue 43 S4); 8: Undo and Undone (issue 45)
HEADER = struct.Struct(">I")
TO_TABLE_LIMIT = 64 * 1024  # a client's frame: a decision or a chat line is far smaller
TO_CLIENT_LIMIT = 16 * 1024 * 1024  # a table's frame: a GameOver of a long 8-player game is well under 1 MiB


class Hello(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """The first frame from a client: the protocol it speaks and the secret code of its seat (over TCP).  Over
    the lobby's Unix socket there is no code: the kernel says who connected, and `seat` what they ask for."""

    protocol: int
    code: str = ""
    name: str = ""  # the client's program, for the host's log
    seat: int | None = None  # over a Unix socket: None their seat or a free one, -1 to watch, N seat N+1


class Goodbye(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """The table closes this connection: why (the client shows it and exits)."""

    reason: str


# The controller's Structs are untagged: these tagged twins carry them (and are instances of them).
# A request's fields with defaults are left out when at them: `bots_seconds` is told to the table's bots, never to
# people (`view` and `sealed` always go, as before it).
class WireRequest(DecisionRequest, frozen=True, kw_only=True, tag="DecisionRequest", omit_defaults=True):
    view: Any  # None: the view of the Board (or Welcome) just before it, the same: sent once (`OneView`)
    sealed: bool


class WireDecision(Decision, frozen=True, tag="Decision"):
    pass


class WireBatch(EventBatch, frozen=True, tag="EventBatch"):
    events: list[msgspec.Raw]  # read by `rules`' Event
    rules: str = DEFAULT  # the rule set whose events these are


# The table's messages that hold events: their twins read the events once the view beside them says the rule set.
class WireGameOver(m.GameOver, tag="GameOver"):
    history: list[msgspec.Raw]


class WireWelcome(m.Welcome, tag="Welcome"):
    events: list[msgspec.Raw]
    over: WireGameOver | None = None


TWINS: dict[type, type] = {DecisionRequest: WireRequest, Decision: WireDecision, EventBatch: WireBatch}
TABLE_MESSAGES = (WireWelcome, m.Closed, m.Board, m.Seats, m.Thinking, m.Sealed, m.Pace, m.Notice, m.SaveFailed,
                  m.Saved, m.Refused, WireGameOver, m.Skip, m.SetPace, m.Save, m.Chat, m.Hint, m.EndProposal,
                  m.ProposeEnd, m.AnswerEnd, m.Undo, m.Undone)
Message = Union[(Hello, Goodbye, WireRequest, WireDecision, WireBatch, *TABLE_MESSAGES)]
# what a table takes from a remote client
FROM_CLIENT = (Hello, Decision, m.Chat, m.Skip, m.SetPace, m.Hint, m.ProposeEnd, m.AnswerEnd, m.Undo)


class FrameError(Exception):
    """A frame that cannot be read: too long, truncated or not one of our messages (the sentence says)."""


def _enc_hook(obj: Any) -> Any:
    if rules_of_view(obj) is not None:
        return to_wire(obj)
    raise NotImplementedError(f"cannot send a {type(obj).__name__}")


_encoder = msgspec.msgpack.Encoder(enc_hook=_enc_hook)
_decoder = msgspec.msgpack.Decoder(Message)


def encode(message) -> bytes:
    """One frame: the length, then the message (a controller Struct goes as its tagged twin)."""
    twin = TWINS.get(type(message))
    if twin is WireBatch:
        message = WireBatch(message.seat, message.events, events_rules(message.events))
    elif twin is not None:
        message = twin(**msgspec.structs.asdict(message))
    body = _encoder.encode(message)
    return HEADER.pack(len(body)) + body


def decode(body: bytes):
    """A frame's body as the message the table or the client handles: the controller's own Structs, views
    States again, legal actions and decisions the engine's nested tuples.  FrameError if it is not one of ours."""
    try:
        return _revive(_decoder.decode(body))
    except (msgspec.MsgspecError, RecursionError, ValueError, TypeError) as e:
        raise FrameError(f"not a message of this protocol ({' '.join(str(e).split())[:200]})") from None


def _at(where: str, convert, value):
    """`convert(value)`, its ValidationError located in the whole message (`$.view.rng`, `$.events[3]...`)."""
    try:
        return convert(value)
    except msgspec.ValidationError as e:
        text = str(e)
        located = text.replace("- at `$", f"- at `{where}", 1) if "- at `$" in text else f"{text} - at `{where}`"
        raise msgspec.ValidationError(located) from None


def _state(value, where: str = "$.view"):
    return _at(where, decode_view, value)


def _events(raws, rules: str, where: str) -> list:
    """The events of rule set `rules` (a Welcome's or a GameOver's by the rule set of the view beside them)."""
    return [_at(f"{where}[{i}]", lambda raw: decode_events([raw], rules)[0], raw) for i, raw in enumerate(raws)]


def _request(r: DecisionRequest, where: str = "$", shown: bool = False) -> DecisionRequest:
    """`shown`: the view may be left out (None: the one the Board before it showed, `OneView` puts it back)."""
    view = None if shown and r.view is None else _state(r.view, f"{where}.view")
    return DecisionRequest(id=r.id, seat=r.seat, phase=r.phase, prompt=r.prompt, view=view,
                           legal=tuple(as_action(a) for a in r.legal), sealed=r.sealed)


def _revive(message, where: str = "$"):
    """Turn the `Any` fields that held a view back into States (validated as their rule set's wire form), the
    events into their rule set's Events."""
    replace = msgspec.structs.replace
    if isinstance(message, DecisionRequest):
        return _request(message, where, shown=True)
    if isinstance(message, Decision):
        return Decision(message.id, message.seat, as_action(message.action))
    if isinstance(message, WireBatch):
        return EventBatch(message.seat, _events(message.events, message.rules, f"{where}.events"))
    if isinstance(message, m.Board):
        return replace(message, view=_state(message.view, f"{where}.view"))
    if isinstance(message, WireGameOver):
        state = _state(message.state, f"{where}.state")
        fields = msgspec.structs.asdict(message)
        return m.GameOver(**{**fields, "state": state,
                             "history": _events(message.history, rules_of_view(state), f"{where}.history")})
    if isinstance(message, WireWelcome):
        view = _state(message.view, f"{where}.view")
        fields = msgspec.structs.asdict(message)
        requests = tuple(_request(r, f"{where}.requests[{i}]") for i, r in enumerate(message.requests))
        return m.Welcome(**{**fields, "view": view, "requests": requests,
                            "events": _events(message.events, rules_of_view(view), f"{where}.events"),
                            "over": _revive(message.over, f"{where}.over") if message.over is not None else None})
    return message


class OneView:
    """The deciding seat's view crosses once: the table sends each seat its view in a Board (or its Welcome), then
    the request, whose view is the same; the sender's `outgoing` sends such a request without it, the reader's
    `incoming` puts the view it was shown back.  One per connection, on each side."""

    def __init__(self) -> None:
        self.shown = None  # the sender: the bytes of the last view sent; the reader: that view

    def outgoing(self, message):
        if isinstance(message, m.Board):  # (its view encoded once: the frame takes these very bytes)
            self.shown = _encoder.encode(message.view)
            return msgspec.structs.replace(message, view=msgspec.Raw(self.shown))
        if isinstance(message, m.Welcome):
            self.shown = _encoder.encode(message.view)
        elif isinstance(message, DecisionRequest) and self.shown == _encoder.encode(message.view):
            return WireRequest(**{**msgspec.structs.asdict(message), "view": None})
        return message

    def incoming(self, message):
        if isinstance(message, (m.Board, m.Welcome)):
            self.shown = message.view
        elif isinstance(message, DecisionRequest) and message.view is None:
            return msgspec.structs.replace(message, view=self.shown)
        return message


async def read(reader: asyncio.StreamReader, limit: int):
    """The next message; FrameError for a frame over `limit` (its body is never read) or a bad one;
    asyncio.IncompleteReadError at the end of the stream."""
    (size,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    if size > limit:
        raise FrameError(f"a frame of {size} bytes is over the limit of {limit}")
    return decode(await reader.readexactly(size))
