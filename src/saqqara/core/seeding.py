"""Derived random generators: one seed, many independent streams, stable everywhere.

A match draws chance and every bot seat's choices from generators derived from the match's
seed and a few integers (who draws, and at which ply). The mixing is SplitMix64, written
out here, so a seed gives the same game on every Python version and platform and in every
process (Python's ``hash`` of a tuple is neither stable nor meant for this).
"""

from __future__ import annotations

import random

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> int:
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def mix(*parts: int) -> int:
    """A 64-bit number that depends on every part and their order; negative parts allowed."""
    state = 0
    for part in parts:
        negative = part < 0
        state = _splitmix64(state ^ (part & _MASK))
        # Parts wider than 64 bits (a huge seed) still count in full, and a negative part
        # one word more, so that -1 and 2**64 - 1 differ.
        part >>= 64
        while part not in (0, -1):
            state = _splitmix64(state ^ (part & _MASK))
            part >>= 64
        if negative:
            state = _splitmix64(state ^ _GOLDEN)
    return state


def derived_rng(*parts: int) -> random.Random:
    """A generator seeded by ``mix(*parts)``."""
    return random.Random(mix(*parts))
