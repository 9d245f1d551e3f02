"""A bot's seed comes from the bots' own secret and the seat (one-way), never from the game's seed."""

from __future__ import annotations

from dune_tui.table.bots import bot_seed


def test_a_bots_seed_is_the_same_for_the_same_secret_and_seat():
    assert bot_seed(777, 1) == bot_seed(777, 1)
    assert len({bot_seed(777, s) for s in range(8)}) == 8
    assert bot_seed(777, 0) != bot_seed(778, 0)


def test_the_secret_cannot_be_read_back_from_a_bots_seed():
    # The old rule (seed * 7919 + seat) gave the game's seed away by one division.
    secret = (1 << 127) + 12345
    seeds = [bot_seed(secret, s) for s in range(4)]
    assert all(s < 1 << 64 for s in seeds)  # 64 bits out of a 128-bit seed: not an encoding of it
    assert all(s // 7919 != secret and s != secret for s in seeds)
