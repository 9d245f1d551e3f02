"""The neutral core both games are built on (dune_tui/games/: events, state, flow): one kernel, each game's own
parts beside it, and the wire forms unchanged."""

from __future__ import annotations

import random
from importlib import import_module

import msgspec
import pytest

import dune_tui.games.dune as dune
import dune_tui.games.express as express
from dune_tui.games import events, flow, state

GAMES = pytest.mark.parametrize("game", [dune, express], ids=["dune", "express"])


def mid_game(game, seed: int = 4, decisions: int = 40):
    s = game.new_game(game.Options(players=4, seed=seed))
    r = random.Random(seed)
    for _ in range(decisions):
        seat = s.to_move[0]
        game.apply(s, seat, r.choice(game.legal_actions(s, seat)))
    return s


@GAMES
def test_each_game_uses_the_one_kernel(game):
    assert issubclass(game.Event, events.Event) and issubclass(game.State, state.GameState)
    assert isinstance(import_module(f"{game.__name__}.flow").FLOW, flow.Flow)
    assert set(game.State.FIELDS) == set(game.State.__slots__)  # the caches (events, _legal) are the base's


@GAMES
def test_a_copy_holds_every_field_and_shares_no_list(game):
    s = mid_game(game)
    s._legal = {0: []}
    c = s.copy()
    assert type(c) is game.State and c.events is None and c._legal is None
    for name in game.State.FIELDS:
        assert getattr(c, name) == getattr(s, name), name
    for name in game.State.LISTS:
        assert getattr(c, name) is not getattr(s, name), name
    c.board[0] += 1
    assert c.board[0] != s.board[0]


@GAMES
def test_an_event_encodes_as_before_a_four_item_array_with_its_tagged_payload(game):
    s = game.new_game(game.Options(players=4, seed=2))
    event = game.opening_events(s)[0]
    raw = msgspec.json.decode(msgspec.json.encode(event))
    assert raw[:3] == [event.kind, event.text, None if event.to is None else list(event.to)]
    assert raw[3]["kind"] == event.kind
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(event), type=game.Event) == event


def test_each_game_has_its_own_event_kinds():
    """The payloads share a base (games.events.Payload) but each game's kinds are its own."""
    assert express.Event  # (both games loaded)
    assert all(kind.__module__ == dune.payloads.__name__ for kind in dune.payloads.KINDS.values())
    assert dune.Event is not express.Event
