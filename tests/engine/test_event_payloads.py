"""Typed event payloads: every kind, from real games, crosses JSON and msgpack and comes back the same, typed."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from dune_tui.games.dune import Event, Options, apply, legal_actions, new_game, opening_events, payloads
from dune_tui.games.dune import events as events_module
from dune_tui.games.dune.data import FACTION_NAMES, REGION_NAMES

# Random play over these games shows every kind of event; "defender" (a Face Dancer took the defender's
# last troop while another enemy stays, H18) needs eight players and many games: game 2285 has it.
GAMES = [(2 + g % 7, g, "spice" if g % 2 else "dice") for g in range(40)] + [(8, 2285, "spice")]


def play(players: int, seed: int, face_dancers: str) -> list[Event]:
    r = random.Random(seed)
    state = new_game(Options(players=players, seed=seed, face_dancers=face_dancers,
                             faction_choice="choose" if seed % 3 == 0 else "random"))
    out = opening_events(state)
    while not state.over:
        seat = state.to_move[0]
        out += apply(state, seat, r.choice(legal_actions(state, seat)))
    return out


@pytest.fixture(scope="module")
def real_events() -> list[Event]:
    return [e for game in GAMES for e in play(*game)]


def test_every_kind_has_one_payload_class_tagged_with_it(real_events):
    assert {e.kind for e in real_events} == set(payloads.KINDS), "a kind never seen: add a game to GAMES"
    for e in real_events:
        assert type(e.data) is payloads.KINDS[e.kind]


@pytest.mark.parametrize("codec", [msgspec.json, msgspec.msgpack], ids=["json", "msgpack"])
def test_every_kind_round_trips_with_its_types(codec, real_events):
    one_of_each = list({e.kind: e for e in real_events}.values())
    for e in one_of_each:
        back = codec.decode(codec.encode(e), type=Event)
        assert back == e and type(back.data) is type(e.data), e.kind
    assert codec.decode(codec.encode(real_events), type=list[Event]) == real_events


def test_a_payload_is_an_object_named_by_its_kind_on_the_wire():
    e = play(2, 1, "dice")[0]
    assert msgspec.json.decode(msgspec.json.encode(e))[3]["kind"] == e.kind


def test_a_private_event_keeps_its_audience(real_events):
    (e, *_) = [e for e in real_events if e.kind == "prediction"]
    back = msgspec.msgpack.decode(msgspec.msgpack.encode(e), type=Event)
    assert back.to == e.to and len(e.to) == 1 and not back.visible_to((e.to[0] + 1) % 8)


def test_the_reveal_names_both_sides_by_faction_and_seat(real_events):
    reveals = [e for e in real_events if e.kind == "reveal"]
    assert reveals
    for e in reveals:
        d = e.data
        region, attacker, defender, winner = re.fullmatch(
            r"Reveal in (.+?): (.+?) commit .*; (.+?) commit .* The (.+?) win\.", e.text).groups()
        assert (REGION_NAMES[d.loc], FACTION_NAMES[d.attacker_id], FACTION_NAMES[d.defender_id],
                FACTION_NAMES[d.winner_id]) == (region, attacker, defender, winner)
        assert d.winner_id == (d.attacker_id if d.attacker_wins else d.defender_id)
        assert d.attacker_seat != d.defender_seat and d.attack >= 0 and d.defence >= 0


def test_dice_payloads_carry_the_faces(real_events):
    rolled = next(e for e in real_events if e.kind == "dice_rolled")
    assert rolled.data.mask == 0b1111111 and len(rolled.data.values) == 7


def test_no_payload_is_built_when_events_are_not_recorded(monkeypatch):
    """A tree search switches recording off: emitting then builds neither text nor payload."""
    state = new_game(Options(players=4, seed=3))
    state.events = None
    recording = new_game(Options(players=4, seed=3))  # the same game, recording: the stand-in below is called

    def refuse(*args, **kwargs):
        raise AssertionError("an event was built while not recording")

    monkeypatch.setattr(events_module, "Event", refuse)
    r = random.Random(3)
    while not state.over:
        seat = state.to_move[0]
        assert apply(state, seat, r.choice(legal_actions(state, seat)), check=False) == []
    with pytest.raises(AssertionError, match="while not recording"):
        apply(recording, recording.to_move[0], legal_actions(recording, recording.to_move[0])[0])
