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
