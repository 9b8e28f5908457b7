"""Each seat's chance of winning, squashed from its lead over its best rival: what the
evaluators that value every seat at once (``seat_values``) answer."""

from __future__ import annotations

import math


def lead_chances(values: list[float], scale: float) -> list[float]:
    """``1 / (1 + exp(-lead / scale))`` per seat, where a seat's lead is its value less its
    best rival's: the leader's (the runner-up's, for the leader)."""
    best = max(values)
    leader = values.index(best)  # the first best, as ``max`` over the seats finds it
    runner_up = max(values[:leader] + values[leader + 1 :])
    exp = math.exp
    return [
        1.0 / (1.0 + exp(-(mine - (runner_up if seat == leader else best)) / scale))
        for seat, mine in enumerate(values)
    ]
