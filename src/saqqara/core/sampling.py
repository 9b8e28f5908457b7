"""Fast chance draws that match ``random.Random.choices`` draw for draw.

The kernel's generic ``State.sample_chance`` builds the outcome list and calls
``rng.choices``. Games override it on their hot chance nodes with these helpers, which use
the generator exactly as ``rng.choices(population, weights)`` does (one ``random()``, the
same cumulative sums, the same bisection), so seeded games, records and golden
playthroughs stay the same while no outcome list is built.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate
from typing import Any


def cumulative(weights: Sequence[float]) -> tuple[float, ...]:
    """The cumulative sums ``rng.choices`` forms from ``weights`` (for :func:`draw_cumulative`)."""
    return tuple(accumulate(weights))


def draw_cumulative(rng: random.Random, cum: Sequence[float]) -> int:
    """The index ``rng.choices(range(len(cum)), cum_weights=cum)`` would pick."""
    return bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)


def draw_index(rng: random.Random, weights: Sequence[float]) -> int:
    """The index ``rng.choices(range(len(weights)), weights)`` would pick, with no lists
    but the cumulative sums (formed and searched in C, as ``rng.choices`` does)."""
    if not weights:
        raise ValueError("no weights to draw from")
    cum = list(accumulate(weights))
    return bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, draw for draw, without a call per swap: for a plain
    ``random.Random`` the swaps draw ``getrandbits`` here as ``Random._randbelow`` does
    (rejecting values past the bound); any other generator shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        width = bound.bit_length()
        j = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        items[i], items[j] = items[j], items[i]
