"""The result of a finished game: scores, ranks with ties, winners, and returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game's result.

    ``scores`` are the game's own final figures (their meaning is documented per game),
    ``ranks`` give 1 to the winners and equal ranks to tied seats, and ``reason`` says in
    words why the game ended.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str

    @property
    def winners(self) -> frozenset[int]:
        """The seats ranked first (several when the win is shared)."""
        return frozenset(i for i, r in enumerate(self.ranks) if r == 1)

    def returns(self) -> tuple[float, ...]:
        """One point shared equally by the winners, zero for everyone else."""
        winners = self.winners
        share = 1.0 / len(winners)
        return tuple(share if i in winners else 0.0 for i in range(len(self.ranks)))

    @staticmethod
    def ranks_from_keys(keys: Sequence[float]) -> tuple[int, ...]:
        """Competition ranks from sort keys where *larger is better*; equal keys tie.

        >>> Outcome.ranks_from_keys([3, 5, 5, 1])
        (3, 1, 1, 4)
        """
        return tuple(1 + sum(1 for other in keys if other > key) for key in keys)
