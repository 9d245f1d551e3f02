"""The wire: every message kind round-trips through a frame; views of real games come back equal; a frame
over the cap is refused before its body is read; garbage is a FrameError; the state itself cannot be sent."""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest
from net_helpers import ANN, BOB, bot, play_until, state_fields, two_humans_at_commit

from dune_tui.controller import Decision, EventBatch
from dune_tui.games.dune import HIDDEN, SEALED, Options, legal_actions, view
from dune_tui.net import wire
from dune_tui.net.views import NotAView, to_wire
from dune_tui.session import Session
from dune_tui.table import messages as m


def roundtrip(message):
    frame = wire.encode(message)
    (size,) = wire.HEADER.unpack(frame[:4])
    assert size == len(frame) - 4
    return wire.decode(frame[4:])


def views_of_a_game(seed: int, factions=None, players: int = 3):
    """Every seat's view (and the spectator's) at many points of a random game."""
    game = Session(Options(players=players, seed=seed, factions=factions), [bot()] * players, bots_secret=seed)
    rng = random.Random(seed)
    c = game.controller
    out = []
    while not c.state.over:
        for seat in range(-1, players):
            out.append(view(c.state, seat))
        r = c.pending()[0]
        c.submit(Decision(r.id, r.seat, rng.choice(legal_actions(c.state, r.seat))))
    out.append(view(c.state, 0))
    return out


def test_the_views_of_whole_games_come_back_field_for_field():
    seen_hidden = seen_sealed = seen_over = 0
    for seed, factions in ((1, ("bg", "atreides", "fremen", "guild", "corrino")), (2, None)):
        for v in views_of_a_game(seed, factions, players=5 if factions else 3):
            back = roundtrip(m.Board(seat=v.viewer, view=v, decisions=3)).view
            assert state_fields(back) == state_fields(v)
            assert back.rng is None and back.options.seed == 0
            seen_hidden += v.prediction == HIDDEN
            seen_sealed += SEALED in v.b_commits
            seen_over += v.over
    assert seen_hidden and seen_sealed and seen_over, "the views covered a hidden prediction, a sealed commit, an end"


def test_the_authoritative_state_cannot_be_sent():
    game = Session(Options(players=2, seed=4), [ANN, bot()], bots_secret=4)
    with pytest.raises(NotAView):
        to_wire(game.state)
    with pytest.raises(NotAView):
        wire.encode(m.Board(seat=0, view=game.state, decisions=0))


def test_every_message_kind_round_trips():
    game = two_humans_at_commit()
    c = game.controller
    request = next(r for r in c.pending())
    v = request.view
    events = game.history[-5:]
    seats = (m.SeatInfo(seat=0, name="Ann", kind="human"), m.SeatInfo(seat=1, kind="bot", agent="random",
                                                                       stand_in="heuristic", connected=False))
    over = m.GameOver(seat=0, state=v, history=events, decisions=9, seats=seats,
                      hints=(m.Hint(text="Pass 37%", seat=0, decision=3),))
    messages = [
        wire.Hello(protocol=wire.PROTOCOL, code="abc", name="x"), wire.Goodbye(reason="why"),
        request, Decision(request.id, request.seat, request.legal[0]), EventBatch(0, events),
        m.Welcome(seat=0, game_id="g-1", seats=seats, view=v, events=events, requests=(request,), decisions=4,
                  thinking=m.Thinking(seat=1, prompt="p"), sealed=m.Sealed(seat=1, text="t"), over=over,
                  chat=(m.Chat(text="hi", seat=1, name="Bob"),),
                  proposal=m.EndProposal(seat=0, round=3, waiting=(1,))),
        m.Closed(seat=0, id=3), m.Board(seat=0, view=v, decisions=2), m.Seats(seats=seats), m.Thinking(),
        m.Sealed(seat=1, text="sealed"), m.Pace(pause=0.25, skipping=True), m.Notice(text="n", severity="error"),
        m.SaveFailed(reason="r", last_good="/x", ref=2), m.Saved(path="/p", ref=1), m.Refused(reason="no", id=4),
        over, m.Skip(), m.SetPace(pause=1.0), m.Save(name="n", directory="d", ref=3), m.Chat(text="hello"),
        m.Hint(text="Pass 37%", request=2), m.ProposeEnd(), m.AnswerEnd(yes=True),
        m.EndProposal(seat=-1, text="Bob said no"), m.Undo(), m.Undone(seat=0, decisions=7, text="Took back: x"),
    ]
    kinds = {type(x).__name__ for x in messages}
    union = {t.__name__.removeprefix("Wire") for t in wire.Message.__args__}
    assert union - kinds <= {"Request", "Batch"} and {"DecisionRequest", "EventBatch", "Decision"} <= kinds
    for message in messages:
        back = roundtrip(message)
        assert isinstance(back, type(message))
        assert _plain(back) == _plain(message), type(message).__name__
    back = roundtrip(request)
    assert back.legal == request.legal and all(type(a) is tuple for a in back.legal)


