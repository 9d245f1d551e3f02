"""A game started without --seed gets dice nobody can predict."""

from __future__ import annotations

from dune_tui.games.dune import view
from dune_tui.ui.screens.new_game import new_session


def test_a_game_without_a_seed_gets_a_fresh_128_bit_seed_and_the_keyed_dice():
    a, b = (new_session(4, ["human"] + ["random"] * 3, None) for _ in range(2))
    assert a.options.seed != b.options.seed
    assert max(a.options.seed, b.options.seed) >= 1 << 64  # 128 random bits: below 2**64 once in 2**64
    assert a.options.dice == "keyed"
    seen = view(a.state, 0)
    assert seen.options.seed == 0 and seen.rng is None


def test_a_given_seed_is_kept_for_a_reproducible_game():
    a, b = (new_session(2, ["human", "random"], 777) for _ in range(2))
    assert a.options.seed == b.options.seed == 777
    assert a.state.storm == b.state.storm and a.state.constr == b.state.constr
