"""Each seat's chance of winning, squashed from its lead over its best rival: what the
evaluators that value every seat at once (``seat_values``) answer."""

from __future__ import annotations

import math
from collections.abc import Sequence


def lead_chances(values: Sequence[float], scale: float) -> list[float]:
    """``1 / (1 + exp(-lead / scale))`` per seat, where a seat's lead is its value less its
    best rival's: the leader's (the runner-up's, for the leader)."""
    leader = max(range(len(values)), key=values.__getitem__)
    best = values[leader]
    runner_up = max([v for s, v in enumerate(values) if s != leader])
    exp = math.exp
    return [
        1.0 / (1.0 + exp(-(mine - (runner_up if seat == leader else best)) / scale))
        for seat, mine in enumerate(values)
    ]
