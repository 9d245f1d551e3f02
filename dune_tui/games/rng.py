"""The game's dice: a seeded generator whose whole state is one int.

An int is copied for free, so a tree search can copy a state thousands of
times a second; and the same seed always gives the same game.

Two generators, told apart by the size of the state:

- "keyed" (the default): draw i is the keyed hash BLAKE2b(i, key) (8 bytes),
  the key a 128-bit BLAKE2b hash of the seed.  Without the key, past draws
  say nothing of the next ones (a pseudorandom function), and a random game's
  seed has 128 bits (`random_seed`): nobody can search for it.  The state is
  `_KEYED | key << 64 | i`.
- "splitmix": SplitMix64, the state below 2**64.  The games saved before the
  keyed generator replay with it (their options say dice="splitmix").  Its
  outputs give its state away: never for a game people play against each other.
"""

from __future__ import annotations

import secrets
from hashlib import blake2b

_MASK = (1 << 64) - 1
_KEY_MASK = (1 << 128) - 1
_KEYED = 1 << 192  # the mark of a keyed state: key << 64 | counter below it


def seed_state(seed: int, dice: str = "keyed") -> int:
    """The generator state for a user's seed (any int, negative included)."""
    if dice == "splitmix":
        return seed & _MASK
    if dice != "keyed":
        raise ValueError(f"unknown dice generator {dice!r}")
    raw = seed.to_bytes((seed.bit_length() + 8) // 8, "little", signed=True)
    key = blake2b(raw, digest_size=16, person=b"dune-tui dice").digest()
    return _KEYED | int.from_bytes(key, "little") << 64


_HASHERS: dict[int, object] = {}  # a keyed state's key (with its mark) -> its BLAKE2b keyed, before any draw
_HASHERS_MAX = 256


def _hasher(key: int):
    h = _HASHERS.get(key)
    if h is None:
        if len(_HASHERS) >= _HASHERS_MAX:
            _HASHERS.clear()
        h = _HASHERS[key] = blake2b(key=(key & _KEY_MASK).to_bytes(16, "little"), digest_size=8)
    return h


def next_u64(state: int) -> tuple[int, int]:
    """One step: (new state, 64-bit output)."""
    key = state >> 64
    if key:  # keyed: the counter i (below 2**64, wrapping) is hashed with the key
        h = _HASHERS.get(key) or _hasher(key)
        h = h.copy()
        i = state & _MASK
        h.update(i.to_bytes(8, "little"))
        return (state + 1 if i != _MASK else state - _MASK), int.from_bytes(h.digest(), "little")
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform int in [0, n)). The bias for n <= 720 is below 1e-16."""
    state, z = next_u64(state)
    return state, z % n


def draws(state: int, n: int, k: int) -> tuple[int, list[int]]:
    """(new state, `k` uniform ints in [0, n)): the same as `below` called `k` times, in one call (a roll)."""
    out = []
    key = state >> 64
    if key:
        copy = (_HASHERS.get(key) or _hasher(key)).copy
        i = state & _MASK  # the counter (a small int: the key above it is left alone until the end)
        add, number = out.append, int.from_bytes
        for _ in range(k):
            d = copy()
            d.update(i.to_bytes(8, "little"))
            add(number(d.digest(), "little") % n)
            i = (i + 1) & _MASK
        return (state & ~_MASK) | i, out
    for _ in range(k):
        state, z = next_u64(state)
        out.append(z % n)
    return state, out


SEED_BITS = 128


def random_seed() -> int:
    """A seed nobody can predict (a game's dice, the bots' secret): 128 bits from the operating system."""
    return secrets.randbits(SEED_BITS)
