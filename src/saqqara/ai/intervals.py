"""Wilson's 95% score interval, the one interval every strength figure reports (issue 31:
targets are read on it), for a bot's share of games won.

A game's return lies in [0, 1] (a win 1, a shared win its share, a loss 0), so a share of
games is a binomial proportion once a shared win counts as its share of a win. Wilson's
interval stays inside [0, 1] and informative at the ends (all games won or lost) and for few
games, where the normal approximation gives [0, 1] or nothing at all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.96
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (a share counted as wins);
    ``(0, 1)`` for no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_interval(returns: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``returns`` (each in [0, 1], one a game) and its Wilson interval:
    ``(mean, low, high)``. Raises ``ValueError`` for no games or a return outside [0, 1]."""
    if not returns:
        raise ValueError("a share needs at least one game")
    if any(not 0.0 <= r <= 1.0 for r in returns):
        raise ValueError("a game's return lies in [0, 1]")
    wins = math.fsum(returns)
    low, high = wilson(wins, len(returns))
    return wins / len(returns), low, high
