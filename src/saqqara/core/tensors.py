"""Fixed-shape numeric encodings of what a seat knows, declared by each game for research.

A game declares a :class:`TensorEncoder` (``Game.tensor_encoder()``). It encodes a seat's
*view* — never the state — so a tensor can only hold what that seat may know; the secrecy
test covers tensors for free. The research faces (PettingZoo, OpenSpiel) use nothing else
that is game-specific.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class TensorEncoder(ABC):
    """A game's tensor layout: its shape, a bound on game length, and the encoder."""

    shape: tuple[int, ...]
    """The shape of :meth:`encode`'s result, the same in every position."""
    max_game_length: int
    """An upper bound on the number of actions in one game, chance outcomes included."""

    @abstractmethod
    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
        """The flat tensor (row-major, ``prod(shape)`` floats) of ``seat``'s view."""

    @property
    def size(self) -> int:
        total = 1
        for dim in self.shape:
            total *= dim
        return total


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a one at ``index`` (all zeros when ``index`` is None)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def relative(seat: int, observer: int, players: int) -> int:
    """Seat numbers as the observer sees them: itself 0, the next seat clockwise 1, ..."""
    return (seat - observer) % players
