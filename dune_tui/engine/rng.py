"""The game's dice: a seeded SplitMix64 generator whose whole state is one int.

An int is copied for free, so a tree search can copy a state thousands of
times a second; and the same seed always gives the same game.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int, negative included)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform int in [0, n)). The bias for n <= 720 is below 1e-16."""
    state, z = next_u64(state)
    return state, z % n