def test_every_table_message_is_in_the_union():
    tagged = {cls for cls in vars(m).values() if isinstance(cls, type) and issubclass(cls, m._Message)}
    tagged -= {m._Message, m.SeatInfo}
    assert all(any(issubclass(u, cls) for u in wire.Message.__args__) for cls in tagged)  # itself or its twin


def _plain(message):
    """A message as builtins, views as their fields (States compare by identity)."""
    return msgspec.to_builtins(message, enc_hook=lambda s: state_fields(s) if hasattr(s, "viewer") else repr(s))


async def _read_from(data: bytes, limit: int):
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    return await wire.read(reader, limit)


def test_a_frame_over_the_cap_is_refused_before_its_body_is_read():
    header = wire.HEADER.pack(wire.TO_TABLE_LIMIT + 1)
    with pytest.raises(wire.FrameError, match="over the limit"):
        asyncio.run(_read_from(header, wire.TO_TABLE_LIMIT))  # no body at all: it was never waited for


@pytest.mark.parametrize("body", [b"\xff\xfe garbage", msgspec.msgpack.encode({"type": "Nope"}),
                                  msgspec.msgpack.encode({"type": "Decision", "id": "x"}), b"",
                                  msgspec.msgpack.encode({"type": "Board", "seat": 0, "decisions": 1,
                                                          "view": {"rng": 5}}),
                                  msgspec.msgpack.encode({"type": "Decision", "id": 1, "seat": 0,
                                                          "action": [[[[[[]]]]]] * 3})])
def test_garbage_is_a_frame_error_or_a_plain_message(body):
    try:
        message = asyncio.run(_read_from(wire.HEADER.pack(len(body)) + body, wire.TO_TABLE_LIMIT))
    except wire.FrameError:
        return
    assert isinstance(message, Decision)  # the nested lists are an action the table will refuse


def test_a_truncated_frame_ends_the_stream():
    with pytest.raises(asyncio.IncompleteReadError):
        asyncio.run(_read_from(wire.HEADER.pack(10) + b"abc", wire.TO_TABLE_LIMIT))


def test_a_long_eight_player_game_over_fits_in_a_frame():
    players = 8
    game = Session(Options(players=players, seed=11), [bot()] * players, bots_secret=11)
    play_until(game, lambda s: s.over, seed=11, limit=100_000)
    over = m.GameOver(seat=0, state=view(game.state, 0), history=game.history, decisions=len(game.log), seats=())
    assert len(wire.encode(over)) < wire.TO_CLIENT_LIMIT // 4


def test_two_humans_at_commit_is_sealed_for_the_other_side():
    game = two_humans_at_commit()
    s = game.state
    waiting = s.awaiting[0]
    other = ({s.active, s.faction_seat[s.b_def]} - {waiting}).pop()
    assert SEALED in view(s, waiting).b_commits and SEALED not in view(s, other).b_commits
    assert game.seats == [ANN, BOB]
