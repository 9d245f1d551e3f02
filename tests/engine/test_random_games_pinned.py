"""Issue 47: the engines' hot path may be made faster, never different.  Random games of both rule sets, played
from the legal lists with events off as a search plays them, pinned by a hash of every legal list, every seat's
observation key and every state along the way (recorded on 8799a75, before the hot path was reworked).  Change the
pins only for a change meant to change the rules or the dice, and say so."""

from __future__ import annotations

import hashlib
import random

import msgspec

from dune_tui.games import dune, express

_ENCODE = msgspec.msgpack.Encoder().encode


def trajectory(engine, options) -> str:
    h = hashlib.sha256()
    for i, opts in enumerate(options):
        state = engine.new_game(opts)
        state.events = None
        r = random.Random(i)
        while not state.over:
            for seat in state.to_move:
                h.update(repr(engine.legal_actions(state, seat)).encode())
                h.update(engine.observation_key(state, seat))
            seat = state.to_move[0]
            engine.apply(state, seat, r.choice(engine.legal_actions(state, seat)), check=False)
            fields = [getattr(state, f) for f in type(state).FIELDS if f not in ("options", "rng")]
            h.update(_ENCODE(fields) + str(state.rng).encode())
        h.update(repr(engine.returns(state)).encode())
    return h.hexdigest()


def test_random_games_of_dune_play_as_recorded():
    options = [dune.Options(players=p, seed=100 * p + g, dice="splitmix" if g else "keyed",
                            face_dancers="spice" if p == 6 and g else "dice") for p in range(2, 9) for g in range(2)]
    assert trajectory(dune, options) == "9a0e53f62a0b53336496462b4a2f0610e6a1de2a6c8fb6f1d9e73b63f0134582"


def test_random_games_of_dune_express_play_as_recorded():
    options = [express.with_variants(v, players=p, seed=g) for v in ("", "houses,shorter:6,thumper,fortresses")
               for p in (2, 4, 6) for g in range(2)]
    assert trajectory(express, options) == "0df2f84598c25bc89f48bb130c9f6801a94a92e47f9803b7740f914a5d67b82b"
